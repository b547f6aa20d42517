import { exploredLayout, type Explored } from '../geometry/explored';
import type { Point, Size } from '../geometry/geometry';
import { exploredPath, polygonPath } from '../geometry/map-paths';
import type { SightPolygon } from '../geometry/sight';
import type { FogShape, MapFog } from './fog';
import { gridOf, own } from './records';
import { readExplored } from './remembered';
import type { TableState } from './types';

/**
 * What of the players' map a player's picture shows (docs/decisions/0032-masked-map-pictures.md):
 * where the fog reveals, and on a map with vision only inside their tokens' sight, at half strength
 * where the fog reveals what their tokens saw before. The server paints everything else out of the
 * picture it sends; the client reads the same description from its copy to know when to ask for a
 * new one.
 */
export interface VisibleArea {
  /** The map's fog; null: revealed everywhere. */
  fog: MapFog | null;
  /** Their tokens' sight, in the map's pixels; null: the map has no vision, sight hides nothing. */
  sight: readonly SightPolygon[] | null;
  /** The cells their tokens saw before (decision 0025); null: none, or a map without vision. */
  remembered: Explored | null;
}

/** The players' map and what a player's copy of the table shows of it; null when no map is shown. */
export function visibleAreaOf(
  copy: Pick<TableState, 'currentMap' | 'fogs' | 'sight' | 'grids'>,
): { map: string; area: VisibleArea } | null {
  const shown = copy.currentMap;
  if (!shown) return null;
  const map = shown.name;
  const sight = copy.sight?.map === map ? copy.sight : null;
  const explored = sight?.explored
    ? readExplored(exploredLayout(gridOf(copy, map), shown), sight.explored)
    : null;
  const remembered = explored?.bits.some((byte) => byte !== 0) ? explored : null;
  return { map, area: { fog: own(copy.fogs, map) ?? null, sight: sight?.polygons ?? null, remembered } };
}

/** What a remembered cell shows of the picture: half of it, laid on the fog's colour. */
export const REMEMBERED_SHOWS = 0.5;

/** The fog's colour (src/ui/game/fog.css): what a player sees of the fog is the same paint. */
export const PAINT_COLOUR = '#0b0d12';

/** A tenth of a map pixel: finer than any picture shows, and the same area always writes the same text. */
const tenth = (value: number) => Math.round(value * 10) / 10;

const percentPoints = (points: readonly Point[], map: Size) =>
  points
    .map((point) => `${tenth((point.x / 100) * map.width)},${tenth((point.y / 100) * map.height)}`)
    .join(' ');

/** One fog shape in the mask of what it reveals: white where it reveals, black where it covers. */
function fogShapeSvg(shape: FogShape, map: Size): string {
  const colour = shape.mode === 'reveal' ? 'white' : 'black';
  if (shape.kind === 'rect') {
    const [a, b] = shape.points as [Point, Point];
    const x = tenth((Math.min(a.x, b.x) / 100) * map.width);
    const y = tenth((Math.min(a.y, b.y) / 100) * map.height);
    const width = tenth((Math.abs(a.x - b.x) / 100) * map.width);
    const height = tenth((Math.abs(a.y - b.y) / 100) * map.height);
    return `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${colour}"/>`;
  }
  if (shape.kind === 'polygon')
    return `<polygon points="${percentPoints(shape.points, map)}" fill="${colour}" fill-rule="evenodd"/>`;
  // One point is a dot: a line from it to itself, drawn with round caps.
  const points = shape.points.length === 1 ? [shape.points[0]!, shape.points[0]!] : shape.points;
  const width = tenth(((2 * (shape.radius ?? 0)) / 100) * map.width);
  return (
    `<polyline points="${percentPoints(points, map)}" fill="none" stroke="${colour}" ` +
    `stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

/**
 * The paint laid over the map's picture, as the inside of an SVG in the map's own pixels: the fog's
 * colour everywhere the player may not see, nothing where they may. The same area always gives the
 * same text, which the server's cache and the client's request are keyed by (the server draws the
 * same area by scanlines, server/modules/map-pictures/mask.ts); null when the player sees the whole map.
 *
 * Inside two masks: `hidden` (white where it paints) is their sight in black and the remembered
 * cells in grey, drawn through `revealed` (the fog, white where it reveals), so what shows is the
 * sight's intersection with the fog, and what shows at half strength the remembered cells'.
 */
export function paintOver(area: VisibleArea, map: Size): string | null {
  const { fog, sight, remembered } = area;
  const fogHides =
    fog !== null && (fog.base === 'covered' || fog.shapes.some((shape) => shape.mode === 'cover'));
  if (!fogHides && sight === null) return null;
  const whole = `width="${map.width}" height="${map.height}"`;
  const box = `maskUnits="userSpaceOnUse" x="0" y="0" ${whole}`;
  const revealed =
    fog === null
      ? ''
      : `<mask id="revealed" ${box}><rect ${whole} fill="${fog.base === 'covered' ? 'black' : 'white'}"/>` +
        fog.shapes.map((shape) => fogShapeSvg(shape, map)).join('') +
        '</mask>';
  const half = Math.round((1 - REMEMBERED_SHOWS) * 255);
  const dimmed =
    remembered === null ? '' : `<path d="${exploredPath(remembered)}" fill="rgb(${half},${half},${half})"/>`;
  // One path each: polygons of opposite windings in one path would cancel where they overlap.
  const shown =
    sight === null
      ? `<rect ${whole} fill="black"/>`
      : dimmed + sight.map((polygon) => `<path d="${polygonPath(polygon)}" fill="black"/>`).join('');
  const through = fog === null ? shown : `<g mask="url(#revealed)">${shown}</g>`;
  return (
    `<defs>${revealed}<mask id="hidden" ${box}><rect ${whole} fill="white"/>${through}</mask></defs>` +
    `<rect ${whole} fill="${PAINT_COLOUR}" mask="url(#hidden)"/>`
  );
}
