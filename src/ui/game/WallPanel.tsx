import { useSelector } from '@xstate/react';
import type { KeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Point, Size } from '../../domain/geometry/geometry';
import type { MapGrid } from '../../domain/geometry/grid';
import { polylineWalls, snapWallEnd, wallNear } from '../../domain/geometry/wall-drawing';
import { WALL_KINDS, type Wall } from '../../domain/geometry/walls';
import type { Lighting } from '../../domain/table/vision';
import type { wallEditorMachine } from '../../machines/wall-editor.machine';
import { Notice } from '../components/Notice';
import { visionMessages } from './messages';

export type WallEditorActor = ActorRefFrom<typeof wallEditorMachine>;

const LIGHTINGS: Lighting[] = ['lit', 'dark'];

const ARROWS: Record<string, { dx: number; dy: number }> = {
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
  ArrowUp: { dx: 0, dy: -1 },
  ArrowDown: { dx: 0, dy: 1 },
};

/** How near (in cells) a click must fall to a wall for « Effacer » to take it. */
const ERASE_REACH_CELLS = 0.5;

/**
 * The MJ's « Murs » panel: what is drawn (wall, door, window), drawing or erasing, the map lit or
 * dark, the polyline finished or cancelled, what the players explored forgotten, and the vision
 * taken off once confirmed. Radios and buttons, so the keyboard reaches all of it; a live region
 * says where the cursor is and what was just done.
 */
export function WallPanel({ editor, lighting }: { editor: WallEditorActor; lighting: Lighting }) {
  const open = useSelector(editor, (snapshot) => snapshot.matches('open'));
  const erasing = useSelector(editor, (snapshot) => snapshot.matches({ open: 'erasing' }));
  const drawing = useSelector(editor, (snapshot) => snapshot.matches({ open: 'drawing' }));
  const confirming = useSelector(editor, (snapshot) => snapshot.matches({ open: 'confirmingClear' }));
  const { kind, refusal, points, added, cursor, grid } = useSelector(editor, (snapshot) => snapshot.context);
  if (!open) return null;
  // The corner's lines, counted as the grid counts its cells: the cursor stands where they cross.
  const place = cursor &&
    grid && {
      column: Math.round((cursor.x - grid.offsetX) / grid.cellPx),
      row: Math.round((cursor.y - grid.offsetY) / grid.cellPx),
    };
  const said = [
    confirming
      ? visionMessages.confirming
      : erasing
        ? visionMessages.erasing
        : drawing
          ? visionMessages.points(points.length)
          : added > 0
            ? visionMessages.added(added)
            : '',
    place ? visionMessages.cursor(place.column, place.row) : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <form
      className="grid-panel fog-panel wall-panel"
      aria-label={visionMessages.panel}
      onPointerDown={(event) => event.stopPropagation()}
      onSubmit={(event) => event.preventDefault()}
    >
      <p className="grid-panel__title">{visionMessages.panel}</p>
      <fieldset className="fog-panel__choice">
        <legend>{visionMessages.mode}</legend>
        {(['draw', 'erase'] as const).map((mode) => (
          <label key={mode}>
            <input
              type="radio"
              name="wall-mode"
              checked={erasing === (mode === 'erase')}
              disabled={confirming}
              onChange={() => editor.send({ type: 'walls.mode', mode })}
            />
            {visionMessages[mode]}
          </label>
        ))}
      </fieldset>
      {!erasing && (
        <fieldset className="fog-panel__choice">
          <legend>{visionMessages.kind}</legend>
          {WALL_KINDS.map((one) => (
            <label key={one}>
              <input
                type="radio"
                name="wall-kind"
                checked={kind === one}
                onChange={() => editor.send({ type: 'walls.kind', kind: one })}
              />
              {visionMessages.kinds[one]}
            </label>
          ))}
        </fieldset>
      )}
      <fieldset className="fog-panel__choice">
        <legend>{visionMessages.lighting}</legend>
        {LIGHTINGS.map((one) => (
          <label key={one}>
            <input
              type="radio"
              name="wall-lighting"
              checked={lighting === one}
              onChange={() => editor.send({ type: 'vision.lighting', lighting: one })}
            />
            {visionMessages[one]}
          </label>
        ))}
      </fieldset>
      <p className="grid-panel__hint">{erasing ? visionMessages.hint.erase : visionMessages.hint.draw}</p>
      <p className="grid-panel__hint wall-panel__keys">{visionMessages.keys}</p>
      <p className="wall-panel__status" role="status">
        {said}
      </p>
      {refusal && <Notice tone="error">{refusal}</Notice>}
      {confirming ? (
        <div className="grid-panel__actions" role="group" aria-label={visionMessages.clearQuestion}>
          <p className="wall-panel__question">{visionMessages.clearQuestion}</p>
          <button type="button" className="danger" onClick={() => editor.send({ type: 'clear.confirm' })}>
            {visionMessages.clearConfirm}
          </button>
          <button type="button" className="secondary" onClick={() => editor.send({ type: 'clear.cancel' })}>
            {visionMessages.clearCancel}
          </button>
        </div>
      ) : (
        <div className="grid-panel__actions">
          {drawing && (
            <>
              <button type="button" onClick={() => editor.send({ type: 'draw.finish' })}>
                {visionMessages.finish}
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => editor.send({ type: 'draw.cancel' })}
              >
                {visionMessages.cancel}
              </button>
            </>
          )}
          <button type="button" className="secondary" onClick={() => editor.send({ type: 'vision.forget' })}>
            {visionMessages.forget}
          </button>
          <button type="button" className="secondary" onClick={() => editor.send({ type: 'vision.clear' })}>
            {visionMessages.clear}
          </button>
          <button type="button" className="secondary" onClick={() => editor.send({ type: 'walls.close' })}>
            {visionMessages.close}
          </button>
        </div>
      )}
    </form>
  );
}

