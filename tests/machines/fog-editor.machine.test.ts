import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { FogChange } from '../../src/domain/table/fog';
import { fogEditorMachine, type FogEditorEvent } from '../../src/machines/fog-editor.machine';
import { expectSameState, modelOf, titleOf, visitedStates } from '../helpers/machine-model';

const events: FogEditorEvent[] = [
  { type: 'fog.open', map: 'Forêt' },
  { type: 'draw.press', at: { x: 10, y: 10 } },
  { type: 'draw.move', at: { x: 30, y: 20 } },
  { type: 'draw.release' },
  { type: 'draw.cancel' },
  { type: 'fog.close' },
];

function start() {
  const sent: Array<{ map: string; change: FogChange }> = [];
  const actor = createActor(
    fogEditorMachine.provide({ actions: { 'send change': (_, asked) => void sent.push(asked) } }),
  ).start();
  return { actor, sent };
}

describe('fog editor: shortest paths to every state', () => {
  const paths = modelOf(fogEditorMachine, events as AnyEventObject[]).getShortestPaths();
  for (const path of paths) {
    it(titleOf(path), async () => {
      const { actor } = start();
      const send = ({ event }: { event: AnyEventObject }) => void actor.send(event as FogEditorEvent);
      await path.test({
        events: Object.fromEntries(events.map((event) => [event.type, send])),
        states: {
          closed: (expected) => {
            expectSameState(actor, expected);
            expect(actor.getSnapshot().context.map).toBeNull();
          },
          'open.idle': (expected) => {
            expectSameState(actor, expected);
            expect(actor.getSnapshot().context.points).toEqual([]);
          },
          'open.drawing': (expected) => {
            expectSameState(actor, expected);
            expect(actor.getSnapshot().context.points.length).toBeGreaterThan(0);
          },
        },
      });
    });
  }

  it('visits every state', () => {
    expect(visitedStates(paths)).toEqual(['closed', 'open', 'open.drawing', 'open.idle']);
  });
});

describe('fog editor', () => {
  it('sends a rectangle drawn by a drag as one shape of the chosen mode', () => {
    const { actor, sent } = start();
    actor.send({ type: 'fog.open', map: 'Forêt' });
    actor.send({ type: 'fog.mode', mode: 'cover' });
    actor.send({ type: 'draw.press', at: { x: 10, y: 10 } });
    actor.send({ type: 'draw.move', at: { x: 20, y: 15 } });
    actor.send({ type: 'draw.move', at: { x: 30, y: 20 } });
    expect(sent).toEqual([]);
    actor.send({ type: 'draw.release' });
    expect(sent).toEqual([
      {
        map: 'Forêt',
        change: {
          kind: 'shape',
          shape: {
            mode: 'cover',
            kind: 'rect',
            points: [
              { x: 10, y: 10 },
              { x: 30, y: 20 },
            ],
          },
        },
      },
    ]);
    expect(actor.getSnapshot().context.points).toEqual([]);
  });

  it('sends nothing for a click without a drag, nor for a shape cancelled with Escape', () => {
    const { actor, sent } = start();
    actor.send({ type: 'fog.open', map: 'Forêt' });
    actor.send({ type: 'draw.press', at: { x: 10, y: 10 } });
    actor.send({ type: 'draw.release' });
    actor.send({ type: 'draw.press', at: { x: 10, y: 10 } });
    actor.send({ type: 'draw.move', at: { x: 30, y: 20 } });
    actor.send({ type: 'draw.cancel' });
    actor.send({ type: 'draw.release' });
    expect(sent).toEqual([]);
  });

  it('closes a polygon on « finish » after three corners, and sweeps a brush along the drag', () => {
    const { actor, sent } = start();
    actor.send({ type: 'fog.open', map: 'Forêt' });
    actor.send({ type: 'fog.tool', tool: 'polygon' });
    for (const at of [
      { x: 10, y: 10 },
      { x: 40, y: 10 },
      { x: 25, y: 30 },
    ]) {
      actor.send({ type: 'draw.press', at });
      actor.send({ type: 'draw.release' });
    }
    expect(actor.getSnapshot().matches({ open: 'drawing' })).toBe(true);
    actor.send({ type: 'draw.finish' });
    expect(sent.at(-1)?.change).toMatchObject({ kind: 'shape', shape: { kind: 'polygon', mode: 'reveal' } });

    actor.send({ type: 'fog.tool', tool: 'brush' });
    actor.send({ type: 'fog.brush', radius: 5 });
    actor.send({ type: 'draw.press', at: { x: 50, y: 50 } });
    actor.send({ type: 'draw.move', at: { x: 50.1, y: 50 } });
    actor.send({ type: 'draw.move', at: { x: 60, y: 50 } });
    actor.send({ type: 'draw.release' });
    expect(sent.at(-1)?.change).toEqual({
      kind: 'shape',
      shape: {
        mode: 'reveal',
        kind: 'brush',
        radius: 5,
        points: [
          { x: 50, y: 50 },
          { x: 60, y: 50 },
        ],
      },
    });
  });

  it('sends « Tout révéler » and « Tout cacher » at once, and shows a refusal until the next shape', () => {
    const { actor, sent } = start();
    actor.send({ type: 'fog.open', map: 'Forêt' });
    actor.send({ type: 'fog.all', base: 'covered' });
    expect(sent).toEqual([{ map: 'Forêt', change: { kind: 'all', base: 'covered' } }]);
    actor.send({ type: 'fog.answered', refusal: 'Forme de brouillard invalide.' });
    expect(actor.getSnapshot().context.refusal).toBe('Forme de brouillard invalide.');
    actor.send({ type: 'draw.press', at: { x: 1, y: 1 } });
    expect(actor.getSnapshot().context.refusal).toBeNull();
  });
});
