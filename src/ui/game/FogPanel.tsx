import { useSelector } from '@xstate/react';
import { useId, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { pixelsToPoint, type Point, type Size } from '../../domain/geometry/geometry';
import { FOG_BRUSH_MAX, FOG_BRUSH_MIN, type FogKind, type FogMode } from '../../domain/table/fog';
import { shapeOf, type FogEditorEvent, type fogEditorMachine } from '../../machines/fog-editor.machine';
import { Notice } from '../components/Notice';
import { FogShapePath } from './FogLayer';
import { fogMessages } from './messages';

export type FogEditorActor = ActorRefFrom<typeof fogEditorMachine>;

const MODES: FogMode[] = ['reveal', 'cover'];
const TOOLS: FogKind[] = ['rect', 'polygon', 'brush'];

/**
 * The MJ's « Brouillard » panel: reveal or cover, the shape's tool and the brush's size, and the
 * whole map at once. Radios and buttons, so the keyboard reaches all of it.
 */
export function FogPanel({ editor }: { editor: FogEditorActor }) {
  const open = useSelector(editor, (snapshot) => snapshot.matches('open'));
  const { mode, tool, radius, refusal } = useSelector(editor, (snapshot) => snapshot.context);
  const closable = useSelector(
    editor,
    (snapshot) => snapshot.context.tool === 'polygon' && snapshot.context.points.length > 0,
  );
  if (!open) return null;
  return (
    <form
      className="grid-panel fog-panel"
      aria-label={fogMessages.panel}
      onPointerDown={(event) => event.stopPropagation()}
      onSubmit={(event) => event.preventDefault()}
    >
      <p className="grid-panel__title">{fogMessages.panel}</p>
      <fieldset className="fog-panel__choice">
        <legend>{fogMessages.mode}</legend>
        {MODES.map((one) => (
          <label key={one}>
            <input
              type="radio"
              name="fog-mode"
              checked={mode === one}
              onChange={() => editor.send({ type: 'fog.mode', mode: one })}
            />
            {fogMessages[one]}
          </label>
        ))}
      </fieldset>
      <fieldset className="fog-panel__choice">
        <legend>{fogMessages.shape}</legend>
        {TOOLS.map((one) => (
          <label key={one}>
            <input
              type="radio"
              name="fog-tool"
              checked={tool === one}
              onChange={() => editor.send({ type: 'fog.tool', tool: one })}
            />
            {fogMessages[one]}
          </label>
        ))}
      </fieldset>
      {tool === 'brush' && (
        <label>
          {fogMessages.brushSize}
          <input
            type="range"
            min={FOG_BRUSH_MIN}
            max={FOG_BRUSH_MAX / 2}
            step={0.5}
            value={radius}
            onChange={(event) => editor.send({ type: 'fog.brush', radius: Number(event.target.value) })}
          />
        </label>
      )}
      <p className="grid-panel__hint">{fogMessages.hint[tool]}</p>
      {closable && (
        // A row of its own, shown while a polygon is drawn: the panel's width stays its own.
        <div className="grid-panel__actions">
          <button type="button" onClick={() => editor.send({ type: 'draw.finish' })}>
            {fogMessages.finish}
          </button>
        </div>
      )}
      {refusal && <Notice tone="error">{refusal}</Notice>}
      <div className="grid-panel__actions">
        <button type="button" onClick={() => editor.send({ type: 'fog.all', base: 'revealed' })}>
          {fogMessages.revealAll}
        </button>
        <button type="button" onClick={() => editor.send({ type: 'fog.all', base: 'covered' })}>
          {fogMessages.coverAll}
        </button>
        <button type="button" className="secondary" onClick={() => editor.send({ type: 'fog.close' })}>
          {fogMessages.close}
        </button>
      </div>
    </form>
  );
}

/** The keys that move the keyboard's cursor, as steps of a cell. */
const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};
/** Maj + an arrow moves by a fifth of a cell, for a corner off the grid's lines. */
const FINE_STEP = 5;

/**
 * While the fog tool is open, the surface the MJ draws on, over the map: it takes the pointer from
 * the tokens and the viewport, and previews the shape being drawn. Focused, it is also drawn on
 * from the keyboard: a crosshair the arrows move by a cell, Enter or Space for each corner or point,
 * each step said in a live region. `locate` gives a pointer's place on the map, in its pixels;
 * `viewCentre` the middle of what the map's frame shows, where the keyboard's cursor starts.
 */
