import { describe, expect, it } from 'vitest';
import { placePanel } from '../../src/ui/game/panel-placement';

const area = { width: 540, height: 320 };
const panel = { width: 272, height: 150 };
/** The map's buttons, bottom left of the area. */
const controls = { x: 8, y: 260, width: 300, height: 52 };

describe('where the floating panel stands', () => {
  it('where its reader put it, when that is inside the area and clear of the buttons', () => {
    expect(placePanel({ x: 100, y: 40 }, panel, area, [controls])).toEqual({ x: 100, y: 40, maxHeight: 244 });
  });

  it('never past the area’s edges, so never over the chat beside the map', () => {
    expect(placePanel({ x: 900, y: -50 }, panel, area, [])).toMatchObject({ x: 260, y: 8 });
  });

  it('above the map’s buttons when over them, scrolling inside when taller than the room left', () => {
    expect(placePanel({ x: 100, y: 300 }, panel, area, [controls])).toEqual({
      x: 100,
      y: 102,
      maxHeight: 244,
    });
    const tall = { width: 272, height: 400 };
    expect(placePanel({ x: 100, y: 300 }, tall, area, [controls])).toEqual({ x: 100, y: 8, maxHeight: 244 });
  });

  it('down to the area’s bottom beside the buttons', () => {
    const narrow = { width: 200, height: 40 };
    expect(placePanel({ x: 330, y: 400 }, narrow, area, [controls])).toEqual({
      x: 330,
      y: 272,
      maxHeight: 304,
    });
  });
});
