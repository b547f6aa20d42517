import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { DEFAULT_GRID, type MapGrid } from '../../src/domain/geometry/grid';
import type { VisionChange } from '../../src/domain/table/map-vision';
import { wallEditorMachine, type WallEditorEvent } from '../../src/machines/wall-editor.machine';
import { each, everyTransition, inSameState, itVisitsEveryState, testEveryPath } from '../helpers/every-path';

const grid: MapGrid = { ...DEFAULT_GRID, cellPx: 100 };
const size = { width: 300, height: 200 };

const userEvents: WallEditorEvent[] = [
  { type: 'walls.open', map: 'Crypte', grid, size, at: { x: 140, y: 60 } },
  { type: 'walls.kind', kind: 'door' },
  { type: 'walls.mode', mode: 'erase' },
  { type: 'walls.mode', mode: 'draw' },
  { type: 'draw.point', at: { x: 0, y: 0 } },
  { type: 'draw.move', at: { x: 90, y: 10 } },
  { type: 'draw.finish' },
  { type: 'draw.cancel' },
  { type: 'cursor.step', dx: 1, dy: 0 },
  { type: 'cursor.place' },
  { type: 'wall.erase', id: 'w-1' },
  { type: 'vision.lighting', lighting: 'dark' },
  { type: 'vision.forget' },
  { type: 'vision.clear' },
  { type: 'clear.confirm' },
  { type: 'clear.cancel' },
  { type: 'door.set', map: 'Crypte', id: 'd-1', open: true },
  { type: 'vision.answered', refusal: 'Un mur doit rester sur la carte.' },
  { type: 'walls.close' },
];

/**
 * The graph's walk leaves out the events that only change a value the other tests check (kind,
 * cursor, pointer, refusal), and the cursor's points: with both kinds of points the polylines
 * could grow without end.
 */
const walked = new Set(['walls.kind', 'cursor.step', 'cursor.place', 'draw.move', 'vision.answered']);
const offered = userEvents.filter((event) => !walked.has(event.type));

function start() {
  const sent: Array<{ map: string; change: VisionChange }> = [];
  let made = 0;
  const actor = createActor(
    wallEditorMachine.provide({
      actions: {
        'send change': (_, asked) => void sent.push(asked),
        'send walls': (_, { map, walls }) =>
          void sent.push({
            map,
            change: { kind: 'add', walls: walls.map((wall) => ({ id: `w-${++made}`, ...wall })) },
          }),
      },
    }),
  ).start();
  return { actor, sent };
}

describe('wall editor: every transition', () => {
  const paths = everyTransition(wallEditorMachine, offered);

  testEveryPath(paths, () => {
    const { actor, sent } = start();
    return {
      events: each(
        offered.map((event) => event.type),
        ({ event }) => void actor.send(event as WallEditorEvent),
      ),
      states: inSameState(actor, {
        closed: () => {
          expect(actor.getSnapshot().context.map).toBeNull();
          expect(actor.getSnapshot().context.cursor).toBeNull();
        },
        'open.idle': () => expect(actor.getSnapshot().context.points).toEqual([]),
        'open.drawing': () => expect(actor.getSnapshot().context.points.length).toBeGreaterThan(0),
        'open.erasing': () => expect(actor.getSnapshot().context.points).toEqual([]),
        // Nothing is taken off until the MJ confirms.
        'open.confirmingClear': () => expect(sent.map((one) => one.change.kind)).not.toContain('clear'),
      }),
      afterPath: () => {
        // Whatever was sent went to the map the tool was opened on, or names its door's own.
        for (const one of sent) expect(one.map).toBe('Crypte');
      },
    };
  });

  itVisitsEveryState(paths, wallEditorMachine);
});