/**
 * While « Murs » is open, the surface the MJ draws on, over the map: a click puts a wall's end
 * (snapped to a wall's end or the grid's corner, Alt to put it freely), or in « Effacer » takes
 * the wall under it; the arrows move a cursor over the corners and Enter acts there. The polyline
 * so far and the cursor are previewed; `locate` gives a pointer's place on the map, in its pixels.
 */
export function WallDraw({
  editor,
  map,
  grid,
  walls,
  locate,
}: {
  editor: WallEditorActor;
  map: Size;
  grid: MapGrid;
  walls: readonly Wall[];
  locate: (event: ReactPointerEvent) => Point;
}) {
  const open = useSelector(editor, (snapshot) => snapshot.matches('open'));
  const erasing = useSelector(editor, (snapshot) => snapshot.matches({ open: 'erasing' }));
  const { points, pointer, cursor, kind } = useSelector(editor, (snapshot) => snapshot.context);
  if (!open) return null;
  const snapped = (event: ReactPointerEvent) =>
    snapWallEnd(locate(event), { grid, map, walls, free: event.altKey });
  const erase = (at: Point) => {
    const wall = wallNear(at, walls, grid.cellPx * ERASE_REACH_CELLS);
    if (wall) editor.send({ type: 'wall.erase', id: wall.id });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const arrow = ARROWS[event.key];
    if (arrow) {
      event.preventDefault();
      editor.send({ type: 'cursor.step', ...arrow });
    } else if (event.key === 'Escape') editor.send({ type: 'draw.cancel' });
    else if (event.key === 'Enter') {
      event.preventDefault();
      const last = points.at(-1);
      if (erasing) {
        if (cursor) erase(cursor);
      } else if (cursor && last && last.x === cursor.x && last.y === cursor.y)
        editor.send({ type: 'draw.finish' });
      else editor.send({ type: 'cursor.place' });
    }
  };
  const preview = polylineWalls(pointer ? [...points, pointer] : points, kind);
  return (
    <div
      className={erasing ? 'wall-draw wall-draw--erasing' : 'wall-draw'}
      role="application"
      aria-label={visionMessages.area}
      tabIndex={0}
      data-testid="wall-draw"
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.stopPropagation();
        event.currentTarget.focus();
        if (erasing) erase(locate(event));
        else editor.send({ type: 'draw.point', at: snapped(event) });
      }}
      onPointerMove={(event) => {
        event.stopPropagation();
        if (editor.getSnapshot().matches({ open: 'drawing' }))
          editor.send({ type: 'draw.move', at: snapped(event) });
      }}
      onPointerUp={(event) => event.stopPropagation()}
      onDoubleClick={() => editor.send({ type: 'draw.finish' })}
      onKeyDown={onKeyDown}
    >
      <svg
        viewBox={`0 0 ${map.width} ${map.height}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        {preview.map((wall, index) => (
          <line
            key={index}
            className={`map-wall map-wall--${wall.kind} wall-draw__preview`}
            x1={wall.a.x}
            y1={wall.a.y}
            x2={wall.b.x}
            y2={wall.b.y}
          />
        ))}
        {points.map((point, index) => (
          <circle key={index} className="wall-draw__end" cx={point.x} cy={point.y} r={grid.cellPx / 10} />
        ))}
        {cursor && <circle className="wall-draw__cursor" cx={cursor.x} cy={cursor.y} r={grid.cellPx / 5} />}
      </svg>
    </div>
  );
}
