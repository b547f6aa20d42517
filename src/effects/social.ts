import { filter, map, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import * as friendsApi from '../api/friends';
import { getConversation, markConversationRead } from '../api/messages';
import {
  friendInvitationAcceptedEvent,
  friendInvitationCancelledEvent,
  friendInvitationDeclinedEvent,
  friendInvitationReceivedEvent,
  friendRemovedEvent,
  userStatusChangeEvent,
  type FriendInvitation,
} from '../api/schemas/friends';
import { message, privateMessageErrorEvent, type SendPrivateMessagePayload } from '../api/schemas/messages';
import { friendInvitationMachine } from '../machines/friend-invitation.machine';
import type { SocialFact, SocialLists } from '../machines/friends-list.machine';
import type { ChatFact, SendPrivateMessageInput } from '../machines/private-chat.machine';
import type { SocketFact } from './socket';

/** What the social machines need from the app: its socket's facts and a way to emit on it. */
export interface SocialSocket {
  facts$: Observable<SocketFact>;
  emit(event: string, payload?: unknown): boolean;
  /** Who is signed in: the recipient side of a live invitation. */
  me: { id: string; displayName: string };
}

/** A server event's payload when it has this name and shape; anything else is dropped. */
function parsed<T>(
  fact: SocketFact,
  name: string,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
): T | null {
  if (fact.type !== 'socket.event' || fact.name !== name) return null;
  const result = schema.safeParse(fact.payload);
  return result.success ? result.data : null;
}

function socialFact(fact: SocketFact, me: SocialSocket['me']): SocialFact | null {
  if (fact.type === 'socket.connected') return { type: 'socket.reconnected' };
  const received = parsed(fact, 'friendInvitationReceived', friendInvitationReceivedEvent);
  if (received) {
    // The event carries the sender; the recipient is whoever is signed in here.
    const invitation: FriendInvitation = {
      id: received.invitationId,
      from: received.from,
      to: { id: me.id, username: me.displayName, display_name: me.displayName },
      status: received.status,
      createdAt: received.createdAt,
    };
    return { type: 'invitation.received', invitation };
  }
  const cancelled = parsed(fact, 'friendInvitationCancelled', friendInvitationCancelledEvent);
  if (cancelled) return { type: 'invitation.cancelled', invitationId: cancelled.invitationId };
  const accepted = parsed(fact, 'friendInvitationAccepted', friendInvitationAcceptedEvent);
  if (accepted) return { type: 'invitation.accepted', ...accepted };
  const declined = parsed(fact, 'friendInvitationDeclined', friendInvitationDeclinedEvent);
  if (declined) return { type: 'invitation.declined', invitationId: declined.invitationId };
  const removed = parsed(fact, 'friendRemoved', friendRemovedEvent);
  if (removed) return { type: 'friend.removed', friendId: removed.friendId };
  const status = parsed(fact, 'userStatusChange', userStatusChangeEvent);
  if (status) return { type: 'friend.status.changed', ...status };
  const newMessage = parsed(fact, 'newPrivateMessage', message);
  if (newMessage) return { type: 'message.received', message: newMessage };
  return null;
}

function chatFact(fact: SocketFact): ChatFact | null {
  const newMessage = parsed(fact, 'newPrivateMessage', message);
  if (newMessage) return { type: 'message.received', message: newMessage };
  const refused = parsed(fact, 'privateMessageError', privateMessageErrorEvent);
  if (refused) return { type: 'message.refused', error: refused.error };
  const status = parsed(fact, 'userStatusChange', userStatusChangeEvent);
  if (status) return { type: 'friend.status.changed', ...status };
  return null;
}

const invitationEffects = friendInvitationMachine.provide({
  actors: {
    'accept invitation': fromPromise(
      async ({ input }: { input: { invitationId: string } }) =>
        (await friendsApi.acceptInvitation(input.invitationId)).friend,
    ),
    'decline invitation': fromPromise(async ({ input }: { input: { invitationId: string } }) => {
      await friendsApi.declineInvitation(input.invitationId);
    }),
    'cancel invitation': fromPromise(async ({ input }: { input: { invitationId: string } }) => {
      await friendsApi.cancelInvitation(input.invitationId);
    }),
  },
});

/** The friends-list machine's effects in the browser: REST calls and the app socket's facts. */
export function friendsListEffects(socket: SocialSocket) {
  return {
    actors: {
      'load lists': fromPromise<SocialLists>(async ({ signal }) => {
        const [friends, received, sent] = await Promise.all([
          friendsApi.listFriends(signal),
          friendsApi.listReceivedInvitations(signal),
          friendsApi.listSentInvitations(signal),
        ]);
        return { friends, received, sent };
      }),
      'search users': fromPromise(({ input, signal }: { input: { query: string }; signal: AbortSignal }) =>
        friendsApi.searchUsers(input.query, signal),
      ),
      'add friend': fromPromise(({ input }: { input: { userId: string } }) =>
        friendsApi.addFriend(input.userId),
      ),
      'remove friend': fromPromise(async ({ input }: { input: { friendId: string } }) => {
        await friendsApi.removeFriend(input.friendId);
        return input.friendId;
      }),
      'listen to social events': fromEventObservable(() =>
        socket.facts$.pipe(
          map((fact) => socialFact(fact, socket.me)),
          filter((fact) => fact !== null),
        ),
      ),
      'friend invitation': invitationEffects,
    },
  };
}

/** The private-chat machine's effects: REST for history and reads, the socket for sending. */
export function privateChatEffects(socket: SocialSocket) {
  return {
    actors: {
      'load conversation': fromPromise(
        ({ input, signal }: { input: { friendId: string }; signal: AbortSignal }) =>
          getConversation(input.friendId, signal),
      ),
      'mark conversation read': fromPromise(async ({ input }: { input: { friendId: string } }) => {
        await markConversationRead(input.friendId);
      }),
      'send private message': fromPromise(async ({ input }: { input: SendPrivateMessageInput }) => {
        const payload: SendPrivateMessagePayload = { ...input, senderId: socket.me.id };
        if (!socket.emit('sendPrivateMessage', payload)) throw new Error('Aucune connexion au serveur');
      }),
      'listen to chat events': fromEventObservable<ChatFact, { friendId: string }>(() =>
        socket.facts$.pipe(
          map(chatFact),
          filter((fact) => fact !== null),
        ),
      ),
    },
  };
}

/**
 * The chat's game-invitation effects: the lobby's own calls, and the chat's reload. Their API
 * modules load with the first invitation, not with the friends list the top bar starts.
 */
export function chatGameInviteEffects(reloadChat: () => void) {
  return {
    actors: {
      'load my games': fromPromise(async ({ signal }: { signal: AbortSignal }) => {
        const { listOwnedGames } = await import('../api/games');
        return listOwnedGames(signal);
      }),
      'invite player': fromPromise(async ({ input }: { input: { gameId: string; playerId: string } }) => {
        const { invitePlayer } = await import('../api/game-invitations');
        await invitePlayer(input.gameId, input.playerId);
      }),
    },
    actions: { 'reload the chat': reloadChat },
  };
}
