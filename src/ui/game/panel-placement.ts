import type { Point, Size } from '../../domain/geometry/geometry';

export interface Box extends Point, Size {}

/** Room kept between the panel and the area's edges or the map's buttons. */
export const PANEL_MARGIN_PX = 8;

/**
 * Where the floating panel stands in the map's area when its reader wants it at `wanted`: wholly
 * inside the area (so never over the chat beside or under the map), and above any of `avoided`
 * (the map's own buttons) it would otherwise cover. `maxHeight` is what is left above them: a
 * panel taller than that scrolls inside rather than covering them.
 */
export function placePanel(
  wanted: Point,
  panel: Size,
  area: Size,
  avoided: readonly Box[],
): { x: number; y: number; maxHeight: number } {
  const margin = PANEL_MARGIN_PX;
  const x = Math.max(margin, Math.min(wanted.x, area.width - panel.width - margin));
  const bottom = avoided
    .filter((box) => x < box.x + box.width && x + panel.width > box.x)
    .reduce((lowest, box) => Math.min(lowest, box.y - margin), area.height - margin);
  const maxHeight = Math.max(0, bottom - margin);
  const height = Math.min(panel.height, maxHeight);
  const y = Math.max(margin, Math.min(wanted.y, bottom - height));
  return { x, y, maxHeight };
}
