import { CELL_PX, percentToPixels, type Size } from '../../domain/geometry/geometry';
import { tokenCells } from '../../domain/table/token-size';
import type { MapToken } from '../../domain/table/types';

/** The least size a name is drawn at on screen, whatever the zoom: legible on a phone. */
export const NAME_SCREEN_PX = 11;
/** Screen pixels a name needs across to be read where it stands: three letters and an ellipsis at that size. */
const NAME_LEGIBLE_ROOM_PX = 30;

type Placed = Pick<MapToken, 'usableId' | 'x' | 'y' | 'size'>;

interface Span {
  id: string;
  left: number;
  right: number;
  bottom: number;
}

/**
 * How wide, in the map's pixels, each token's name may be drawn under it: its own width, and half
 * a cell either side when no token stands there. Names of tokens side by side on a row share the
 * gap between them, so they never cover each other (docs/decisions/0017-tokens-of-every-size.md);
 * a token alone keeps the room its name always had. Tokens are grouped by the row their lower edge
 * falls on, so a thousand tokens cost a few comparisons each.
 */
export function nameRooms(tokens: readonly Placed[], map: Size, cellPx = CELL_PX): Map<string, number> {
  const rows = new Map<number, Span[]>();
  const spans = tokens.map((token) => {
    const corner = percentToPixels(token, map, tokenCells(token), cellPx);
    const side = tokenCells(token) * cellPx;
    const span = { id: token.usableId, left: corner.x, right: corner.x + side, bottom: corner.y + side };
    const row = Math.floor(span.bottom / cellPx);
    const onRow = rows.get(row);
    if (onRow) onRow.push(span);
    else rows.set(row, [span]);
    return span;
  });
  const rooms = new Map<string, number>();
  for (const span of spans) {
    const row = Math.floor(span.bottom / cellPx);
    let free = cellPx / 2;
    for (let near = row - 1; near <= row + 1; near += 1) {
      for (const other of rows.get(near) ?? []) {
        // Names hang under lower edges less than half a cell apart: they would meet.
        if (other === span || Math.abs(other.bottom - span.bottom) >= cellPx / 2) continue;
        const gap = Math.max(0, other.left - span.right, span.left - other.right);
        if (gap < 2 * free) free = gap / 2;
      }
    }
    rooms.set(span.id, span.right - span.left + 2 * free);
  }
  return rooms;
}

/**
 * The zoom from which a name `room` map pixels wide is drawn under its token: below it the room
 * would show less than a few letters at `NAME_SCREEN_PX`, so the name shows only while its token is
 * pointed at, focused, held or selected (map-token.css), as Foundry shows names on hover.
 */
export function nameShownFrom(room: number): number {
  return NAME_LEGIBLE_ROOM_PX / room;
}
