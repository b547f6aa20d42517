import { assign, enqueueActions, setup, stopChild, type ActorRefFrom } from 'xstate';
import type { Friend, FriendInvitation, UserSearchResult } from '../api/schemas/friends';
import type { Message } from '../api/schemas/messages';
import { searchTerm, socialRules } from '../domain/social';
import { failureText } from './failure-text';
import { friendInvitationMachine, type InvitationSettled } from './friend-invitation.machine';
import { unprovidedEvents, unprovidedPromise } from './unprovided';

/** platform.md §8, and ours where the spec has none. */
export const friendsFailures = {
  add: "Erreur lors de l'ajout d'ami",
  remove: "Erreur lors de la suppression d'ami",
  search: 'La recherche a échoué',
} as const;

export interface SocialLists {
  friends: Friend[];
  received: FriendInvitation[];
  sent: FriendInvitation[];
}

/** Socket facts for the friends menu, already filtered and parsed by the effect. */
export type SocialFact =
  | { type: 'invitation.received'; invitation: FriendInvitation }
  | { type: 'invitation.cancelled'; invitationId: string }
  | { type: 'invitation.accepted'; invitationId: string; friend: Friend }
  | { type: 'invitation.declined'; invitationId: string }
  | { type: 'friend.removed'; friendId: string }
  | { type: 'friend.status.changed'; userId: string; isOnline: boolean }
  | { type: 'message.received'; message: Message }
  /** The socket is back: what happened meanwhile was missed. */
  | { type: 'socket.reconnected' };

export type FriendsListEvent =
  | { type: 'search.change'; query: string }
  | { type: 'friend.add'; userId: string }
  | { type: 'friend.remove'; friendId: string }
  /** The chat window with this friend opened: their messages are read as they come. */
  | { type: 'chat.opened'; friendId: string }
  | { type: 'chat.closed' }
  | { type: 'alert.dismiss' }
  | SocialFact
  | InvitationSettled;

type InvitationRef = ActorRefFrom<typeof friendInvitationMachine>;

export interface FriendsListContext {
  friends: Friend[];
  received: InvitationRef[];
  sent: InvitationRef[];
  query: string;
  /** Why the query is not searched (too short), shown under the field. */
  searchHint: string | null;
  results: UserSearchResult[];
  openChatFriendId: string | null;
  alert: string | null;
}

export type AddFriendAnswer = { message: string; invitation: FriendInvitation };

const invitationIdOf = (ref: InvitationRef) => ref.getSnapshot().context.invitation.id;
const hasInvitation = (refs: InvitationRef[], id: string) => refs.some((ref) => invitationIdOf(ref) === id);

/**
 * The friends menu (platform.md §2, §4): friends with their online status and unread counts,
 * received and sent friend invitations (one friend-invitation actor each), and the user search
 * with its add button. It lives as long as the session, so live facts keep the lists and the
 * top-bar badge right while the menu is closed; after a reconnect it loads the lists again.
 */
