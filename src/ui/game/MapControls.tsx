import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { scaleBounds } from '../../domain/geometry/viewport';
import type { mapViewportMachine } from '../../machines/map-viewport.machine';
import { HistoryButtons, type HistoryControls } from './HistoryButtons';
import { gridMessages, pointerMessages, viewportMessages } from './messages';
import { MapTools, type MapTool } from './MapTools';

/**
 * The map's own buttons: zoom out and in around the frame's centre, the zoom shown as a
 * percentage of the map's true size, the whole map back in view, and the ruler — on a touch
 * screen, where there is no Alt key, a drag draws the measuring arrow while it is on. Then
 * « Aimanter » (drops snap to the grid) and, for the MJ, « Grille », which opens the grid tool,
 * « Brouillard », the fog tool, and « Murs », the walls tool (MapTools.tsx). Last, « Annuler » and « Rétablir » for whoever has a history
 * at the table, titled with the action they would take back or do again.
 */
export function MapControls({
  viewport,
  ruler,
  onRuler,
  sharedRuler,
  picking,
  snap = true,
  onSnap,
  grid = null,
  history,
  fog = null,
  walls = null,
}: {
  viewport: ActorRefFrom<typeof mapViewportMachine>;
  ruler: boolean;
  onRuler: (on: boolean) => void;
  /** Whether the user's arrow is shown to the others while drawn, and the switch. */
  sharedRuler?: { on: boolean; set: (on: boolean) => void };
  /** Taps and drags pick tokens, as Maj + click does: a touch screen's way (shown there only). */
  picking?: { on: boolean; set: (on: boolean) => void } | undefined;
  snap?: boolean;
  onSnap?: (on: boolean) => void;
  /** The MJ's grid tool: whether it is open, and how to open it. */
  grid?: MapTool | null;
  history?: HistoryControls | undefined;
  /** The MJ's fog tool: whether it is open, and how to open it. */
  fog?: MapTool | null;
  /** The MJ's walls tool: whether it is open, and how to open it. */
  walls?: MapTool | null;
}) {
  const zoom = useSelector(viewport, (snapshot) => Math.round(snapshot.context.view.scale * 100));
  const fitted = useSelector(viewport, (snapshot) => snapshot.matches({ framing: 'fitted' }));
  // A button that could change nothing is shown so: « + » at the closest zoom, « − » at the furthest.
  const reach = useSelector(viewport, ({ context }) => {
    const { min, max } = scaleBounds(context.map, context.frame);
    return context.view.scale >= max - 1e-9
      ? 'closest'
      : context.view.scale <= min + 1e-9
        ? 'furthest'
        : null;
  });
  return (
    <div
      className="map-controls"
      role="toolbar"
      aria-label={viewportMessages.toolbar}
      onPointerDown={(event) => event.stopPropagation()}
    >
      <button
        type="button"
        className="secondary"
        aria-label={viewportMessages.zoomOut}
        title={viewportMessages.zoomOut}
        disabled={reach === 'furthest'}
        onClick={() => viewport.send({ type: 'viewport.zoomOut' })}
      >
        −
      </button>
      <output className="map-controls__zoom" aria-label={viewportMessages.zoomLevel}>
        {viewportMessages.percent(zoom)}
      </output>
      <button
        type="button"
        className="secondary"
        aria-label={viewportMessages.zoomIn}
        title={viewportMessages.zoomIn}
        disabled={reach === 'closest'}
        onClick={() => viewport.send({ type: 'viewport.zoomIn' })}
      >
        +
      </button>
      <button
        type="button"
        className="secondary"
        disabled={fitted}
        title={viewportMessages.fitTitle}
        onClick={() => viewport.send({ type: 'viewport.fit' })}
      >
        {viewportMessages.fit}
      </button>
      <button
        type="button"
        className={ruler ? 'map-controls__ruler map-controls__ruler--on' : 'map-controls__ruler secondary'}
        aria-pressed={ruler}
        title={viewportMessages.rulerTitle}
        onClick={() => onRuler(!ruler)}
      >
        {viewportMessages.ruler}
      </button>
      {sharedRuler && (
        <button
          type="button"
          className={
            sharedRuler.on ? 'map-controls__ruler map-controls__ruler--on' : 'map-controls__ruler secondary'
          }
          aria-pressed={sharedRuler.on}
          title={pointerMessages.shareRulerTitle}
          onClick={() => sharedRuler.set(!sharedRuler.on)}
        >
          {pointerMessages.shareRuler}
        </button>
      )}
      {picking && (
        <button
          type="button"
          className={
            picking.on
              ? 'map-controls__ruler map-controls__ruler--on map-controls__picking'
              : 'map-controls__ruler secondary map-controls__picking'
          }
          aria-pressed={picking.on}
          title={pointerMessages.pickingTitle}
          onClick={() => picking.set(!picking.on)}
        >
          {pointerMessages.picking}
        </button>
      )}
      {onSnap && (
        <button
          type="button"
          className={snap ? 'map-controls__ruler map-controls__ruler--on' : 'map-controls__ruler secondary'}
          aria-pressed={snap}
          title={gridMessages.snapTitle}
          onClick={() => onSnap(!snap)}
        >
          {gridMessages.snap}
        </button>
      )}
      <MapTools grid={grid} fog={fog} walls={walls} />
      {history && <HistoryButtons history={history} className="map-controls__history" />}
    </div>
  );
}
