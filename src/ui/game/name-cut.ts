import { NAME_SCREEN_PX } from './name-room';

const ELLIPSIS = '…';
/** The band's padding either side of a name (map-token.css: 0.1em), inside its room. */
const NAME_PADDING_PX = NAME_SCREEN_PX * 0.2;

/**
 * `text` whole if it is no wider than `room`, else its longest start that fits with an ellipsis
 * after it (an ellipsis alone when no letter does). `width` measures a text in the same unit.
 */
export function cutToWidth(text: string, room: number, width: (text: string) => number): string {
  if (width(text) <= room) return text;
  const letters = Array.from(text);
  let fits = 0;
  let over = letters.length;
  while (over - fits > 1) {
    const middle = (fits + over) >> 1;
    if (width(`${letters.slice(0, middle).join('').trimEnd()}${ELLIPSIS}`) <= room) fits = middle;
    else over = middle;
  }
  return `${letters.slice(0, fits).join('').trimEnd()}${ELLIPSIS}`;
}

/**
 * Names cut to their room in the page's font, measured once per text on a canvas: a name cut here
 * is painted whole, where an ellipsis drawn by the stylesheet is a clip that Chromium gathers again
 * with the layers of every token on each frame (decision 0027).
 */
export function nameCutter(): (name: string, room: number, zoom: number) => string {
  const widths = new Map<string, number>();
  let context: CanvasRenderingContext2D | null | undefined;
  const width = (text: string) => {
    const known = widths.get(text);
    if (known !== undefined) return known;
    if (context === undefined) {
      context = document.createElement('canvas').getContext('2d');
      const family = getComputedStyle(document.body).fontFamily;
      if (context) context.font = `${NAME_SCREEN_PX}px ${family}`;
    }
    const measured = context ? context.measureText(text).width : text.length * NAME_SCREEN_PX;
    widths.set(text, measured);
    return measured;
  };
  // The name is NAME_SCREEN_PX on screen out to a zoom of 1 and grows with the map beyond, so its
  // room on screen at that size is the room in the map's pixels times the zoom, up to 1.
  return (name, room, zoom) => cutToWidth(name, room * Math.min(zoom, 1) - NAME_PADDING_PX, width);
}
