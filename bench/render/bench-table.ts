import type { TableState } from '../../src/domain/table/types';
import { benchToken, seeded } from '../lib/table-log';

export const BENCH_MAP = { id: 'bench-map', name: 'Champ de bataille', link: '' };
/** The token the bench drags: near the top left corner so it is on screen, last so it is on top. */
export const DRAGGED_ID = 'dragged';
/** A map large enough for 1,000 tokens of 75 px to be spread over it, 40 × 30 cells. */
export const MAP_SIZE = { width: 3000, height: 2250 };

/** A table with `count` tokens spread over one map, everyone's current map. */
export function benchTable(count: number): TableState {
  const random = seeded(11);
  const tokens: TableState['tokens'][string] = {};
  for (let i = 1; i < count; i++)
    tokens[`token-${i}`] = benchToken(`token-${i}`, i, i % 10 === 0, true, random);
  tokens[DRAGGED_ID] = { ...benchToken(DRAGGED_ID, 0, true, true, random), x: 2, y: 2 };
  return {
    lastSeq: count + 1,
    currentMap: BENCH_MAP,
    masterMap: BENCH_MAP,
    tokens: { [BENCH_MAP.name]: tokens },
    turnOrders: {},
  };
}
