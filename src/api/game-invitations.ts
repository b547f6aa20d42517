import { request } from './request';
import { gameInvitationList, invitationMoveResponse, inviteCandidateList } from './schemas/game-invitations';

/** The game-invitation calls of platform.md §7 "Game invitations", one function each. */

const invitationPath = (id: string) => `/game-invitations/${encodeURIComponent(id)}`;

export function invitePlayer(gameId: string, playerId: string) {
  return request('POST', '/game-invitations', { body: { gameId, playerId }, schema: invitationMoveResponse });
}

/** `_t` is the spec's own cache buster; the client cache is skipped as well. */
export function listReceivedInvitations(signal?: AbortSignal) {
  return request('GET', '/game-invitations', {
    query: { _t: Date.now() },
    schema: gameInvitationList,
    cache: false,
    signal,
  });
}

export function listSentInvitations(gameId?: string, signal?: AbortSignal) {
  return request('GET', '/game-invitations/sent', {
    query: { _t: Date.now(), gameId },
    schema: gameInvitationList,
    cache: false,
    signal,
  });
}

/** Users the MJ may invite to a game, by display name (the game admin modal's search). */
export function searchInviteCandidates(gameId: string, q: string, signal?: AbortSignal) {
  return request('GET', '/game-invitations/candidates', {
    query: { gameId, q },
    schema: inviteCandidateList,
    cache: false,
    signal,
  });
}

export function acceptInvitation(id: string) {
  return request('POST', `${invitationPath(id)}/accept`, { schema: invitationMoveResponse });
}

export function declineInvitation(id: string) {
  return request('POST', `${invitationPath(id)}/decline`, { schema: invitationMoveResponse });
}

export function revokeInvitation(id: string) {
  return request('DELETE', `${invitationPath(id)}/revoke`, { schema: invitationMoveResponse });
}

export function kickPlayer(id: string) {
  return request('POST', `${invitationPath(id)}/kick`, { schema: invitationMoveResponse });
}
