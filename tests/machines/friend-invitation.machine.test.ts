import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, type AnyEventObject } from 'xstate';
import type { Friend, FriendInvitation } from '../../src/api/schemas/friends';
import {
  friendInvitationFailures,
  friendInvitationMachine,
  type InvitationDirection,
  type InvitationSettled,
} from '../../src/machines/friend-invitation.machine';
import { each, testEveryPath } from '../helpers/every-path';
import { deferred, modelOf, settle, visitedStates, type Pending } from '../helpers/machine-model';

const invitation: FriendInvitation = {
  id: 'inv-1',
  from: { id: 'u-ana', username: 'Ana', display_name: 'Ana', email: 'ana@example.test' },
  to: { id: 'u-bea', username: 'Bea', display_name: 'Bea' },
  status: 'pending',
  createdAt: '2026-01-01T10:00:00.000Z',
};
const ana: Friend = { id: 'u-ana', display_name: 'Ana', username: 'Ana', isOnline: true, unreadCount: 0 };
const bea: Friend = { id: 'u-bea', display_name: 'Bea', username: 'Bea', isOnline: false, unreadCount: 0 };
const refusal = {
  status: 404,
  message: 'Invitation non trouvée ou déjà traitée.',
  body: { error: 'Invitation non trouvée ou déjà traitée.' },
};
const networkFailure = new TypeError('Failed to fetch');

type Call = 'accept invitation' | 'decline invitation' | 'cancel invitation';

/** The invitation as a child of a stand-in friends list, which records how it settled. */
function startInvitation(direction: InvitationDirection) {
  const calls: Record<Call, Pending<unknown>[]> = {
    'accept invitation': [],
    'decline invitation': [],
    'cancel invitation': [],
  };
  const answeredByTest = <T>(name: Call) =>
    fromPromise<T, { invitationId: string }>(({ input }) => {
      const call = deferred<T>(input);
      calls[name].push(call as Pending<unknown>);
      return call.promise;
    });
  const list = setup({
    types: { context: {} as { settled: InvitationSettled[] } },
    actors: {
      invitation: friendInvitationMachine.provide({
        actors: {
          'accept invitation': answeredByTest<Friend>('accept invitation'),
          'decline invitation': answeredByTest<void>('decline invitation'),
          'cancel invitation': answeredByTest<void>('cancel invitation'),
        },
      }),
    },
  }).createMachine({
    context: { settled: [] },
    invoke: { id: 'invitation', src: 'invitation', input: { invitation, direction } },
    on: {
      'invitation.settled': {
        actions: assign({
          settled: ({ context, event }) => [...context.settled, event as InvitationSettled],
        }),
      },
    },
  });
  const actor = createActor(list).start();
  const child = () => actor.getSnapshot().children.invitation!;
  const answer = async (name: Call, outcome: { output: unknown } | { error: unknown }) => {
    const call = calls[name].at(-1)!;
    if ('output' in outcome) call.resolve(outcome.output);
    else call.reject(outcome.error);
    await settle();
  };
  return { actor, child, calls, answer };
}

const events: AnyEventObject[] = [
  { type: 'invitation.accept' },
  { type: 'invitation.decline' },
  { type: 'invitation.cancel' },
  { type: 'invitation.cancelled' },
  { type: 'invitation.accepted', friend: bea },
  { type: 'invitation.declined' },
  { type: 'xstate.done.actor.accept', output: ana },
  { type: 'xstate.error.actor.accept', error: refusal },
  { type: 'xstate.done.actor.decline' },
  { type: 'xstate.error.actor.decline', error: networkFailure },
  { type: 'xstate.done.actor.cancel' },
  { type: 'xstate.error.actor.cancel', error: refusal },
];

const finalStatus = { accepted: 'accepted', declined: 'declined', cancelled: 'cancelled' } as const;

