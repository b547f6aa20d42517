import type { TokenCondition } from '../../src/domain/table/conditions';
import type { MapToken, TableState } from '../../src/domain/table/types';
import { benchToken, seeded } from '../lib/table-log';

/** A blank 4:3 map picture, so both views draw a board of the same size and no request leaves. */
const MAP_PICTURE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><rect width="4000" height="3000" fill="#d9d2c0"/></svg>')}`;
export const BENCH_MAP = {
  id: 'bench-map',
  name: 'Champ de bataille',
  link: MAP_PICTURE,
  width: 1500,
  height: 1000,
};
/** The token the bench drags: near the top left corner so it is on screen, last so it is on top. */
export const DRAGGED_ID = 'dragged';

/** A table with `count` tokens spread over one map, everyone's current map; no pictures to fetch. */
export function benchTable(count: number): TableState {
  const random = seeded(11);
  const tokens: TableState['tokens'][string] = {};
  for (let i = 1; i < count; i++) {
    tokens[`token-${i}`] = { ...benchToken(`token-${i}`, i, i % 10 === 0, true, random), assetLink: null };
  }
  for (const token of Object.values(tokens)) Object.assign(token, inFight(token));
  tokens[DRAGGED_ID] = { ...benchToken(DRAGGED_ID, 0, true, true, random), assetLink: null, x: 2, y: 2 };
  return {
    lastSeq: count + 1,
    currentMap: BENCH_MAP,
    masterMap: BENCH_MAP,
    tokens: { [BENCH_MAP.name]: tokens },
    turnOrders: {},
    grids: {},
    fogs: {},
  };
}

/**
 * What a fight puts on tokens: two of three bear conditions, one to five of them (pictures, a mark,
 * « +2 » past three), so the bench draws every kind of what a token shows of them.
 */
const FIGHT: TokenCondition[] = [
  { id: 'a', kind: 'stunned', roundsLeft: 2 },
  { id: 'b', kind: 'custom', label: 'Béni', roundsLeft: null },
  { id: 'c', kind: 'poisoned', roundsLeft: null },
  { id: 'd', kind: 'prone', roundsLeft: 1 },
  { id: 'e', kind: 'frightened', roundsLeft: 3 },
];

/**
 * A token as a fight leaves it: conditions as above; one in eight of 2 × 2 cells, fewer of 3 × 3
 * and 4 × 4 (kept on the map); some hurt, some dead, some hidden from the players.
 */
function inFight(token: MapToken): Partial<MapToken> {
  const index = Number(token.usableId.replace(/\D/g, ''));
  const size = index % 97 === 0 ? 4 : index % 29 === 0 ? 3 : index % 8 === 0 ? 2 : 1;
  return {
    ...(index % 3 === 0 ? {} : { conditions: FIGHT.slice(0, 1 + (index % 5)) }),
    ...(size > 1 && {
      size,
      x: Math.min(token.x, 100 - (size * 7500) / BENCH_MAP.width),
      y: Math.min(token.y, 100 - (size * 7500) / BENCH_MAP.height),
    }),
    ...(index % 17 === 0 ? { currentHP: 0 } : index % 5 === 0 ? { currentHP: 12 } : {}),
    ...(index % 11 === 0 && { visibility: false }),
  };
}
