import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, SimulatedClock } from 'xstate';
import { pendingMessageMachine } from '../../src/machines/pending-message.machine';
import { modelOf, titleOf } from '../helpers/machine-model';

/** A stand-in chat: runs one pending message as its child and records what it hears from it. */
const chatStandIn = setup({
  types: { context: {} as { expired: string[] } },
  actors: { pending: pendingMessageMachine },
}).createMachine({
  context: { expired: [] },
  invoke: { id: 'pending', src: 'pending', input: { id: 'pending-1' } },
  on: {
    'pending.expired': {
      actions: assign({
        expired: ({ context, event }) => [...context.expired, (event as unknown as { id: string }).id],
      }),
    },
  },
});

function startPending() {
  const clock = new SimulatedClock();
  const chat = createActor(chatStandIn, { clock }).start();
  const pending = () => chat.getSnapshot().children.pending!;
  return { clock, chat, pending };
}

describe('pending message: every simple path, on a simulated clock', () => {
  // The graph walk has no chat to tell; the real actor below does.
  const graphOnly = pendingMessageMachine.provide({ actions: { 'tell the chat it expired': () => {} } });
  const model = modelOf(graphOnly, [
    { type: 'message.confirmed' },
    { type: 'xstate.after.pendingExpiry.pendingMessage.waiting' },
  ]);
  for (const path of model.getSimplePaths({ input: { id: 'pending-1' } })) {
    it(titleOf(path), async () => {
      const { clock, chat, pending } = startPending();
      await path.test({
        events: {
          'message.confirmed': () => pending().send({ type: 'message.confirmed' }),
          'xstate.after.pendingExpiry.pendingMessage.waiting': () => clock.increment(10_000),
        },
        states: {
          waiting: () => {
            expect(pending().getSnapshot().value).toBe('waiting');
            expect(chat.getSnapshot().context.expired).toEqual([]);
          },
          confirmed: () => {
            expect(pending().getSnapshot().status).toBe('done');
            expect(chat.getSnapshot().context.expired).toEqual([]);
          },
          expired: () => {
            expect(pending().getSnapshot().status).toBe('done');
            expect(chat.getSnapshot().context.expired).toEqual(['pending-1']);
          },
        },
      });
    });
  }
});

describe('pending message', () => {
  it('waits the full 10 s, not a moment less', () => {
    const { clock, chat } = startPending();
    clock.increment(9_999);
    expect(chat.getSnapshot().context.expired).toEqual([]);
    clock.increment(1);
    expect(chat.getSnapshot().context.expired).toEqual(['pending-1']);
  });

  it('never expires once confirmed', () => {
    const { clock, chat, pending } = startPending();
    clock.increment(5_000);
    pending().send({ type: 'message.confirmed' });
    clock.increment(20_000);
    expect(chat.getSnapshot().context.expired).toEqual([]);
  });
});
