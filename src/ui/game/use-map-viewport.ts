import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { Point, Size } from '../../domain/geometry/geometry';
import type { ActorRefFrom } from 'xstate';
import type { View } from '../../domain/geometry/viewport';
import type { mapViewportMachine } from '../../machines/map-viewport.machine';
import { boardMotion } from './board-motion';

export type MapViewportActor = ActorRefFrom<typeof mapViewportMachine>;

export interface LongPress {
  /** Where the finger is in the window, and the map point under it. */
  client: Point;
  map: Point;
}

/** Read by the tokens' names, which stay legible when the map is shown small; a change lays out all of them. */
function settle(board: HTMLElement | null, view: View): void {
  board?.style.setProperty('--map-zoom', String(view.scale));
}

/** The zoom the names are cut for: they are drawn the same size on screen from 1 in. */
function namesZoomOf(view: View): number {
  return Math.min(view.scale, 1);
}

/**
 * The map's camera bound to the page: the frame's size and wheel go to the viewport machine, and
 * its view goes straight to the board's transform (board-motion.ts) — a pan or a zoom moves one
 * element and never re-renders a thousand tokens. While a hand carries the camera (the machine's
 * `camera` region) the board is moved as a picture; once it is still, it is laid out and painted
 * at its view. `map` is the shown map's size (null: none); a different map (`mapKey`) is fitted
 * again. Returns the zoom the tokens' names are cut for, which changes only when the board settles.
 */
export function useMapViewport(
  viewport: MapViewportActor,
  { frame, board }: { frame: RefObject<HTMLElement | null>; board: RefObject<HTMLElement | null> },
  map: Size | null,
  mapKey: string | null,
  onLongPress: (at: LongPress) => void,
) {
  const [motion] = useState(boardMotion);
  const [namesZoom, setNamesZoom] = useState(() => namesZoomOf(viewport.getSnapshot().context.view));
  const longPress = useRef(onLongPress);
  useEffect(() => {
    longPress.current = onLongPress;
  }, [onLongPress]);
  const shown = map !== null;
  const width = map?.width ?? 0;
  const height = map?.height ?? 0;

  useEffect(() => {
    const subscription = viewport.on('longPress', (at) => {
      const rect = frame.current?.getBoundingClientRect();
      longPress.current({
        client: { x: at.frame.x + (rect?.left ?? 0), y: at.frame.y + (rect?.top ?? 0) },
        map: at.map,
      });
    });
    return () => subscription.unsubscribe();
  }, [viewport, frame]);

  useLayoutEffect(() => {
    let repainting = 0;
    let drawn = viewport.getSnapshot().context.view;
    let sharpAt = drawn.scale;
    let still = true;
    // Set down where it was carried to, should the camera change mid-gesture.
    const carried = board.current;
    const subscription = viewport.subscribe((snapshot) => {
      const view = snapshot.context.view;
      const stillNow = snapshot.matches({ camera: 'still' });
      if (view === drawn && stillNow === still) return;
      drawn = view;
      still = stillNow;
      const element = board.current;
      if (!still) {
        if (element) motion.move(element, view);
        return;
      }
      motion.rest(element, view);
      // A pan moves the picture without stretching it: only a new scale needs painting again.
      if (!element || view.scale === sharpAt) return;
      sharpAt = view.scale;
      settle(element, view);
      setNamesZoom(namesZoomOf(view));
      cancelAnimationFrame(repainting);
      element.classList.add('table-map__board--settling');
      repainting = requestAnimationFrame(() => {
        repainting = requestAnimationFrame(() => element.classList.remove('table-map__board--settling'));
      });
    });
    return () => {
      cancelAnimationFrame(repainting);
      subscription.unsubscribe();
      motion.rest(carried, drawn);
    };
  }, [viewport, board, motion]);

  useLayoutEffect(() => {
    const element = frame.current;
    if (!shown || !element) return;
    const measure = () =>
      viewport.send({
        type: 'frame.resized',
        size: { width: element.clientWidth, height: element.clientHeight },
      });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [viewport, frame, shown]);

  useLayoutEffect(() => {
    if (!shown) return;
    // The board is drawn anew with each map: give it the view at once (the owner of the viewport
    // told it the map's size, and it fitted it).
    const view = viewport.getSnapshot().context.view;
    motion.rest(board.current, view);
    settle(board.current, view);
  }, [viewport, board, motion, shown, width, height, mapKey]);

  useEffect(() => {
    const element = frame.current;
    if (!shown || !element) return;
    // React's wheel listener is passive: the page would scroll under the zoom.
    const zoom = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      const lines = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? 16 : 1;
      viewport.send({
        type: 'viewport.wheel',
        at: { x: event.clientX - rect.left, y: event.clientY - rect.top },
        deltaY: event.deltaY * lines,
        time: event.timeStamp,
      });
    };
    element.addEventListener('wheel', zoom, { passive: false });
    return () => element.removeEventListener('wheel', zoom);
  }, [viewport, frame, shown]);

  return namesZoom;
}
