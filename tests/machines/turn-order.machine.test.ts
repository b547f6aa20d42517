import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import {
  turnOrderMachine,
  type TurnOrderChange,
  type TurnOrderEvent,
  type TurnOrderInput,
} from '../../src/machines/turn-order.machine';
import { expectSameState, modelOf, titleOf, visitedStates } from '../helpers/machine-model';

/** `own`: the entries of the orders that are the reader's tokens (Ana's, for her player). */
const eventsOf = (own: string[]): TurnOrderEvent[] => [
  { type: 'turnOrder.generate' },
  { type: 'turnOrder.next' },
  { type: 'turnOrder.end' },
  { type: 'turnOrder.toggle', usableId: 'loup' },
  { type: 'turnOrder.reorder', order: ['loup', 'ana'] },
  { type: 'turnOrder.reorder', order: ['ana'] },
  { type: 'turnOrder.newCombat' },
  { type: 'turnOrder.answered' },
  { type: 'turnOrder.confirmed', order: [], round: null, own: [] },
  { type: 'turnOrder.confirmed', order: ['ana', 'loup'], round: 1, own },
  { type: 'turnOrder.confirmed', order: ['loup', 'ana'], round: 1, own },
  { type: 'map.changed', map: 'Crypte', order: ['liche'], round: 3, own: [] },
  { type: 'map.changed', map: null, order: [], round: null, own: [] },
];

function start(input: TurnOrderInput) {
  const sent: TurnOrderChange[] = [];
  const actor = createActor(
    turnOrderMachine.provide({
      actions: { 'send turn order change': (_, change) => void sent.push(change) },
    }),
    { input },
  ).start();
  return { actor, sent };
}

describe.each([
  ['MJ', true, []],
  ['player of Ana', false, ['ana']],
  ['player of no one in the fight', false, []],
])('turn order panel of a %s: shortest paths to every state', (_who, canManage, own) => {
  const events = eventsOf(own);
  const input = { map: 'Forêt', order: [], round: null, own, canManage };
  const paths = modelOf(turnOrderMachine, events as AnyEventObject[], input).getShortestPaths();

  for (const path of paths) {
    it(titleOf(path), async () => {
      const { actor, sent } = start(input);
      const send = ({ event }: { event: AnyEventObject }) => void actor.send(event as TurnOrderEvent);
      await path.test({
        events: Object.fromEntries(events.map((event) => [event.type, send])),
        states: {
          noCombat: (expected) => {
            expectSameState(actor, expected);
            expect(actor.getSnapshot().context.order).toEqual([]);
          },
          'running.ready': (expected) => {
            expectSameState(actor, expected);
            expect(actor.getSnapshot().context.order.length).toBeGreaterThan(0);
          },
          // « Tour suivant » or « Finir mon tour » pressed: a second press waits for the server's answer.
          'running.advancing': (expected) => {
            expectSameState(actor, expected);
            expect(sent.at(-1)).toMatchObject({ type: 'turnOrder.next' });
          },
        },
      });
      // A player's one press is the end of their own turn, naming it; nothing else reaches the server.
      if (!canManage) {
        for (const change of sent) {
          expect(change).toMatchObject({ type: 'turnOrder.next' });
          expect(own).toContain((change as { playing: string }).playing);
        }
      }
    });
  }

  it('visits every state', () => {
    expect(visitedStates(paths)).toEqual(
      canManage || own.length > 0
        ? ['noCombat', 'running', 'running.advancing', 'running.ready']
        : ['noCombat', 'running', 'running.ready'],
    );
  });
});