describe.each(['received', 'sent'] as const)('friend invitation (%s): every simple path', (direction) => {
  // The graph walk has no parent to tell; the real actor below does.
  const graphOnly = friendInvitationMachine.provide({ actions: { 'tell the list': () => {} } });
  const paths = modelOf(graphOnly, events).getSimplePaths({ input: { invitation, direction } });

  it('reaches exactly the states this side may reach', () => {
    expect(visitedStates(paths)).toEqual(
      direction === 'received'
        ? [
            'accepted',
            'cancelled',
            'declined',
            'pending',
            'pending.accepting',
            'pending.declining',
            'pending.idle',
          ]
        : ['accepted', 'cancelled', 'declined', 'pending', 'pending.cancelling', 'pending.idle'],
    );
  });

  testEveryPath(paths, () => {
    const run = startInvitation(direction);
    const send = ({ event }: { event: AnyEventObject }) => run.child().send(event as never);
    const outcome =
      (name: Call) =>
      ({ event }: { event: AnyEventObject }) =>
        run.answer(name, 'error' in event ? { error: event.error } : { output: event.output });
    return {
      events: {
        ...each(
          [
            'invitation.accept',
            'invitation.decline',
            'invitation.cancel',
            'invitation.cancelled',
            'invitation.accepted',
            'invitation.declined',
          ],
          send,
        ),
        'xstate.done.actor.accept': outcome('accept invitation'),
        'xstate.error.actor.accept': outcome('accept invitation'),
        'xstate.done.actor.decline': outcome('decline invitation'),
        'xstate.error.actor.decline': outcome('decline invitation'),
        'xstate.done.actor.cancel': outcome('cancel invitation'),
        'xstate.error.actor.cancel': outcome('cancel invitation'),
      },
      states: {
        'pending.idle': (expected) => {
          expect(run.child().getSnapshot().value).toEqual({ pending: 'idle' });
          expect(run.child().getSnapshot().context.error).toBe(expected.context.error);
          expect(run.actor.getSnapshot().context.settled).toEqual([]);
        },
        'pending.accepting': () =>
          expect(run.calls['accept invitation'].at(-1)?.input).toEqual({ invitationId: 'inv-1' }),
        'pending.declining': () =>
          expect(run.calls['decline invitation'].at(-1)?.input).toEqual({ invitationId: 'inv-1' }),
        'pending.cancelling': () =>
          expect(run.calls['cancel invitation'].at(-1)?.input).toEqual({ invitationId: 'inv-1' }),
        ...Object.fromEntries(
          Object.values(finalStatus).map((status) => [
            status,
            (expected: { context: { friend: Friend | null } }) => {
              expect(run.child().getSnapshot().status).toBe('done');
              expect(run.actor.getSnapshot().context.settled).toEqual([
                {
                  type: 'invitation.settled',
                  invitationId: 'inv-1',
                  status,
                  friend: expected.context.friend,
                },
              ]);
            },
          ]),
        ),
      },
    };
  });
});

describe('friend invitation', () => {
  it('keeps the friend the recipient accepted, and the one the live event names for the sender', async () => {
    const received = startInvitation('received');
    received.child().send({ type: 'invitation.accept' });
    await received.answer('accept invitation', { output: ana });
    expect(received.actor.getSnapshot().context.settled[0]?.friend).toEqual(ana);

    const sent = startInvitation('sent');
    sent.child().send({ type: 'invitation.accepted', friend: bea });
    expect(sent.actor.getSnapshot().context.settled[0]).toMatchObject({ status: 'accepted', friend: bea });
  });

  it('shows the server text of a failure, or the spec text without one, and stays pending', async () => {
    const run = startInvitation('received');
    run.child().send({ type: 'invitation.accept' });
    await run.answer('accept invitation', { error: refusal });
    expect(run.child().getSnapshot().context.error).toBe('Invitation non trouvée ou déjà traitée.');
    run.child().send({ type: 'invitation.decline' });
    expect(run.child().getSnapshot().context.error).toBeNull();
    await run.answer('decline invitation', { error: networkFailure });
    expect(run.child().getSnapshot().context.error).toBe(friendInvitationFailures.decline);
    expect(run.child().getSnapshot().value).toEqual({ pending: 'idle' });
  });

  it('lets the recipient answer only, and the sender cancel only', () => {
    const received = startInvitation('received');
    received.child().send({ type: 'invitation.cancel' });
    expect(received.calls['cancel invitation']).toEqual([]);
    const sent = startInvitation('sent');
    sent.child().send({ type: 'invitation.accept' });
    sent.child().send({ type: 'invitation.decline' });
    expect(sent.calls['accept invitation']).toEqual([]);
    expect(sent.calls['decline invitation']).toEqual([]);
  });
});
