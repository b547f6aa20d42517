import { request } from './request';
import {
  conversationResponse,
  markReadResponse,
  message,
  type SendPrivateMessagePayload,
} from './schemas/messages';

/** The private side of platform.md §7 "Messages"; the socket's `sendPrivateMessage` is in src/effects. */

export function getConversation(friendId: string, signal?: AbortSignal) {
  return request('GET', `/message/conversation/${encodeURIComponent(friendId)}`, {
    schema: conversationResponse,
    cache: false,
    signal,
  });
}

export function markConversationRead(friendId: string) {
  return request('POST', `/message/conversation/${encodeURIComponent(friendId)}/read`, {
    schema: markReadResponse,
  });
}

/** A private message over REST, for clients without a socket; the server applies the socket's rules. */
export function postPrivateMessage({ receiverId, content, clientId }: SendPrivateMessagePayload) {
  return request('POST', '/message', { body: { receiverId, content, clientId }, schema: message });
}
