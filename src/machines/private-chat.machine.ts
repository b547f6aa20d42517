import { and, assign, enqueueActions, not, raise, setup, spawnChild, stopChild } from 'xstate';
import type { ConversationFriend, ConversationResponse, Message } from '../api/schemas/messages';
import { DUPLICATE_WINDOW_MS, isDuplicateMessage, messageContent } from '../domain/social';
import { failureText } from './failure-text';
import { pendingMessageMachine, type PendingExpired } from './pending-message.machine';
import { unprovidedEvents, unprovidedPromise } from './unprovided';

/** platform.md §8. */
export const chatFailures = {
  send: "Erreur lors de l'envoi du message",
  load: 'Impossible de charger la conversation',
} as const;

/** A message on its way: shown at once, its actor (same id) watches the 10 s. */
export interface PendingMessage {
  id: string;
  content: string;
  senderId: string;
  senderName: string;
}

/** Socket facts about this conversation, already filtered and parsed by the effect. */
export type ChatFact =
  | { type: 'message.received'; message: Message }
  /** `privateMessageError {error}`. */
  | { type: 'message.refused'; error: string }
  | { type: 'friend.status.changed'; userId: string; isOnline: boolean };

export type PrivateChatEvent =
  | { type: 'chat.send'; content: string }
  | { type: 'chat.alert.dismiss' }
  /** Load the conversation again (after inviting the friend into a game). */
  | { type: 'chat.reload' }
  | ChatFact
  | PendingExpired
  /** Internal: a message was accepted for sending (starts the 2 s double-send window). */
  | { type: 'send.accepted' };

export interface PrivateChatInput {
  friendId: string;
  me: { id: string; displayName: string };
}

export interface PrivateChatContext extends PrivateChatInput {
  friend: ConversationFriend | null;
  messages: Message[];
  pending: PendingMessage[];
  /** Numbers the pending ids of this chat: 'pending-1', 'pending-2', … */
  sentCount: number;
  /** The content sent less than 2 s ago: sending it again is a double send, ignored. */
  recentContent: string | null;
  alert: string | null;
  loadError: string | null;
  /** The friend's latest line received live, for the window's live region: the list itself is not live. */
  heard: Message | null;
}

export interface SendPrivateMessageInput {
  receiverId: string;
  content: string;
  clientId: string;
}

const withoutPending = (pending: PendingMessage[], id: string) =>
  pending.filter((message) => message.id !== id);

/** The pending copy a server message confirms: the id the sending tab gave it, else the same content. */
function confirmedPending(context: PrivateChatContext, message: Message): PendingMessage | undefined {
  if (message.senderId !== context.me.id) return undefined;
  return (
    context.pending.find((pending) => pending.id === message.clientId) ??
    context.pending.find((pending) => pending.content === message.content)
  );
}

/**
 * A private conversation with one friend (platform.md §2 "Chat window", §4 "Chat message"). It
 * loads the last messages and marks them read. A message is shown at once as pending (id
 * 'pending-…', one spawned actor each) and sent through the socket, one at a time; the socket's
 * `newPrivateMessage` confirms it, and an unconfirmed one goes away after 10 s. Messages arriving
 * twice (same id, or same content and sender within 2 s) are shown once, and sending the same
 * text again within 2 s is taken for a double send. Send failures and the socket's
 * `privateMessageError` are alerted.
 */
