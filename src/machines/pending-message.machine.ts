import { sendParent, setup } from 'xstate';
import { PENDING_MESSAGE_TIMEOUT_MS } from '../domain/social';

/** What the chat hears when a pending message was never confirmed. */
export type PendingExpired = { type: 'pending.expired'; id: string };

export type PendingMessageEvent = { type: 'message.confirmed' };

/**
 * One message the user sent and the server has not confirmed yet (platform.md §4). The chat
 * shows it at once; the socket's echo confirms it, and without an echo within 10 s it was lost,
 * so it tells the chat to take it away.
 */
export const pendingMessageMachine = setup({
  types: {
    context: {} as { id: string },
    events: {} as PendingMessageEvent,
    input: {} as { id: string },
  },
  delays: { pendingExpiry: PENDING_MESSAGE_TIMEOUT_MS },
  actions: {
    'tell the chat it expired': sendParent(({ context }): PendingExpired => ({
      type: 'pending.expired',
      id: context.id,
    })),
  },
}).createMachine({
  id: 'pendingMessage',
  context: ({ input }) => ({ id: input.id }),
  initial: 'waiting',
  states: {
    waiting: {
      after: { pendingExpiry: 'expired' },
      on: { 'message.confirmed': 'confirmed' },
    },
    confirmed: { type: 'final' },
    expired: { type: 'final', entry: 'tell the chat it expired' },
  },
});
