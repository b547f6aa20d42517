import { clearCache } from './cached-responses';
import { request } from './request';
import { messageBody } from './schemas/common';
import {
  acceptInvitationResponse,
  addFriendResponse,
  friendInvitationList,
  friendList,
  userSearchResults,
} from './schemas/friends';

/**
 * The calls of platform.md §7 "Users, friends and friend invitations", one function each. These
 * lists change with every live event: never from the cache.
 */

const id = encodeURIComponent;

export function searchUsers(username: string, signal?: AbortSignal) {
  return request('GET', '/users/search', {
    query: { username },
    schema: userSearchResults,
    cache: false,
    signal,
  });
}

export function listReceivedInvitations(signal?: AbortSignal) {
  return request('GET', '/users/invitations', { schema: friendInvitationList, cache: false, signal });
}

export function listSentInvitations(signal?: AbortSignal) {
  return request('GET', '/users/invitations/sent', { schema: friendInvitationList, cache: false, signal });
}

export function acceptInvitation(invitationId: string) {
  return request('POST', `/users/invitations/${id(invitationId)}/accept`, {
    schema: acceptInvitationResponse,
  });
}

export function declineInvitation(invitationId: string) {
  return request('POST', `/users/invitations/${id(invitationId)}/decline`, { schema: messageBody });
}

export function cancelInvitation(invitationId: string) {
  return request('DELETE', `/users/invitations/${id(invitationId)}/cancel`, { schema: messageBody });
}

export function listFriends(signal?: AbortSignal) {
  return request('GET', '/users/friends', { schema: friendList, cache: false, signal });
}

/** Sends a friend invitation (or accepts the one this user already sent us). */
export function addFriend(friendId: string) {
  return request('POST', '/users/friends', { body: { friendId }, schema: addFriendResponse });
}

export async function removeFriend(friendId: string) {
  const answer = await request('DELETE', `/users/friends/${id(friendId)}`, { schema: messageBody });
  clearCache('/message/conversation/');
  return answer;
}
