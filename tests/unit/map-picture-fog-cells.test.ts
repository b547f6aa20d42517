import { describe, expect, it } from 'vitest';
import type { MapFog } from '../../src/domain/table/fog';
import { keptFogCells } from '../../server/modules/map-pictures/fog-cells';

const fogRevealing = (x: number): MapFog => ({
  base: 'covered',
  shapes: [
    {
      mode: 'reveal',
      kind: 'rect',
      points: [
        { x, y: 0 },
        { x: 50, y: 50 },
      ],
    },
  ],
});

/** A drawing that counts its calls and draws their number, so a copy kept shows which it was. */
function counted() {
  let calls = 0;
  return {
    draw: () => Uint8Array.of(++calls, 0),
    calls: () => calls,
  };
}

describe('the fog cells kept for map pictures', () => {
  it('draws a fog once for a grid, and lends a copy the caller may paint over', () => {
    const kept = keptFogCells(4);
    const drawing = counted();
    const first = kept(fogRevealing(10), '400x300/100x75', drawing.draw);
    first[1] = 255;
    const again = kept(fogRevealing(10), '400x300/100x75', drawing.draw);
    expect(drawing.calls()).toBe(1);
    expect([...again]).toEqual([1, 0]);
  });

  it('draws anew for a fog with one point moved, another grid, or no fog', () => {
    const kept = keptFogCells(4);
    const drawing = counted();
    kept(fogRevealing(10), '400x300/100x75', drawing.draw);
    expect([...kept(fogRevealing(11), '400x300/100x75', drawing.draw)]).toEqual([2, 0]);
    expect([...kept(fogRevealing(10), '400x300/50x38', drawing.draw)]).toEqual([3, 0]);
    expect([...kept(fogRevealing(10), '800x300/100x75', drawing.draw)]).toEqual([4, 0]);
    expect([...kept(null, '400x300/100x75', drawing.draw)]).toEqual([5, 0]);
  });

  it('forgets the least recently used past its count', () => {
    const kept = keptFogCells(2);
    const drawing = counted();
    kept(fogRevealing(1), 'grid', drawing.draw);
    kept(fogRevealing(2), 'grid', drawing.draw);
    // Used again: now the most recent.
    kept(fogRevealing(1), 'grid', drawing.draw);
    kept(fogRevealing(3), 'grid', drawing.draw);
    expect(drawing.calls()).toBe(3);
    expect([...kept(fogRevealing(1), 'grid', drawing.draw)]).toEqual([1, 0]);
    expect([...kept(fogRevealing(2), 'grid', drawing.draw)]).toEqual([4, 0]);
  });
});
