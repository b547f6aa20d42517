import { describe, expect, it } from 'vitest';
import {
  centredOn,
  fitView,
  keptInFrame,
  MAX_SCALE,
  pannedBy,
  pinched,
  toFrame,
  toMap,
  zoomedAt,
} from '../../src/domain/geometry/viewport';

const map = { width: 1500, height: 1000 };
const frame = { width: 1000, height: 800 };

describe('map viewport geometry', () => {
  it('fits the whole map in the frame, centred, keeping its proportions', () => {
    const view = fitView(map, frame);
    expect(view.scale).toBeCloseTo(1000 / 1500);
    expect(toFrame(view, { x: 0, y: 0 }).x).toBeCloseTo(0);
    expect(toFrame(view, { x: 750, y: 500 })).toEqual({ x: 500, y: 400 });
  });

  it('turns a frame point into a map point and back', () => {
    const view = { x: -120, y: 35, scale: 1.7 };
    const point = { x: 333, y: 444 };
    const back = toFrame(view, toMap(view, point));
    expect(back.x).toBeCloseTo(point.x);
    expect(back.y).toBeCloseTo(point.y);
  });

  it('zooms around the pointer: the map point under it stays under it', () => {
    const view = fitView(map, frame);
    const at = { x: 300, y: 250 };
    const under = toMap(view, at);
    const zoomed = zoomedAt(view, 2, at, map, frame);
    expect(zoomed.scale).toBeCloseTo(view.scale * 2);
    const again = toFrame(zoomed, under);
    expect(again.x).toBeCloseTo(at.x);
    expect(again.y).toBeCloseTo(at.y);
  });

  it('stops zooming in at the maximum and out once the whole map is well within view', () => {
    const view = fitView(map, frame);
    expect(zoomedAt(view, 1000, { x: 0, y: 0 }, map, frame).scale).toBe(MAX_SCALE);
    expect(zoomedAt(view, 0.0001, { x: 0, y: 0 }, map, frame).scale).toBe(0.2);
  });

  it('never lets the map leave the frame: a part of it always stays in view', () => {
    const view = pannedBy(fitView(map, frame), { x: 10_000, y: -10_000 }, map, frame);
    const corner = toFrame(view, { x: 0, y: 0 });
    const far = toFrame(view, { x: map.width, y: map.height });
    expect(corner.x).toBeLessThan(frame.width);
    expect(far.y).toBeGreaterThan(0);
    expect(frame.width - corner.x).toBeGreaterThanOrEqual(
      0.3 * Math.min(frame.width, map.width * view.scale) - 1e-9,
    );
  });

  it('lets a corner of the map come to the middle of the screen, out from under a panel', () => {
    const view = pannedBy(fitView(map, frame), { x: 400, y: 300 }, map, frame);
    expect(toFrame(view, { x: 0, y: 0 }).x).toBeGreaterThan(350);
  });

  it('pinches: the map point under the fingers stays under them as they spread', () => {
    const start = fitView(map, frame);
    const from = [
      { x: 400, y: 400 },
      { x: 500, y: 400 },
    ] as const;
    const to = [
      { x: 350, y: 420 },
      { x: 550, y: 420 },
    ] as const;
    const view = pinched(start, from, to, map, frame);
    expect(view.scale).toBeCloseTo(start.scale * 2);
    const under = toMap(start, { x: 450, y: 400 });
    const now = toFrame(view, under);
    expect(now.x).toBeCloseTo(450);
    expect(now.y).toBeCloseTo(420);
  });

  it('centres a token, at the current zoom', () => {
    const view = centredOn({ x: 0, y: 0, scale: 2 }, { x: 750, y: 500 }, map, frame);
    expect(view.scale).toBe(2);
    expect(toFrame(view, { x: 750, y: 500 })).toEqual({ x: 500, y: 400 });
  });

  it('keeps a view that already shows the map as it is', () => {
    const view = { x: 10, y: 20, scale: 0.5 };
    expect(keptInFrame(view, map, frame)).toEqual(view);
  });
});
