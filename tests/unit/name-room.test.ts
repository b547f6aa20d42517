import { describe, expect, it } from 'vitest';
import { NAME_SCREEN_PX, nameRooms, nameShownFrom } from '../../src/ui/game/name-room';

/** A token standing on the cell (column, row) of a 1500 × 1000 map, `size` cells a side. */
const at = (usableId: string, column: number, row: number, size = 1) => ({
  usableId,
  x: ((column * 75) / 1500) * 100,
  y: ((row * 75) / 1000) * 100,
  size,
});
const map = { width: 1500, height: 1000 };

describe('the room a token’s name has across', () => {
  it('gives a token alone its width and half a cell either side', () => {
    expect(nameRooms([at('seul', 4, 4)], map).get('seul')).toBe(150);
    expect(nameRooms([at('ogre', 4, 4, 3)], map).get('ogre')).toBe(300);
  });

  it('keeps tokens side by side to their own width, so their names never cover each other', () => {
    const row = [at('a', 1, 1), at('b', 2, 1), at('c', 3, 1), at('d', 5, 1)];
    const rooms = nameRooms(row, map);
    expect([rooms.get('a'), rooms.get('b'), rooms.get('c'), rooms.get('d')]).toEqual([75, 75, 75, 150]);
  });

  it('shares a gap narrower than a cell between the two names beside it', () => {
    const rooms = nameRooms([at('a', 1, 1), { ...at('b', 2, 1), x: at('b', 2.4, 1).x }], map);
    expect(rooms.get('a')).toBeCloseTo(105, 9);
    expect(rooms.get('b')).toBeCloseTo(105, 9);
  });

  it('leaves a name its room beside tokens of other rows, and counts a larger token by its edge', () => {
    const rooms = nameRooms([at('a', 1, 1), at('b', 5, 2), at('ogre', 2, 0, 3)], map);
    expect(rooms.get('a')).toBe(150);
    expect(rooms.get('b')).toBe(75);
    expect(rooms.get('ogre')).toBe(225);
  });
});

describe('a name legible on a phone', () => {
  // A 1500 × 1000 map fitted into a phone held sideways (844 × 390) is drawn at about a quarter.
  const phoneFit = 0.25;
  const shownAt = (room: number, zoom: number) => zoom >= nameShownFrom(room);

  it('is drawn in place, at 11 px on screen, only where its room shows a few letters at that size', () => {
    const rooms = nameRooms([at('a', 1, 1), at('b', 2, 1), at('c', 3, 1), at('seul', 8, 6)], map);
    expect(NAME_SCREEN_PX).toBe(11);
    // Packed side by side, 75 px of map are 19 px of screen: less than three letters at 11 px.
    expect(shownAt(rooms.get('b')!, phoneFit)).toBe(false);
    // Alone, 150 px of map are 37 px of screen: the start of its name and an ellipsis.
    expect(shownAt(rooms.get('seul')!, phoneFit)).toBe(true);
    // Zoomed in, the packed names come back.
    expect(shownAt(rooms.get('b')!, 0.5)).toBe(true);
  });

  it('comes back sooner the wider its room, and is always drawn at full zoom', () => {
    expect(nameShownFrom(300)).toBeLessThan(nameShownFrom(150));
    expect(nameShownFrom(150)).toBeLessThan(nameShownFrom(75));
    expect(nameShownFrom(75)).toBeLessThanOrEqual(1);
  });
});
