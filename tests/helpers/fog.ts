import type { FogChange } from '../../src/domain/table/fog';

/** A rectangle of fog the MJ reveals or covers, from one corner to the other, in the map's pixels. */
export const fogRect = (
  mode: 'reveal' | 'cover',
  x1: number,
  y1: number,
  x2: number,
  y2: number,
): FogChange => ({
  kind: 'shape',
  shape: {
    mode,
    kind: 'rect',
    points: [
      { x: x1, y: y1 },
      { x: x2, y: y2 },
    ],
  },
});
