import { z } from 'zod';
import { searchTerm, socialRules } from '../../domain/social';

/**
 * Friends, friend invitations and user search (platform.md §3 "Friend invitation", §7 "Users,
 * friends and friend invitations"). The spec does not show the answers; these are ours.
 */

export const friendInvitationStatuses = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export const friendInvitationStatus = z.enum(friendInvitationStatuses);
export type FriendInvitationStatus = z.infer<typeof friendInvitationStatus>;

const userRef = z.object({ id: z.string(), username: z.string(), display_name: z.string() });

export const friendInvitation = z.object({
  id: z.string(),
  from: userRef.extend({ email: z.string() }),
  to: userRef,
  status: friendInvitationStatus,
  createdAt: z.string(),
});
export type FriendInvitation = z.infer<typeof friendInvitation>;
export const friendInvitationList = z.array(friendInvitation);

export const friend = z.object({
  id: z.string(),
  display_name: z.string(),
  username: z.string(),
  isOnline: z.boolean(),
  /** Messages from this friend the user has not read yet. */
  unreadCount: z.number().int().min(0),
});
export type Friend = z.infer<typeof friend>;
export const friendList = z.array(friend);

/** Whether a friend invitation is waiting between the searcher and this user, and which way. */
export const pendingDirection = z.enum(['sent', 'received']).nullable();

/** Someone found by the search: never a friend, so never with a presence (friends only see it). */
export const userSearchResult = z.object({
  id: z.string(),
  display_name: z.string(),
  username: z.string(),
  pendingInvitation: pendingDirection,
});
export type UserSearchResult = z.infer<typeof userSearchResult>;
export const userSearchResults = z.array(userSearchResult);

export const userSearchQuery = z.object({
  username: z
    .string({ error: socialRules.searchTooShort })
    .max(100)
    .refine((value) => searchTerm(value) !== null, socialRules.searchTooShort),
});

export const addFriendRequest = z.object({
  friendId: z.string({ error: 'Ami non précisé' }).min(1).max(100),
});

/** Answer of POST /users/friends: the invitation sent, or the reverse one it accepted. */
export const addFriendResponse = z.object({ message: z.string(), invitation: friendInvitation });
export const acceptInvitationResponse = z.object({ message: z.string(), friend });

export const invitationIdParam = z.object({ invitationId: z.string().min(1).max(100) });
export const friendIdParam = z.object({ friendId: z.string().min(1).max(100) });

/** Socket events the server emits about friends (platform.md §7 plus the sender's outcomes). */
export const friendInvitationReceivedEvent = z.object({
  invitationId: z.string(),
  from: friendInvitation.shape.from,
  status: friendInvitationStatus,
  createdAt: z.string(),
});
export type FriendInvitationReceivedEvent = z.infer<typeof friendInvitationReceivedEvent>;
export const friendInvitationCancelledEvent = z.object({ invitationId: z.string() });
/** To the sender: their invitation was accepted; the new friend is in `friend`. */
export const friendInvitationAcceptedEvent = z.object({ invitationId: z.string(), friend });
/** To the sender: their invitation was declined. */
export const friendInvitationDeclinedEvent = z.object({ invitationId: z.string() });
/** To the other side of a removed friendship. */
export const friendRemovedEvent = z.object({ friendId: z.string() });
export const userStatusChangeEvent = z.object({ userId: z.string(), isOnline: z.boolean() });
export type UserStatusChange = z.infer<typeof userStatusChangeEvent>;