describe('turn order panel', () => {
  it('sends intents, and shows only what the server confirmed', () => {
    const { actor, sent } = start({ map: 'Forêt', order: [], round: null, own: [], canManage: true });
    actor.send({ type: 'turnOrder.toggle', usableId: 'ana' });
    actor.send({ type: 'turnOrder.generate' });
    actor.send({ type: 'turnOrder.next' }); // no combat yet: nothing to advance
    expect(actor.getSnapshot().value).toBe('noCombat');
    actor.send({ type: 'turnOrder.confirmed', order: ['ana', 'loup'], round: 2, own: [] });
    expect(actor.getSnapshot().value).toEqual({ running: 'ready' });
    expect(actor.getSnapshot().context.round).toBe(2);
    actor.send({ type: 'turnOrder.next' });
    // A double click: the second press goes nowhere until the server answered the first.
    actor.send({ type: 'turnOrder.next' });
    expect(actor.getSnapshot().value).toEqual({ running: 'advancing' });
    actor.send({ type: 'turnOrder.answered' });
    actor.send({ type: 'turnOrder.reorder', order: ['loup', 'ana'] });
    actor.send({ type: 'turnOrder.reorder', order: ['loup'] });
    actor.send({ type: 'turnOrder.newCombat' });
    expect(actor.getSnapshot().context.order).toEqual(['ana', 'loup']);
    expect(sent).toEqual([
      { type: 'turnOrder.toggle', map: 'Forêt', usableId: 'ana' },
      { type: 'turnOrder.generate', map: 'Forêt' },
      { type: 'turnOrder.next', map: 'Forêt', playing: 'ana', round: 2 },
      { type: 'turnOrder.reorder', map: 'Forêt', order: ['loup', 'ana'] },
      { type: 'turnOrder.newCombat', map: 'Forêt' },
    ]);
  });

  it('takes a double click for one press, and keeps waiting while the new order comes in', () => {
    const { actor, sent } = start({
      map: 'Forêt',
      order: ['ana', 'loup'],
      round: 1,
      own: [],
      canManage: true,
    });
    actor.send({ type: 'turnOrder.next', clicks: 1 });
    // The server emits before it answers: the order it passed comes first.
    actor.send({ type: 'turnOrder.confirmed', order: ['loup', 'ana'], round: 1, own: [] });
    expect(actor.getSnapshot().value).toEqual({ running: 'advancing' });
    actor.send({ type: 'turnOrder.next', clicks: 2 });
    actor.send({ type: 'turnOrder.answered' });
    // The second click of a double click, however late it comes, is not a press of its own.
    actor.send({ type: 'turnOrder.next', clicks: 2 });
    expect(sent).toEqual([{ type: 'turnOrder.next', map: 'Forêt', playing: 'ana', round: 1 }]);
    actor.send({ type: 'turnOrder.next' });
    expect(sent.at(-1)).toEqual({ type: 'turnOrder.next', map: 'Forêt', playing: 'loup', round: 1 });
  });

  it('follows the shown map, and sends nothing without one', () => {
    const { actor, sent } = start({ map: 'Forêt', order: ['ana'], round: 1, own: [], canManage: true });
    expect(actor.getSnapshot().value).toEqual({ running: 'ready' });
    actor.send({ type: 'map.changed', map: null, order: [], round: null, own: [] });
    expect(actor.getSnapshot().value).toBe('noCombat');
    actor.send({ type: 'turnOrder.generate' });
    expect(sent).toEqual([]);
  });
});

describe('« Finir mon tour »', () => {
  it('sends the turn shown while it is the player’s own, once per press, and waits for the answer', () => {
    const { actor, sent } = start({
      map: 'Forêt',
      order: ['loup', 'ana'],
      round: 2,
      own: ['ana'],
      canManage: false,
    });
    // The wolf plays: neither button is the player's.
    actor.send({ type: 'turnOrder.end' });
    actor.send({ type: 'turnOrder.next' });
    expect(sent).toEqual([]);
    actor.send({ type: 'turnOrder.confirmed', order: ['ana', 'loup'], round: 2, own: ['ana'] });
    actor.send({ type: 'turnOrder.end', clicks: 1 });
    expect(actor.getSnapshot().value).toEqual({ running: 'advancing' });
    actor.send({ type: 'turnOrder.end', clicks: 1 });
    actor.send({ type: 'turnOrder.answered' });
    actor.send({ type: 'turnOrder.end', clicks: 2 });
    expect(sent).toEqual([{ type: 'turnOrder.next', map: 'Forêt', playing: 'ana', round: 2 }]);
    expect(actor.getSnapshot().value).toEqual({ running: 'ready' });
  });
});
