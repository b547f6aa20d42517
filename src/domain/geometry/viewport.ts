import type { Point, Size } from './geometry';

/**
 * The camera over the map (one viewport transform). The map, its tokens, ranges and
 * arrows are drawn in the map's own pixels; the view says where that drawing sits in the frame
 * and how large: a map pixel `p` shows at `p × scale + (x, y)` frame pixels. Zooming and panning
 * change the view only, never a stored position, so every reader's table stays the same.
 */
export interface View {
  x: number;
  y: number;
  scale: number;
}

/** Closer than this, a 75 px cell would fill a phone's screen: nothing more to see. */
export const MAX_SCALE = 4;
/** The furthest a player may zoom out before the whole map is in view anyway. */
const MIN_SCALE = 0.2;
/** One press of « + » or « − ». */
export const ZOOM_STEP = 1.25;
/** Share of the map (or of the frame, when the map is larger) that always stays in view. */
const KEPT_IN_VIEW = 0.3;

function isDrawable(size: Size): boolean {
  return size.width > 0 && size.height > 0;
}

/** The scale at which the whole map fits the frame; a map of a few cells is not blown up past the maximum. */
export function fitScale(map: Size, frame: Size): number {
  if (!isDrawable(map) || !isDrawable(frame)) return 1;
  return Math.min(MAX_SCALE, frame.width / map.width, frame.height / map.height);
}

/** How far « − » and « + » may go: out to the smaller of the floor and the fit, in to the maximum. */
export function scaleBounds(map: Size, frame: Size): { min: number; max: number } {
  return { min: Math.min(MIN_SCALE, fitScale(map, frame)), max: MAX_SCALE };
}

/** « Ajuster » : the whole map in the frame, centred. */
export function fitView(map: Size, frame: Size): View {
  const scale = fitScale(map, frame);
  return {
    scale,
    x: (frame.width - map.width * scale) / 2,
    y: (frame.height - map.height * scale) / 2,
  };
}

/**
 * The view moved back so a good part of the map stays in the frame: a user may pull a corner of
 * the map to the middle of the screen (out from under a panel), never lose the map altogether.
 */
export function keptInFrame(view: View, map: Size, frame: Size): View {
  const { min, max } = scaleBounds(map, frame);
  const scale = Math.min(max, Math.max(min, view.scale));
  const axis = (offset: number, mapLength: number, frameLength: number) => {
    const drawn = mapLength * scale;
    const kept = Math.min(drawn, frameLength) * KEPT_IN_VIEW;
    return Math.min(frameLength - kept, Math.max(kept - drawn, offset));
  };
  return { scale, x: axis(view.x, map.width, frame.width), y: axis(view.y, map.height, frame.height) };
}

/** A frame point in the map's pixels. */
export function toMap(view: View, at: Point): Point {
  return { x: (at.x - view.x) / view.scale, y: (at.y - view.y) / view.scale };
}

/** A map point in the frame's pixels. */
export function toFrame(view: View, point: Point): Point {
  return { x: point.x * view.scale + view.x, y: point.y * view.scale + view.y };
}

/** The view scaled by `factor` around a frame point, which stays over the same spot of the map. */
export function zoomedAt(view: View, factor: number, at: Point, map: Size, frame: Size): View {
  const { min, max } = scaleBounds(map, frame);
  const scale = Math.min(max, Math.max(min, view.scale * factor));
  const under = toMap(view, at);
  return keptInFrame({ scale, x: at.x - under.x * scale, y: at.y - under.y * scale }, map, frame);
}

export function pannedBy(view: View, by: Point, map: Size, frame: Size): View {
  return keptInFrame({ ...view, x: view.x + by.x, y: view.y + by.y }, map, frame);
}

/** A map point brought to the frame's centre, at the current scale (focusing a token). */
export function centredOn(view: View, point: Point, map: Size, frame: Size): View {
  return keptInFrame(
    {
      scale: view.scale,
      x: frame.width / 2 - point.x * view.scale,
      y: frame.height / 2 - point.y * view.scale,
    },
    map,
    frame,
  );
}

function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/**
 * Two fingers: the map point under their first midpoint follows the midpoint, and the scale
 * follows their spread, so the map stays under the fingers as it does on a phone's photo viewer.
 */
export function pinched(
  start: View,
  from: readonly [Point, Point],
  to: readonly [Point, Point],
  map: Size,
  frame: Size,
): View {
  const spreadBefore = Math.hypot(from[1].x - from[0].x, from[1].y - from[0].y);
  const spreadAfter = Math.hypot(to[1].x - to[0].x, to[1].y - to[0].y);
  const { min, max } = scaleBounds(map, frame);
  const scale =
    spreadBefore > 0 ? Math.min(max, Math.max(min, start.scale * (spreadAfter / spreadBefore))) : start.scale;
  const under = toMap(start, midpoint(from[0], from[1]));
  const centre = midpoint(to[0], to[1]);
  return keptInFrame({ scale, x: centre.x - under.x * scale, y: centre.y - under.y * scale }, map, frame);
}

/** The factor of one wheel notch or trackpad scroll: smooth on a trackpad, about 1.2 per notch. */
export function wheelFactor(deltaY: number): number {
  return Math.exp(-Math.max(-300, Math.min(300, deltaY)) * 0.0015);
}
