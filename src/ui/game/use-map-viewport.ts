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

/** How long after the view last moved the board is set down, and painted again at a new scale. */
const SETTLE_MS = 200;

/** Read by the tokens' names, which stay legible when the map is shown small; a change lays out all of them. */
function settle(board: HTMLElement | null, view: View): void {
  board?.style.setProperty('--map-zoom', String(view.scale));
}

/**
 * The map's camera bound to the page: the frame's size and wheel go to the viewport machine, and
 * its view goes straight to the board's transform (board-motion.ts) — a pan or a zoom moves one
 * element and never re-renders a thousand tokens. `map` is the shown map's size (null: none); a different
 * map (`mapKey`) is fitted again.
 */
export function useMapViewport(
  viewport: MapViewportActor,
  { frame, board }: { frame: RefObject<HTMLElement | null>; board: RefObject<HTMLElement | null> },
  map: Size | null,
  mapKey: string | null,
  onLongPress: (at: LongPress) => void,
) {
  const [motion] = useState(boardMotion);
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
    let settling: ReturnType<typeof setTimeout> | undefined;
    let repainting = 0;
    let drawn = viewport.getSnapshot().context.view;
    let sharpAt = drawn.scale;
    // Set down where it was carried to, should the camera change mid-gesture.
    const carried = board.current;
    const subscription = viewport.subscribe((snapshot) => {
      const view = snapshot.context.view;
      if (view === drawn) return;
      drawn = view;
      if (board.current) motion.move(board.current, view);
      clearTimeout(settling);
      cancelAnimationFrame(repainting);
      settling = setTimeout(() => {
        const element = board.current;
        motion.rest(element, view);
        // A pan moves the picture without stretching it: only a new scale needs painting again.
        if (!element || view.scale === sharpAt) return;
        sharpAt = view.scale;
        settle(element, view);
        element.classList.add('table-map__board--settling');
        repainting = requestAnimationFrame(() => {
          repainting = requestAnimationFrame(() => element.classList.remove('table-map__board--settling'));
        });
      }, SETTLE_MS);
    });
    return () => {
      clearTimeout(settling);
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
      });
    };
    element.addEventListener('wheel', zoom, { passive: false });
    return () => element.removeEventListener('wheel', zoom);
  }, [viewport, frame, shown]);

  return viewport;
}
