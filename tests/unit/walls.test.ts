import { describe, expect, it } from 'vitest';
import {
  blocksSight,
  MAX_WALLS_PER_MAP,
  wallMessages,
  wallsProblem,
  type Wall,
} from '../../src/domain/geometry/walls';

const map = { width: 1000, height: 800 };
const wall = (id: string, overrides: Partial<Wall> = {}): Wall => ({
  id,
  a: { x: 100, y: 100 },
  b: { x: 300, y: 100 },
  kind: 'wall',
  ...overrides,
});

describe('what blocks sight', () => {
  it('is a wall and a closed door, never a window or an open door', () => {
    expect(blocksSight(wall('w'))).toBe(true);
    expect(blocksSight(wall('d', { kind: 'door' }))).toBe(true);
    expect(blocksSight(wall('d', { kind: 'door', open: false }))).toBe(true);
    expect(blocksSight(wall('d', { kind: 'door', open: true }))).toBe(false);
    expect(blocksSight(wall('f', { kind: 'window' }))).toBe(false);
  });
});

describe('a map’s wall list', () => {
  it('is kept when every wall lies on the map, edges included, with an id of its own', () => {
    const onEdges = wall('edge', { a: { x: 0, y: 0 }, b: { x: 1000, y: 800 } });
    expect(wallsProblem([wall('a'), wall('b', { kind: 'door', open: true }), onEdges], map)).toBeNull();
  });

  it('is refused past the cap, with a twice-used id, a bad end, a dot, a wall off the map or an open wall', () => {
    const many = Array.from({ length: MAX_WALLS_PER_MAP + 1 }, (_, i) => wall(`w${i}`));
    expect(wallsProblem(many, map)).toBe(wallMessages.tooMany);
    expect(wallsProblem([wall('a'), wall('a')], map)).toBe(wallMessages.duplicateId);
    expect(wallsProblem([wall('')], map)).toBe(wallMessages.badId);
    expect(wallsProblem([wall('n', { a: { x: Number.NaN, y: 0 } })], map)).toBe(wallMessages.notFinite);
    expect(wallsProblem([wall('i', { b: { x: Infinity, y: 0 } })], map)).toBe(wallMessages.notFinite);
    expect(wallsProblem([wall('p', { b: { x: 100.5, y: 100.5 } })], map)).toBe(wallMessages.tooShort);
    expect(wallsProblem([wall('o', { b: { x: 1000.5, y: 100 } })], map)).toBe(wallMessages.offMap);
    expect(wallsProblem([wall('o', { a: { x: 10, y: -1 } })], map)).toBe(wallMessages.offMap);
    expect(wallsProblem([wall('w', { open: true })], map)).toBe(wallMessages.openNotDoor);
  });
});
