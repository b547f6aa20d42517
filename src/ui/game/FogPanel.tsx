import { useSelector } from '@xstate/react';
import type { KeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { pixelsToPoint, type Point, type Size } from '../../domain/geometry/geometry';
import { FOG_BRUSH_MAX, FOG_BRUSH_MIN, type FogKind, type FogMode } from '../../domain/table/fog';
import { shapeOf, type fogEditorMachine } from '../../machines/fog-editor.machine';
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

/**
 * While the fog tool is open, the surface the MJ draws on, over the map: it takes the pointer from
 * the tokens and the viewport, and previews the shape being drawn. `locate` gives a pointer's place
 * on the map, in its pixels.
 */
export function FogDraw({
  editor,
  map,
  locate,
}: {
  editor: FogEditorActor;
  map: Size;
  locate: (event: ReactPointerEvent) => Point;
}) {
  const open = useSelector(editor, (snapshot) => snapshot.matches('open'));
  const context = useSelector(editor, (snapshot) => snapshot.context);
  if (!open) return null;
  const at = (event: ReactPointerEvent) => pixelsToPoint(locate(event), map);
  const preview = shapeOf({
    ...context,
    // A polygon's next corner follows the pointer; two corners already show as a triangle.
    points: context.pointer ? [...context.points, context.pointer] : context.points,
  });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') editor.send({ type: 'draw.cancel' });
    if (event.key === 'Enter') editor.send({ type: 'draw.finish' });
  };
  return (
    <div
      className="fog-draw"
      role="application"
      aria-label={fogMessages.area}
      tabIndex={0}
      data-testid="fog-draw"
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
      {preview && (
        <svg
          viewBox={`0 0 ${map.width} ${map.height}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          <g className={`fog-draw__preview fog-draw__preview--${context.mode}`}>
            <FogShapePath shape={preview} map={map} fill="currentColor" />
          </g>
        </svg>
      )}
    </div>
  );
}
