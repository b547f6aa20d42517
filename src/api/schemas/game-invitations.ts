import { z } from 'zod';
import { SEARCH_MIN } from '../../domain/account';

/** The wire contract of platform.md §7 "Game invitations". */

export const gameInvitationStatus = z.enum(['pending', 'accepted', 'declined', 'revoked', 'kicked', 'left']);
export type GameInvitationStatus = z.infer<typeof gameInvitationStatus>;

export const searchMessages = {
  tooShort: 'Tapez au moins 2 caractères pour rechercher',
} as const;

export const createGameInvitationRequest = z.object({
  gameId: z.string({ error: 'La partie est requise' }).min(1, 'La partie est requise').max(64),
  /** The invited user's id (the spec's playerId). */
  playerId: z.string({ error: 'Le joueur est requis' }).min(1, 'Le joueur est requis').max(64),
});
export type CreateGameInvitationRequest = z.infer<typeof createGameInvitationRequest>;

/**
 * One invitation, the same shape on both sides: the invitee's list reads `game`, the MJ's reads
 * `toUser`. Pushed as `newInvitation` and `invitationUpdated` too, and as `invitationDeclined` to
 * the MJ alone when the invitee declines.
 */
export const gameInvitation = z.object({
  id: z.string(),
  gameId: z.string(),
  fromUserId: z.string(),
  toUserId: z.string(),
  status: gameInvitationStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
  game: z.object({ id: z.string(), name: z.string(), mjDisplayName: z.string() }),
  toUser: z.object({ id: z.string(), display_name: z.string() }),
});
export type GameInvitation = z.infer<typeof gameInvitation>;
export const gameInvitationList = z.array(gameInvitation);

/** `_t` defeats any cache on the way (platform.md §7); the server ignores it. */
export const receivedInvitationsQuery = z.object({ _t: z.coerce.number().optional() });
export const sentInvitationsQuery = z.object({
  _t: z.coerce.number().optional(),
  gameId: z.string().min(1).max(64).optional(),
});

export const invitationIdParam = z.object({ invitationId: z.string().min(1).max(64) });
export const idParam = z.object({ id: z.string().min(1).max(64) });

export const inviteCandidatesQuery = z.object({
  gameId: z.string({ error: 'La partie est requise' }).min(1, 'La partie est requise').max(64),
  q: z.string({ error: searchMessages.tooShort }).trim().min(SEARCH_MIN, searchMessages.tooShort).max(50),
});
export const inviteCandidate = z.object({
  id: z.string(),
  display_name: z.string(),
  /** Their open invitation to the game: null when they may be invited. */
  invitation: z.enum(['pending', 'accepted']).nullable(),
});
export type InviteCandidate = z.infer<typeof inviteCandidate>;
export const inviteCandidateList = z.array(inviteCandidate);

/** The answer of every move (invite, accept, decline, revoke, kick): what it did, and the result. */
export const invitationMoveResponse = z.object({ message: z.string(), invitation: gameInvitation });
export type InvitationMoveResponse = z.infer<typeof invitationMoveResponse>;