describe('wall editor', () => {
  const open = () => {
    const editor = start();
    editor.actor.send(userEvents[0]!);
    return editor;
  };

  it('sends a polyline as one wall per segment, each with an id of its own', () => {
    const { actor, sent } = open();
    actor.send({ type: 'walls.kind', kind: 'window' });
    for (const at of [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 200 },
    ])
      actor.send({ type: 'draw.point', at });
    expect(sent).toEqual([]);
    actor.send({ type: 'draw.finish' });
    expect(sent).toEqual([
      {
        map: 'Crypte',
        change: {
          kind: 'add',
          walls: [
            { id: 'w-1', kind: 'window', a: { x: 0, y: 0 }, b: { x: 100, y: 0 } },
            { id: 'w-2', kind: 'window', a: { x: 100, y: 0 }, b: { x: 100, y: 200 } },
          ],
        },
      },
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ points: [], added: 2 });
  });

  it('draws closed doors, and sends nothing for a single point or a polyline cancelled', () => {
    const { actor, sent } = open();
    actor.send({ type: 'draw.point', at: { x: 0, y: 0 } });
    actor.send({ type: 'draw.finish' });
    actor.send({ type: 'draw.point', at: { x: 0, y: 0 } });
    actor.send({ type: 'draw.point', at: { x: 100, y: 0 } });
    actor.send({ type: 'draw.cancel' });
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().context.added).toBe(0);

    actor.send({ type: 'walls.kind', kind: 'door' });
    actor.send({ type: 'draw.point', at: { x: 0, y: 0 } });
    actor.send({ type: 'draw.point', at: { x: 100, y: 0 } });
    actor.send({ type: 'draw.finish' });
    expect(sent[0]?.change).toEqual({
      kind: 'add',
      walls: [{ id: 'w-1', kind: 'door', open: false, a: { x: 0, y: 0 }, b: { x: 100, y: 0 } }],
    });
  });

  it('moves the keyboard’s cursor a cell at a time over the corners, kept on the map', () => {
    const { actor, sent } = open();
    // Opened at (140, 60): the nearest corner.
    expect(actor.getSnapshot().context.cursor).toEqual({ x: 100, y: 100 });
    actor.send({ type: 'cursor.place' });
    actor.send({ type: 'cursor.step', dx: 1, dy: 0 });
    actor.send({ type: 'cursor.step', dx: 1, dy: 0 });
    actor.send({ type: 'cursor.step', dx: 1, dy: 0 });
    expect(actor.getSnapshot().context.cursor).toEqual({ x: 300, y: 100 });
    actor.send({ type: 'cursor.place' });
    actor.send({ type: 'draw.finish' });
    expect(sent[0]?.change).toEqual({
      kind: 'add',
      walls: [{ id: 'w-1', kind: 'wall', a: { x: 100, y: 100 }, b: { x: 300, y: 100 } }],
    });
  });

  it('erases a wall, lights the map, forgets, opens a door and takes the vision off once confirmed', () => {
    const { actor, sent } = open();
    actor.send({ type: 'walls.mode', mode: 'erase' });
    actor.send({ type: 'wall.erase', id: 'w-9' });
    actor.send({ type: 'vision.lighting', lighting: 'dark' });
    actor.send({ type: 'vision.forget' });
    actor.send({ type: 'door.set', map: 'Crypte', id: 'd-1', open: true });
    actor.send({ type: 'vision.clear' });
    actor.send({ type: 'clear.cancel' });
    actor.send({ type: 'vision.clear' });
    actor.send({ type: 'clear.confirm' });
    expect(sent.map((one) => one.change)).toEqual([
      { kind: 'remove', ids: ['w-9'] },
      { kind: 'lighting', lighting: 'dark' },
      { kind: 'forget' },
      { kind: 'door', id: 'd-1', open: true },
      { kind: 'clear' },
    ]);
  });

  it('shows a refusal until the next point, and opens doors with the tool closed', () => {
    const { actor, sent } = start();
    actor.send({ type: 'door.set', map: 'Crypte', id: 'd-1', open: false });
    expect(sent).toEqual([{ map: 'Crypte', change: { kind: 'door', id: 'd-1', open: false } }]);
    actor.send(userEvents[0]!);
    actor.send({ type: 'vision.answered', refusal: 'Un mur doit rester sur la carte.' });
    expect(actor.getSnapshot().context.refusal).toBe('Un mur doit rester sur la carte.');
    actor.send({ type: 'draw.point', at: { x: 0, y: 0 } });
    expect(actor.getSnapshot().context.refusal).toBeNull();
  });
});