export function FogDraw({
  editor,
  map,
  cellPx,
  locate,
  viewCentre,
}: {
  editor: FogEditorActor;
  map: Size;
  cellPx: number;
  locate: (event: ReactPointerEvent) => Point;
  viewCentre: () => Point;
}) {
  const open = useSelector(editor, (snapshot) => snapshot.matches('open'));
  const context = useSelector(editor, (snapshot) => snapshot.context);
  const describedBy = useId();
  if (!open) return null;
  const at = (event: ReactPointerEvent) => pixelsToPoint(locate(event), map);
  const preview = shapeOf({
    ...context,
    // A polygon's next corner follows the pointer; two corners already show as a triangle.
    points: context.pointer ? [...context.points, context.pointer] : context.points,
  });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const arrow = ARROWS[event.key];
    const step = event.shiftKey ? cellPx / FINE_STEP : cellPx;
    const sent: FogEditorEvent | null = arrow
      ? {
          type: 'cursor.move',
          by: { x: (arrow.x * step * 100) / map.width, y: (arrow.y * step * 100) / map.height },
        }
      : event.key === 'Enter' || event.key === ' '
        ? { type: 'key.press' }
        : event.key === 'Backspace'
          ? { type: 'key.back' }
          : event.key === 'Escape'
            ? { type: 'draw.cancel' }
            : null;
    if (!sent) return;
    // The map's own keys (its panning, a focused token's moves) stay out of the drawing.
    event.preventDefault();
    event.stopPropagation();
    editor.send(sent);
  };
  const { cursor } = context;
  return (
    <>
      <div
        className="fog-draw"
        role="application"
        aria-label={fogMessages.area}
        aria-describedby={describedBy}
        tabIndex={0}
        data-testid="fog-draw"
        onFocus={() => editor.send({ type: 'cursor.show', at: pixelsToPoint(viewCentre(), map) })}
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          event.stopPropagation();
          event.currentTarget.setPointerCapture?.(event.pointerId);
          event.currentTarget.focus();
          editor.send({ type: 'draw.press', at: at(event) });
        }}
        onPointerMove={(event) => {
          event.stopPropagation();
          if (editor.getSnapshot().matches({ open: 'drawing' }))
            editor.send({ type: 'draw.move', at: at(event) });
        }}
        onPointerUp={(event) => {
          event.stopPropagation();
          editor.send({ type: 'draw.release' });
        }}
        onPointerCancel={() => editor.send({ type: 'draw.cancel' })}
        onDoubleClick={() => editor.send({ type: 'draw.finish' })}
        onKeyDown={onKeyDown}
      >
        {(preview || cursor) && (
          <svg
            viewBox={`0 0 ${map.width} ${map.height}`}
            preserveAspectRatio="none"
            aria-hidden="true"
            focusable="false"
          >
            {preview && (
              <g className={`fog-draw__preview fog-draw__preview--${context.mode}`}>
                <FogShapePath shape={preview} map={map} fill="currentColor" />
              </g>
            )}
            {cursor && (
              <FogCursor
                at={{ x: (cursor.x / 100) * map.width, y: (cursor.y / 100) * map.height }}
                size={cellPx / 2}
              />
            )}
          </svg>
        )}
      </div>
      <p id={describedBy} className="visually-hidden">
        {fogMessages.keys}
      </p>
      <p className="visually-hidden" role="status">
        {context.said && fogMessages.said(context.said)}
      </p>
    </>
  );
}

/** The keyboard's cursor: a crosshair, dark under light so it shows on any map. */
function FogCursor({ at, size }: { at: Point; size: number }) {
  const lines = `M${at.x - size} ${at.y}H${at.x + size}M${at.x} ${at.y - size}V${at.y + size}`;
  return (
    <g className="fog-draw__cursor" data-testid="fog-cursor">
      <path d={lines} className="fog-draw__cursor-shade" />
      <path d={lines} className="fog-draw__cursor-line" />
      <circle cx={at.x} cy={at.y} r={size / 4} className="fog-draw__cursor-line" />
    </g>
  );
}
