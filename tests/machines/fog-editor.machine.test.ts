import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type SnapshotFrom } from 'xstate';
import type { Point } from '../../src/domain/geometry/geometry';
import { isFogShape, type FogChange } from '../../src/domain/table/fog';
import { fogEditorMachine, type FogEditorEvent } from '../../src/machines/fog-editor.machine';
import { each, eventTypesOf, inSameState, itVisitsEveryState, testEveryPath } from '../helpers/every-path';
import { sendTo } from '../helpers/fake-effects';
import { modelOf } from '../helpers/machine-model';

function start() {
  const sent: Array<{ map: string; change: FogChange }> = [];
  const actor = createActor(
    fogEditorMachine.provide({ actions: { 'send change': (_, asked) => void sent.push(asked) } }),
  ).start();
  return { actor, sent };
}

const middle: Point = { x: 50, y: 50 };
/**
 * The keyboard's cursor walks a triangle, one step from each corner to the next: enough for every
 * shape and a polygon closed on its first point, and a graph small enough to walk whole.
 */
const walk: Array<[Point, FogEditorEvent]> = [
  [middle, { type: 'cursor.move', by: { x: 20, y: 0 } }],
  [
    { x: 70, y: 50 },
    { type: 'cursor.move', by: { x: 0, y: 20 } },
  ],
  [
    { x: 70, y: 70 },
    { type: 'cursor.move', by: { x: -20, y: -20 } },
  ],
];

/** What the MJ may do from here: pointer and keyboard alike, shapes of four points at most. */
function eventsFrom(snapshot: SnapshotFrom<typeof fogEditorMachine>): AnyEventObject[] {
  if (snapshot.matches('closed')) return [{ type: 'fog.open', map: 'Forêt' }];
  const { cursor, points } = snapshot.context;
  const events: FogEditorEvent[] = [
    { type: 'fog.close' },
    { type: 'key.back' },
    { type: 'draw.finish' },
    { type: 'draw.cancel' },
  ];
  if (snapshot.matches({ open: 'idle' }))
    events.push(
      ...(['rect', 'polygon', 'brush'] as const).map((tool) => ({ type: 'fog.tool' as const, tool })),
    );
  if (!cursor) events.push({ type: 'cursor.show', at: middle }, { type: 'draw.press', at: { x: 10, y: 10 } });
  if (snapshot.matches({ open: 'drawing' }))
    events.push({ type: 'draw.move', at: { x: 30, y: 20 } }, { type: 'draw.release' });
  if (points.length < 4) {
    events.push({ type: 'key.press' });
    const step = walk.find(([at]) => cursor?.x === at.x && cursor.y === at.y);
    if (step) events.push(step[1]);
  }
  return events as AnyEventObject[];
}

