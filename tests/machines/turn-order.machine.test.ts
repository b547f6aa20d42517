import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import {
  turnOrderMachine,
  type TurnOrderChange,
  type TurnOrderEvent,
  type TurnOrderInput,
} from '../../src/machines/turn-order.machine';
import { expectSameState, modelOf, titleOf, visitedStates } from '../helpers/machine-model';

const events: TurnOrderEvent[] = [
  { type: 'turnOrder.generate' },
  { type: 'turnOrder.next' },
  { type: 'turnOrder.toggle', usableId: 'loup' },
  { type: 'turnOrder.reorder', order: ['loup', 'ana'] },
  { type: 'turnOrder.reorder', order: ['ana'] },
  { type: 'turnOrder.newCombat' },
  { type: 'turnOrder.confirmed', order: [] },
  { type: 'turnOrder.confirmed', order: ['ana', 'loup'] },
  { type: 'map.changed', map: 'Crypte', order: ['liche'] },
  { type: 'map.changed', map: null, order: [] },
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
  ['MJ', true],
  ['player', false],
])('turn order panel of a %s: shortest paths to every state', (_who, canManage) => {
  const input = { map: 'Forêt', order: [], canManage };
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
          running: (expected) => {
            expectSameState(actor, expected);
            expect(actor.getSnapshot().context.order.length).toBeGreaterThan(0);
          },
        },
      });
      // A player's clicks never reach the server; nor does anything without a map.
      if (!canManage) expect(sent).toEqual([]);
    });
  }

  it('visits every state', () => {
    expect(visitedStates(paths)).toEqual(['noCombat', 'running']);
  });
});

describe('turn order panel', () => {
  it('sends intents, and shows only what the server confirmed', () => {
    const { actor, sent } = start({ map: 'Forêt', order: [], canManage: true });
    actor.send({ type: 'turnOrder.toggle', usableId: 'ana' });
    actor.send({ type: 'turnOrder.generate' });
    actor.send({ type: 'turnOrder.next' }); // no combat yet: nothing to advance
    expect(actor.getSnapshot().value).toBe('noCombat');
    actor.send({ type: 'turnOrder.confirmed', order: ['ana', 'loup'] });
    expect(actor.getSnapshot().value).toBe('running');
    actor.send({ type: 'turnOrder.next' });
    actor.send({ type: 'turnOrder.reorder', order: ['loup', 'ana'] });
    actor.send({ type: 'turnOrder.reorder', order: ['loup'] });
    actor.send({ type: 'turnOrder.newCombat' });
    expect(actor.getSnapshot().context.order).toEqual(['ana', 'loup']);
    expect(sent).toEqual([
      { type: 'turnOrder.toggle', map: 'Forêt', usableId: 'ana' },
      { type: 'turnOrder.generate', map: 'Forêt' },
      { type: 'turnOrder.next', map: 'Forêt' },
      { type: 'turnOrder.reorder', map: 'Forêt', order: ['loup', 'ana'] },
      { type: 'turnOrder.newCombat', map: 'Forêt' },
    ]);
  });

  it('follows the shown map, and sends nothing without one', () => {
    const { actor, sent } = start({ map: 'Forêt', order: ['ana'], canManage: true });
    expect(actor.getSnapshot().value).toBe('running');
    actor.send({ type: 'map.changed', map: null, order: [] });
    expect(actor.getSnapshot().value).toBe('noCombat');
    actor.send({ type: 'turnOrder.generate' });
    expect(sent).toEqual([]);
  });
});
