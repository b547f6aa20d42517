import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { DEFAULT_GRID, type MapGrid } from '../../src/domain/geometry/grid';
import { gridEditorMachine, type GridEditorEvent } from '../../src/machines/grid-editor.machine';
import { expectSameState, modelOf, titleOf, visitedStates } from '../helpers/machine-model';

const saved: MapGrid = { ...DEFAULT_GRID, cellPx: 100, offsetX: 20, offsetY: 10 };

const events: GridEditorEvent[] = [
  { type: 'grid.open', map: 'Forêt', grid: saved, anchor: { column: 2, row: 1 } },
  { type: 'grid.edit', changes: { cellPx: 80 } },
  { type: 'align.start', mode: 'move', at: { x: 300, y: 300 } },
  { type: 'align.move', at: { x: 310, y: 295 } },
  { type: 'align.end' },
  { type: 'grid.save' },
  { type: 'grid.answered', refusal: null },
  { type: 'grid.answered', refusal: 'Seul le MJ peut régler la grille.' },
  { type: 'grid.cancel' },
];

function start() {
  const sent: Array<{ map: string; grid: MapGrid }> = [];
  const actor = createActor(
    gridEditorMachine.provide({ actions: { 'send grid': (_, asked) => void sent.push(asked) } }),
  ).start();
  return { actor, sent };
}

describe('grid editor: shortest paths to every state', () => {
  const paths = modelOf(gridEditorMachine, events as AnyEventObject[]).getShortestPaths();
  for (const path of paths) {
    it(titleOf(path), async () => {
      const { actor } = start();
      const send = ({ event }: { event: AnyEventObject }) => void actor.send(event as GridEditorEvent);
      await path.test({
        events: Object.fromEntries(events.map((event) => [event.type, send])),
        states: {
          closed: (expected) => {
            expectSameState(actor, expected);
            expect(actor.getSnapshot().context.draft).toBeNull();
          },
          'editing.idle': (expected) => {
            expectSameState(actor, expected);
            expect(actor.getSnapshot().context.draft).not.toBeNull();
          },
          'editing.aligning': (expected) => {
            expectSameState(actor, expected);
            expect(actor.getSnapshot().context.drag).not.toBeNull();
          },
          saving: (expected) => expectSameState(actor, expected),
        },
      });
    });
  }

  it('visits every state', () => {
    expect(visitedStates(paths)).toEqual(['closed', 'editing', 'editing.aligning', 'editing.idle', 'saving']);
  });
});

describe('grid editor', () => {
  it('previews a typed size and sends the whole grid on « Enregistrer »', () => {
    const { actor, sent } = start();
    actor.send({ type: 'grid.open', map: 'Forêt', grid: saved, anchor: { column: 0, row: 0 } });
    actor.send({ type: 'grid.edit', changes: { cellPx: 70, color: '#ffcc00' } });
    expect(actor.getSnapshot().context.draft).toMatchObject({ cellPx: 70, color: '#ffcc00', offsetX: 20 });
    actor.send({ type: 'grid.save' });
    expect(sent).toEqual([{ map: 'Forêt', grid: { ...saved, cellPx: 70, color: '#ffcc00' } }]);
    actor.send({ type: 'grid.answered', refusal: null });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('moves the grid by dragging one cell, and sizes it by that cell’s corner', () => {
    const { actor } = start();
    actor.send({ type: 'grid.open', map: 'Forêt', grid: saved, anchor: { column: 2, row: 1 } });
    actor.send({ type: 'align.start', mode: 'move', at: { x: 250, y: 150 } });
    actor.send({ type: 'align.move', at: { x: 265, y: 142 } });
    actor.send({ type: 'align.end' });
    expect(actor.getSnapshot().context.draft).toMatchObject({ cellPx: 100, offsetX: 35, offsetY: 2 });
    // The anchored cell's corner stands at 35 + 2 × 100 = 235, 2 + 100 = 102; its far corner at 335, 202.
    actor.send({ type: 'align.start', mode: 'resize', at: { x: 335, y: 202 } });
    actor.send({ type: 'align.move', at: { x: 315, y: 182 } });
    actor.send({ type: 'align.end' });
    const draft = actor.getSnapshot().context.draft!;
    expect(draft.cellPx).toBe(80);
    // The cell keeps its top-left corner: 235 = offset + 2 × 80, 102 = offset + 80.
    expect(draft.offsetX).toBe(75);
    expect(draft.offsetY).toBe(22);
  });

  it('keeps the draft and says why when the server refuses', () => {
    const { actor } = start();
    actor.send({ type: 'grid.open', map: 'Forêt', grid: saved, anchor: { column: 0, row: 0 } });
    actor.send({ type: 'grid.edit', changes: { opacity: 0.8 } });
    actor.send({ type: 'grid.save' });
    actor.send({ type: 'grid.answered', refusal: 'Grille invalide.' });
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      refusal: 'Grille invalide.',
      draft: { opacity: 0.8 },
    });
  });

  it('drops the draft on « Annuler »', () => {
    const { actor, sent } = start();
    actor.send({ type: 'grid.open', map: 'Forêt', grid: saved, anchor: { column: 0, row: 0 } });
    actor.send({ type: 'grid.edit', changes: { cellPx: 55 } });
    actor.send({ type: 'grid.cancel' });
    expect(actor.getSnapshot().context.draft).toBeNull();
    expect(sent).toEqual([]);
  });
});