describe('fog editor: shortest paths to every state, by pointer and by keyboard', () => {
  const paths = modelOf(fogEditorMachine, eventsFrom).getShortestPaths();

  testEveryPath(paths, () => {
    const { actor, sent } = start();
    const context = () => actor.getSnapshot().context;
    return {
      events: each(eventTypesOf(paths), sendTo(actor)),
      states: inSameState(actor, {
        closed: () => expect(context()).toMatchObject({ map: null, cursor: null, points: [] }),
        'open.idle': () => expect(context().points).toEqual([]),
        'open.drawing': () => expect(context().points.length).toBeGreaterThan(0),
        // Every keyboard step is said; the shape starts where the cursor stood.
        'open.placing': () => {
          expect(context().cursor).not.toBeNull();
          expect(context().points.length).toBeGreaterThan(0);
          expect(context().said).not.toBeNull();
        },
      }),
      afterPath: () => {
        // Whatever the keys and the pointer did, only shapes the server logs are sent.
        for (const { change } of sent) expect(change.kind === 'shape' && isFogShape(change.shape)).toBe(true);
      },
    };
  });

  itVisitsEveryState(paths, fogEditorMachine);
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

  it('draws a rectangle from the keyboard: the cursor starts in the view, each step is said', () => {
    const { actor, sent } = start();
    const context = () => actor.getSnapshot().context;
    actor.send({ type: 'fog.open', map: 'Forêt' });
    actor.send({ type: 'key.press' });
    // Nothing to press on before the surface has the focus and the cursor.
    expect(actor.getSnapshot().matches({ open: 'idle' })).toBe(true);
    actor.send({ type: 'cursor.show', at: { x: 40, y: 40 } });
    actor.send({ type: 'cursor.show', at: { x: 10, y: 10 } });
    expect(context().cursor).toEqual({ x: 40, y: 40 });
    actor.send({ type: 'key.press' });
    expect(context().said).toEqual({ step: 'corner' });
    actor.send({ type: 'cursor.move', by: { x: 5, y: 0 } });
    // Flat on one side: the corner waits for another.
    actor.send({ type: 'key.press' });
    expect(context().said).toEqual({ step: 'empty' });
    actor.send({ type: 'cursor.move', by: { x: 0, y: 7.5 } });
    expect(context().pointer).toEqual({ x: 45, y: 47.5 });
    actor.send({ type: 'key.press' });
    expect(sent).toEqual([
      {
        map: 'Forêt',
        change: {
          kind: 'shape',
          shape: {
            mode: 'reveal',
            kind: 'rect',
            points: [
              { x: 40, y: 40 },
              { x: 45, y: 47.5 },
            ],
          },
        },
      },
    ]);
    expect(context().said).toEqual({ step: 'drawn', kind: 'rect', mode: 'reveal' });
    expect(actor.getSnapshot().matches({ open: 'idle' })).toBe(true);
    // The cursor stays on the map's edge.
    actor.send({ type: 'cursor.move', by: { x: 80, y: -60 } });
    expect(context().cursor).toEqual({ x: 100, y: 0 });
  });

  it('closes a polygon on its first point or « Terminer », takes points back, and cancels on Escape', () => {
    const { actor, sent } = start();
    const context = () => actor.getSnapshot().context;
    actor.send({ type: 'fog.open', map: 'Forêt' });
    actor.send({ type: 'fog.tool', tool: 'polygon' });
    actor.send({ type: 'fog.mode', mode: 'cover' });
    actor.send({ type: 'cursor.show', at: { x: 10, y: 10 } });
    const step = (x: number, y: number) => actor.send({ type: 'cursor.move', by: { x, y } });
    actor.send({ type: 'key.press' });
    step(0.2, 0);
    step(-0.2, 0);
    // Back on the first point with one point: nothing to close yet.
    actor.send({ type: 'key.press' });
    expect(context().said).toEqual({ step: 'empty' });
    step(20, 0);
    actor.send({ type: 'key.press' });
    step(0, 20);
    actor.send({ type: 'key.press' });
    step(0, 5);
    actor.send({ type: 'key.press' });
    expect(context().said).toEqual({ step: 'point', count: 4 });
    actor.send({ type: 'key.back' });
    expect(context().said).toEqual({ step: 'unpoint', count: 3 });
    // Fifths of a cell add up to the first point again, within floating point.
    for (let i = 0; i < 5; i++) step(-4, -5);
    actor.send({ type: 'key.press' });
    expect(sent.at(-1)?.change).toEqual({
      kind: 'shape',
      shape: {
        mode: 'cover',
        kind: 'polygon',
        points: [
          { x: 10, y: 10 },
          { x: 30, y: 10 },
          { x: 30, y: 30 },
        ],
      },
    });
    expect(context().said).toEqual({ step: 'drawn', kind: 'polygon', mode: 'cover' });

    actor.send({ type: 'key.press' });
    step(10, 0);
    actor.send({ type: 'key.press' });
    step(0, 10);
    actor.send({ type: 'key.press' });
    actor.send({ type: 'draw.finish' });
    expect(sent).toHaveLength(2);
    actor.send({ type: 'key.press' });
    actor.send({ type: 'draw.cancel' });
    expect(context()).toMatchObject({ points: [], said: { step: 'cancelled' } });
    // Backspace on the only point gives the shape up.
    actor.send({ type: 'key.press' });
    actor.send({ type: 'key.back' });
    expect(actor.getSnapshot().matches({ open: 'idle' })).toBe(true);
    expect(sent).toHaveLength(2);
  });

  it('paints with the keyboard: Space puts the brush down, the arrows paint, Space lifts it', () => {
    const { actor, sent } = start();
    actor.send({ type: 'fog.open', map: 'Forêt' });
    actor.send({ type: 'fog.tool', tool: 'brush' });
    actor.send({ type: 'cursor.show', at: { x: 50, y: 50 } });
    actor.send({ type: 'key.press' });
    expect(actor.getSnapshot().context.said).toEqual({ step: 'painting' });
    actor.send({ type: 'cursor.move', by: { x: 5, y: 0 } });
    actor.send({ type: 'cursor.move', by: { x: 0, y: 5 } });
    actor.send({ type: 'key.back' });
    actor.send({ type: 'key.press' });
    expect(sent).toEqual([
      {
        map: 'Forêt',
        change: {
          kind: 'shape',
          shape: {
            mode: 'reveal',
            kind: 'brush',
            radius: 3,
            points: [
              { x: 50, y: 50 },
              { x: 55, y: 50 },
              { x: 55, y: 55 },
            ],
          },
        },
      },
    ]);
  });

  it('puts the keyboard’s cursor where the pointer pressed, and closes a clicked polygon on Enter', () => {
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
    expect(actor.getSnapshot().context.cursor).toEqual({ x: 25, y: 30 });
    actor.send({ type: 'key.press' });
    expect(sent.at(-1)?.change).toMatchObject({ kind: 'shape', shape: { kind: 'polygon' } });
  });
});
