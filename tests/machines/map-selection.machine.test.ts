import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { MapChoice } from '../../src/domain/table/types';
import {
  mapSelectionMachine,
  type MapChange,
  type MapSelectionEvent,
} from '../../src/machines/map-selection.machine';
import { expectSameState, modelOf, titleOf, visitedStates } from '../helpers/machine-model';

const forest: MapChoice = { id: 'f', name: 'Forêt', link: '/f.png' };
const crypt: MapChoice = { id: 'c', name: 'Crypte', link: '/c.png' };

const events: MapSelectionEvent[] = [
  { type: 'map.choose', map: forest },
  { type: 'map.choose', map: crypt },
  { type: 'map.choose', map: null },
  { type: 'bringPlayers.confirm' },
  { type: 'bringPlayers.decline' },
  { type: 'bringPlayers.cancel' },
  { type: 'map.changed', map: crypt },
];

function start(canSelect: boolean) {
  const sent: MapChange[] = [];
  const actor = createActor(
    mapSelectionMachine.provide({ actions: { 'send map change': (_, change) => void sent.push(change) } }),
    { input: { canSelect, current: null } },
  ).start();
  return { actor, sent };
}

describe.each([true, false])('map selection (may select: %s): shortest paths to every state', (canSelect) => {
  const paths = modelOf(mapSelectionMachine, events as AnyEventObject[], {
    canSelect,
    current: null,
  }).getShortestPaths();

  for (const path of paths) {
    it(titleOf(path), async () => {
      const { actor, sent } = start(canSelect);
      const send = ({ event }: { event: AnyEventObject }) => void actor.send(event as MapSelectionEvent);
      await path.test({
        events: Object.fromEntries(events.map((event) => [event.type, send])),
        states: {
          idle: (expected) => {
            expectSameState(actor, expected);
            expect(actor.getSnapshot().context.pending).toBeNull();
          },
          askingBringPlayers: (expected) => {
            expectSameState(actor, expected);
            expect(actor.getSnapshot().context.pending).not.toBeNull();
          },
        },
      });
      if (!canSelect) expect(sent).toEqual([]);
    });
  }

  it('visits the states a selector may reach', () => {
    expect(visitedStates(paths)).toEqual(canSelect ? ['askingBringPlayers', 'idle'] : ['idle']);
  });
});

describe('map selection', () => {
  it('clears the map for everyone with the empty choice, at once', () => {
    const { actor, sent } = start(true);
    actor.send({ type: 'map.choose', map: null });
    expect(sent).toEqual([{ map: null, bringPlayers: false }]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('asks before bringing the players, and sends the answer', () => {
    const { actor, sent } = start(true);
    actor.send({ type: 'map.choose', map: forest });
    actor.send({ type: 'map.choose', map: crypt });
    expect(sent).toEqual([]);
    actor.send({ type: 'bringPlayers.confirm' });
    actor.send({ type: 'map.choose', map: forest });
    actor.send({ type: 'bringPlayers.decline' });
    actor.send({ type: 'map.choose', map: forest });
    actor.send({ type: 'bringPlayers.cancel' });
    expect(sent).toEqual([
      { map: crypt, bringPlayers: true },
      { map: forest, bringPlayers: false },
    ]);
  });

  it('shows the map the log says', () => {
    const { actor } = start(true);
    actor.send({ type: 'map.changed', map: crypt });
    expect(actor.getSnapshot().context.current).toEqual(crypt);
  });
});