export const friendsListMachine = setup({
  types: {
    context: {} as FriendsListContext,
    events: {} as FriendsListEvent,
  },
  actors: {
    'load lists': unprovidedPromise<SocialLists>('load lists'),
    'search users': unprovidedPromise<UserSearchResult[], { query: string }>('search users'),
    'add friend': unprovidedPromise<AddFriendAnswer, { userId: string }>('add friend'),
    /** Answers the removed friend's id. */
    'remove friend': unprovidedPromise<string, { friendId: string }>('remove friend'),
    'listen to social events': unprovidedEvents<SocialFact>('listen to social events'),
    'friend invitation': friendInvitationMachine,
  },
  delays: { searchDebounce: 300 },
  actions: {
    'show lists': enqueueActions(({ context, enqueue }, lists: SocialLists) => {
      for (const ref of [...context.received, ...context.sent]) enqueue(stopChild(ref));
      enqueue.assign(({ spawn }) => ({
        friends: lists.friends.map((friend) =>
          friend.id === context.openChatFriendId ? { ...friend, unreadCount: 0 } : friend,
        ),
        received: lists.received.map((invitation) =>
          spawn('friend invitation', { id: invitation.id, input: { invitation, direction: 'received' } }),
        ),
        sent: lists.sent.map((invitation) =>
          spawn('friend invitation', { id: invitation.id, input: { invitation, direction: 'sent' } }),
        ),
      }));
    }),
    'add received invitation': assign({
      received: ({ context, spawn }, invitation: FriendInvitation) =>
        hasInvitation(context.received, invitation.id)
          ? context.received
          : [
              ...context.received,
              spawn('friend invitation', { id: invitation.id, input: { invitation, direction: 'received' } }),
            ],
    }),
    'add sent invitation': assign({
      sent: ({ context, spawn }, invitation: FriendInvitation) =>
        hasInvitation(context.sent, invitation.id)
          ? context.sent
          : [
              ...context.sent,
              spawn('friend invitation', { id: invitation.id, input: { invitation, direction: 'sent' } }),
            ],
    }),
    'forward to invitation': enqueueActions(({ context, event, enqueue }) => {
      if (!('invitationId' in event) || event.type === 'invitation.settled') return;
      const ref = [...context.received, ...context.sent].find(
        (child) => invitationIdOf(child) === event.invitationId,
      );
      if (!ref) return;
      enqueue.sendTo(
        ref,
        event.type === 'invitation.accepted'
          ? { type: event.type, friend: event.friend }
          : { type: event.type },
      );
    }),
    'settle invitation': enqueueActions(({ context, enqueue }, settled: InvitationSettled) => {
      enqueue(stopChild(settled.invitationId));
      enqueue.assign({
        received: context.received.filter((ref) => invitationIdOf(ref) !== settled.invitationId),
        sent: context.sent.filter((ref) => invitationIdOf(ref) !== settled.invitationId),
      });
    }),
    'add friend': assign({
      friends: ({ context }, friend: Friend) =>
        context.friends.some((known) => known.id === friend.id)
          ? context.friends
          : [...context.friends, friend].sort((a, b) => a.display_name.localeCompare(b.display_name, 'fr')),
      results: ({ context }, friend: Friend) => context.results.filter((user) => user.id !== friend.id),
    }),
    'forget friend': assign({
      friends: ({ context }, { friendId }: { friendId: string }) =>
        context.friends.filter((friend) => friend.id !== friendId),
    }),
    'set friend status': assign({
      friends: ({ context, event }) =>
        event.type === 'friend.status.changed'
          ? context.friends.map((friend) =>
              friend.id === event.userId ? { ...friend, isOnline: event.isOnline } : friend,
            )
          : context.friends,
    }),
    'count unread message': assign({
      friends: ({ context, event }) =>
        event.type === 'message.received'
          ? context.friends.map((friend) =>
              friend.id === event.message.senderId
                ? { ...friend, unreadCount: friend.unreadCount + 1 }
                : friend,
            )
          : context.friends,
    }),
    'open chat': assign({
      openChatFriendId: (_, { friendId }: { friendId: string }) => friendId,
      friends: ({ context }, { friendId }: { friendId: string }) =>
        context.friends.map((friend) => (friend.id === friendId ? { ...friend, unreadCount: 0 } : friend)),
    }),
    'close chat': assign({ openChatFriendId: null }),
    'keep query': assign({
      query: (_, { query }: { query: string }) => query,
      searchHint: (_, { query }: { query: string }) =>
        query.trim() === '' || searchTerm(query) !== null ? null : socialRules.searchTooShort,
    }),
    'clear results': assign({ results: [] }),
    'show results': assign({ results: (_, results: UserSearchResult[]) => results }),
    'mark invited in results': assign({
      results: ({ context }, { userId }: { userId: string }) =>
        context.results.map((user) =>
          user.id === userId ? { ...user, pendingInvitation: 'sent' as const } : user,
        ),
    }),
    alert: assign({
      alert: (_, { error, fallback }: { error: unknown; fallback: string }) => failureText(error, fallback),
    }),
    'dismiss alert': assign({ alert: null }),
  },
  guards: {
    'query is searchable': ({ event }) => event.type === 'search.change' && searchTerm(event.query) !== null,
    'message from a friend whose chat is closed': ({ context, event }) =>
      event.type === 'message.received' &&
      event.message.gameId === null &&
      event.message.senderId !== null &&
      event.message.senderId !== context.openChatFriendId &&
      context.friends.some((friend) => friend.id === event.message.senderId),
    'invitation was accepted': (_, settled: InvitationSettled) =>
      settled.status === 'accepted' && settled.friend !== null,
    'invitation is still pending': (_, answer: AddFriendAnswer) => answer.invitation.status === 'pending',
  },
}).createMachine({
  id: 'friendsList',
  context: {
    friends: [],
    received: [],
    sent: [],
    query: '',
    searchHint: null,
    results: [],
    openChatFriendId: null,
    alert: null,
  },
  invoke: { id: 'socialEvents', src: 'listen to social events' },
  on: {
    'invitation.received': {
      actions: { type: 'add received invitation', params: ({ event }) => event.invitation },
    },
    'invitation.cancelled': { actions: 'forward to invitation' },
    'invitation.accepted': { actions: 'forward to invitation' },
    'invitation.declined': { actions: 'forward to invitation' },
    'invitation.settled': [
      {
        guard: { type: 'invitation was accepted', params: ({ event }) => event },
        actions: [
          { type: 'settle invitation', params: ({ event }) => event },
          { type: 'add friend', params: ({ event }) => event.friend as Friend },
        ],
      },
      { actions: { type: 'settle invitation', params: ({ event }) => event } },
    ],
    'friend.removed': { actions: { type: 'forget friend', params: ({ event }) => event } },
    'friend.status.changed': { actions: 'set friend status' },
    'message.received': {
      guard: 'message from a friend whose chat is closed',
      actions: 'count unread message',
    },
    'chat.opened': { actions: { type: 'open chat', params: ({ event }) => event } },
    'chat.closed': { actions: 'close chat' },
    'alert.dismiss': { actions: 'dismiss alert' },
  },
  type: 'parallel',
  states: {
    lists: {
      initial: 'loading',
      on: { 'socket.reconnected': '.loading' },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'lists',
            src: 'load lists',
            onDone: { target: 'ready', actions: { type: 'show lists', params: ({ event }) => event.output } },
            // platform.md §8: a failed list load shows empty lists; the lowest layer logs it.
            onError: {
              target: 'ready',
              actions: { type: 'show lists', params: { friends: [], received: [], sent: [] } },
            },
          },
        },
        ready: {},
      },
    },
    search: {
      initial: 'idle',
      on: {
        'search.change': [
          {
            guard: 'query is searchable',
            target: '.debouncing',
            reenter: true,
            actions: { type: 'keep query', params: ({ event }) => event },
          },
          {
            target: '.idle',
            actions: [{ type: 'keep query', params: ({ event }) => event }, 'clear results'],
          },
        ],
      },
      states: {
        idle: {},
        debouncing: { after: { searchDebounce: 'searching' } },
        searching: {
          tags: ['busy'],
          invoke: {
            id: 'search',
            src: 'search users',
            input: ({ context }) => ({ query: context.query.trim() }),
            onDone: {
              target: 'idle',
              actions: { type: 'show results', params: ({ event }) => event.output },
            },
            onError: { target: 'idle', actions: 'clear results' },
          },
        },
      },
    },
    changes: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'friend.add': 'adding',
            'friend.remove': 'removing',
          },
        },
        adding: {
          tags: ['busy'],
          invoke: {
            id: 'add',
            src: 'add friend',
            input: ({ event }) => ({ userId: event.type === 'friend.add' ? event.userId : '' }),
            onDone: [
              {
                guard: { type: 'invitation is still pending', params: ({ event }) => event.output },
                target: 'idle',
                actions: [
                  { type: 'add sent invitation', params: ({ event }) => event.output.invitation },
                  {
                    type: 'mark invited in results',
                    params: ({ event }) => ({ userId: event.output.invitation.to.id }),
                  },
                ],
              },
              // They had invited us: now friends, the list is loaded again with their status.
              { target: ['idle', '#friendsList.lists.loading'], actions: 'clear results' },
            ],
            onError: {
              target: 'idle',
              actions: {
                type: 'alert',
                params: ({ event }) => ({ error: event.error, fallback: friendsFailures.add }),
              },
            },
          },
        },
        removing: {
          tags: ['busy'],
          invoke: {
            id: 'remove',
            src: 'remove friend',
            input: ({ event }) => ({ friendId: event.type === 'friend.remove' ? event.friendId : '' }),
            onDone: {
              target: 'idle',
              actions: { type: 'forget friend', params: ({ event }) => ({ friendId: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'alert',
                params: ({ event }) => ({ error: event.error, fallback: friendsFailures.remove }),
              },
            },
          },
        },
      },
    },
  },
});
