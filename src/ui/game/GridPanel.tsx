import { useSelector } from '@xstate/react';
import type { KeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Point } from '../../domain/geometry/geometry';
import { GRID_CELL_MAX_PX, GRID_CELL_MIN_PX, normalGrid, type MapGrid } from '../../domain/geometry/grid';
import type { gridEditorMachine } from '../../machines/grid-editor.machine';
import { Notice } from '../components/Notice';
import { gridMessages } from './messages';

export type GridEditorActor = ActorRefFrom<typeof gridEditorMachine>;

/** A number typed in a field, or nothing while it is being typed (« », « - »). */
function typed(value: string): number | null {
  const number = Number.parseFloat(value.replace(',', '.'));
  return Number.isFinite(number) ? number : null;
}

/**
 * The MJ's « Grille » panel: the draft's size, offsets, colour and opacity, each change drawn at
 * once on the map; « Enregistrer » sends the whole grid, « Annuler » puts the stored one back.
 */
export function GridPanel({ editor }: { editor: GridEditorActor }) {
  const draft = useSelector(editor, (snapshot) => snapshot.context.draft);
  const refusal = useSelector(editor, (snapshot) => snapshot.context.refusal);
  const saving = useSelector(editor, (snapshot) => snapshot.matches('saving'));
  if (!draft) return null;
  const edit = (changes: Partial<MapGrid>) => editor.send({ type: 'grid.edit', changes });
  const number = (field: 'cellPx' | 'offsetX' | 'offsetY') => (value: string) => {
    const parsed = typed(value);
    if (parsed !== null) edit({ [field]: parsed });
  };
  return (
    <form
      className="grid-panel"
      aria-label={gridMessages.panel}
      onPointerDown={(event) => event.stopPropagation()}
      onSubmit={(event) => {
        event.preventDefault();
        editor.send({ type: 'grid.save' });
      }}
    >
      <p className="grid-panel__title">{gridMessages.panel}</p>
      <p className="grid-panel__hint">{gridMessages.alignHint}</p>
      <div className="grid-panel__numbers">
        <label>
          {gridMessages.cellPx}
          <input
            type="number"
            min={GRID_CELL_MIN_PX}
            max={GRID_CELL_MAX_PX}
            step={0.5}
            value={draft.cellPx}
            onChange={(event) => number('cellPx')(event.target.value)}
          />
        </label>
        <label>
          {gridMessages.offsetX}
          <input
            type="number"
            step={0.5}
            value={draft.offsetX}
            onChange={(event) => number('offsetX')(event.target.value)}
          />
        </label>
        <label>
          {gridMessages.offsetY}
          <input
            type="number"
            step={0.5}
            value={draft.offsetY}
            onChange={(event) => number('offsetY')(event.target.value)}
          />
        </label>
      </div>
      <div className="grid-panel__look">
        <label className="grid-panel__check">
          <input
            type="checkbox"
            checked={draft.shown}
            onChange={(event) => edit({ shown: event.target.checked })}
          />
          {gridMessages.shown}
        </label>
        <label>
          {gridMessages.color}
          <input type="color" value={draft.color} onChange={(event) => edit({ color: event.target.value })} />
        </label>
        <label>
          {gridMessages.opacity}
          <input
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={draft.opacity}
            onChange={(event) => edit({ opacity: Number(event.target.value) })}
          />
        </label>
      </div>
      {refusal && <Notice tone="error">{refusal}</Notice>}
      <div className="grid-panel__actions">
        <button type="submit" disabled={saving}>
          {saving ? gridMessages.saving : gridMessages.save}
        </button>
        <button type="button" className="secondary" onClick={() => editor.send({ type: 'grid.cancel' })}>
          {gridMessages.cancel}
        </button>
      </div>
    </form>
  );
}

/** Arrow keys on the cell: one pixel (ten with Alt) of offset, or of size with Shift. */
const STEPS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/**
 * The cell the MJ drags over one drawn on the picture, on the map while the grid tool is open: its
 * body moves the grid, its corner sizes it. `locate` gives a pointer's place on the map.
 */
export function GridAlign({
  editor,
  locate,
}: {
  editor: GridEditorActor;
  locate: (event: ReactPointerEvent) => Point;
}) {
  const draft = useSelector(editor, (snapshot) => snapshot.context.draft);
  const anchor = useSelector(editor, (snapshot) => snapshot.context.anchor);
  const aligning = useSelector(editor, (snapshot) => snapshot.matches({ editing: 'aligning' }));
  if (!draft) return null;
  const cell = Math.max(GRID_CELL_MIN_PX, draft.cellPx);
  const press = (mode: 'move' | 'resize') => (event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    editor.send({ type: 'align.start', mode, at: locate(event) });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const by = event.altKey ? 10 : 1;
    const next = event.shiftKey
      ? { cellPx: draft.cellPx + (step.x - step.y) * by }
      : { offsetX: draft.offsetX + step.x * by, offsetY: draft.offsetY + step.y * by };
    editor.send({ type: 'grid.edit', changes: normalGrid({ ...draft, ...next }) });
  };
  return (
    <div
      className={aligning ? 'grid-align grid-align--held' : 'grid-align'}
      style={{
        left: draft.offsetX + anchor.column * cell,
        top: draft.offsetY + anchor.row * cell,
        width: cell,
        height: cell,
      }}
      role="button"
      tabIndex={0}
      aria-label={gridMessages.cell}
      data-testid="grid-align"
      onPointerDown={press('move')}
      onPointerMove={(event) => {
        if (editor.getSnapshot().matches({ editing: 'aligning' }))
          editor.send({ type: 'align.move', at: locate(event) });
      }}
      onPointerUp={() => editor.send({ type: 'align.end' })}
      onPointerCancel={() => editor.send({ type: 'align.end' })}
      onKeyDown={onKeyDown}
    >
      <span
        className="grid-align__corner"
        aria-label={gridMessages.corner}
        data-testid="grid-align-corner"
        onPointerDown={press('resize')}
      />
    </div>
  );
}