export const privateChatMachine = setup({
  types: {
    context: {} as PrivateChatContext,
    events: {} as PrivateChatEvent,
    input: {} as PrivateChatInput,
  },
  actors: {
    'load conversation': unprovidedPromise<ConversationResponse, { friendId: string }>('load conversation'),
    /** Best effort: the unread count only. */
    'mark conversation read': unprovidedPromise<void, { friendId: string }>('mark conversation read'),
    /** Emits `sendPrivateMessage`; fails when no socket is open. */
    'send private message': unprovidedPromise<void, SendPrivateMessageInput>('send private message'),
    'listen to chat events': unprovidedEvents<ChatFact, { friendId: string }>('listen to chat events'),
    'pending message': pendingMessageMachine,
  },
  delays: { duplicateWindow: DUPLICATE_WINDOW_MS },
  actions: {
    'show conversation': assign((_, { messages, friend }: ConversationResponse) => ({
      messages,
      friend,
      loadError: null,
    })),
    'show load failure': assign({
      loadError: (_, { error }: { error: unknown }) => failureText(error, chatFailures.load),
    }),
    'add pending message': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'chat.send' || !('content' in messageContent(event.content))) return;
      const id = `pending-${context.sentCount + 1}`;
      const content = event.content.trim();
      enqueue.assign({
        sentCount: context.sentCount + 1,
        recentContent: content,
        pending: [
          ...context.pending,
          { id, content, senderId: context.me.id, senderName: context.me.displayName },
        ],
      });
      enqueue(spawnChild('pending message', { id, input: { id } }));
      enqueue(raise({ type: 'send.accepted' }));
    }),
    'forget recent content': assign({ recentContent: null }),
    'hear friend line': assign({
      heard: ({ context, event }) => (event.type === 'message.received' ? event.message : context.heard),
    }),
    'take message in': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'message.received') return;
      const { message } = event;
      const confirmed = confirmedPending(context, message);
      if (confirmed) enqueue(stopChild(confirmed.id));
      const known = context.messages.some((existing) => isDuplicateMessage(message, existing));
      enqueue.assign({
        pending: confirmed ? withoutPending(context.pending, confirmed.id) : context.pending,
        messages: known ? context.messages : [...context.messages, message],
      });
    }),
    'drop pending message': enqueueActions(({ context, enqueue }, { id }: { id: string }) => {
      enqueue(stopChild(id));
      enqueue.assign({ pending: withoutPending(context.pending, id) });
    }),
    'drop last pending message': enqueueActions(({ context, enqueue }) => {
      const last = context.pending.at(-1);
      if (!last) return;
      enqueue(stopChild(last.id));
      enqueue.assign({ pending: withoutPending(context.pending, last.id) });
    }),
    alert: assign({ alert: (_, { text }: { text: string }) => text }),
    'dismiss alert': assign({ alert: null }),
    'set friend status': assign({
      friend: ({ context, event }) =>
        event.type === 'friend.status.changed' && context.friend && event.userId === context.friend.id
          ? { ...context.friend, isOnline: event.isOnline }
          : context.friend,
    }),
    'mark read in background': spawnChild('mark conversation read', {
      input: ({ context }) => ({ friendId: context.friendId }),
    }),
  },
  guards: {
    'message is blank or too long': ({ event }) =>
      event.type === 'chat.send' && 'error' in messageContent(event.content),
    'same text was just sent': ({ context, event }) =>
      event.type === 'chat.send' && context.recentContent === event.content.trim(),
    'message comes from the friend': ({ context, event }) =>
      event.type === 'message.received' && event.message.senderId === context.friendId,
    'message belongs to this conversation': ({ context, event }) =>
      event.type === 'message.received' &&
      event.message.gameId === null &&
      ((event.message.senderId === context.me.id && event.message.receiverId === context.friendId) ||
        (event.message.senderId === context.friendId && event.message.receiverId === context.me.id)),
  },
}).createMachine({
  id: 'privateChat',
  context: ({ input }) => ({
    ...input,
    friend: null,
    messages: [],
    pending: [],
    sentCount: 0,
    recentContent: null,
    alert: null,
    loadError: null,
    heard: null,
  }),
  invoke: {
    id: 'chatEvents',
    src: 'listen to chat events',
    input: ({ context }) => ({ friendId: context.friendId }),
  },
  on: {
    'message.refused': { actions: { type: 'alert', params: ({ event }) => ({ text: event.error }) } },
    'chat.alert.dismiss': { actions: 'dismiss alert' },
    'chat.reload': '.conversation.loading',
    'friend.status.changed': { actions: 'set friend status' },
    'pending.expired': {
      actions: { type: 'drop pending message', params: ({ event }) => ({ id: event.id }) },
    },
  },
  type: 'parallel',
  states: {
    conversation: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'conversation',
            src: 'load conversation',
            input: ({ context }) => ({ friendId: context.friendId }),
            onDone: {
              target: 'ready',
              actions: { type: 'show conversation', params: ({ event }) => event.output },
            },
            onError: {
              target: 'failed',
              actions: { type: 'show load failure', params: ({ event }) => event },
            },
          },
        },
        failed: {},
        ready: {
          entry: 'mark read in background',
          on: {
            'message.received': [
              {
                guard: and(['message belongs to this conversation', 'message comes from the friend']),
                actions: ['take message in', 'hear friend line', 'mark read in background'],
              },
              { guard: 'message belongs to this conversation', actions: 'take message in' },
            ],
          },
          initial: 'idle',
          states: {
            idle: {
              on: {
                'chat.send': {
                  guard: and([not('message is blank or too long'), not('same text was just sent')]),
                  target: 'sending',
                  actions: 'add pending message',
                },
              },
            },
            sending: {
              invoke: {
                id: 'send',
                src: 'send private message',
                input: ({ context }) => {
                  const last = context.pending.at(-1);
                  return {
                    receiverId: context.friendId,
                    content: last?.content ?? '',
                    clientId: last?.id ?? '',
                  };
                },
                onDone: 'idle',
                onError: {
                  target: 'idle',
                  actions: [
                    'drop last pending message',
                    { type: 'alert', params: { text: chatFailures.send } },
                  ],
                },
              },
            },
          },
        },
      },
    },
    duplicateGuard: {
      initial: 'clear',
      states: {
        clear: { on: { 'send.accepted': 'remembering' } },
        remembering: {
          // Re-entered by a new send, so the window runs from the latest one.
          on: { 'send.accepted': { target: 'remembering', reenter: true } },
          after: { duplicateWindow: { target: 'clear', actions: 'forget recent content' } },
        },
      },
    },
  },
});
