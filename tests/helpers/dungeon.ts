import {
  encodeExplored,
  exploredBy,
  exploredLayout,
  unionExplored,
} from '../../src/domain/geometry/explored';
import { DEFAULT_GRID } from '../../src/domain/geometry/grid';
import type { Point } from '../../src/domain/geometry/geometry';
import { occludersOf } from '../../src/domain/geometry/sight';
import type { Wall } from '../../src/domain/geometry/walls';
import { centreOnMap } from '../../src/domain/table/shown-map';
import { sightRadiusPx, sightsOf } from '../../src/domain/table/vision';
import type { MapRef, MapToken, TableState } from '../../src/domain/table/types';
import { emptyTable } from '../../src/domain/table/reducer';
import { goblinToken } from '../unit/table-fixtures';

/**
 * A dungeon drawn on a 1,500 × 975 px map of 75 px cells: three rooms and a corridor, 22 walls, two
 * doors (one open) and a window; Aria in the west room, a goblin behind the closed door. The MJ's
 * copy holds the walls; `playerCopyOf` gives Aria's player the copy the server would send.
 */
export const CRYPT: MapRef = {
  id: 'crypt',
  name: 'Crypte',
  link: 'data:image/svg+xml,' + encodeURIComponent(cryptPicture()),
  width: 1500,
  height: 975,
};

function cryptPicture(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="975"><rect width="1500" height="975" fill="#6b5b45"/><rect x="75" y="75" width="1350" height="825" fill="#8a7a60"/></svg>`;
}

const c = (column: number, row: number): Point => ({ x: column * 75, y: row * 75 });

/** A polyline's walls, named from `prefix`. */
function walls(prefix: string, points: Point[], kind: Wall['kind'] = 'wall'): Wall[] {
  return points.slice(1).map((b, index) => ({ id: `${prefix}-${index}`, a: points[index]!, b, kind }));
}

export const CRYPT_WALLS: Wall[] = [
  // West room: (1,1)–(7,7), its east side opened by a door at row 3–4.
  ...walls('west', [c(7, 3), c(7, 1), c(1, 1), c(1, 7), c(7, 7), c(7, 4)]),
  { id: 'door-west', a: c(7, 3), b: c(7, 4), kind: 'door', open: true },
  // Corridor east to the hall, along rows 3 and 4.
  ...walls('corridor-n', [c(7, 3), c(11, 3)]),
  ...walls('corridor-s', [c(7, 4), c(11, 4)]),
  // Hall: (11,1)–(19,12), the corridor enters at rows 3–4, a window on its north side.
  ...walls('hall', [c(11, 3), c(11, 1), c(14, 1)]),
  { id: 'window-hall', a: c(14, 1), b: c(16, 1), kind: 'window' },
  ...walls('hall-e', [c(16, 1), c(19, 1), c(19, 12), c(11, 12), c(11, 4)]),
  // The vault inside the hall's south-east: a closed door at column 15, rows 9–10.
  ...walls('vault', [c(15, 9), c(15, 7), c(19, 7)]),
  { id: 'door-vault', a: c(15, 9), b: c(15, 10), kind: 'door', open: false },
  ...walls('vault-s', [c(15, 10), c(15, 12)]),
];

const aria: MapToken = {
  ...goblinToken(),
  usableId: 'aria',
  itemId: 'c-aria',
  name: 'Aria',
  isPlayer: true,
  soulEssence: 10,
  currentSoulEssence: 10,
  attackBonus: null,
  damage: null,
  x: (3 * 75 * 100) / 1500,
  y: (3 * 75 * 100) / 975,
};

const goblin: MapToken = goblinToken({ x: (17 * 75 * 100) / 1500, y: (9 * 75 * 100) / 975 });

export function dungeonTable(lighting: 'lit' | 'dark' = 'dark'): TableState {
  return {
    ...emptyTable,
    lastSeq: 40,
    currentMap: CRYPT,
    masterMap: CRYPT,
    tokens: { [CRYPT.name]: { aria, [goblin.usableId]: goblin } },
    visions: { [CRYPT.name]: { walls: CRYPT_WALLS, lighting } },
  };
}

/**
 * Aria's player's copy: no walls, the goblin left out, her sight from where she stands and the
 * cells she saw walking from the west room's corner to its door.
 */
export function playerCopyOf(table: TableState): TableState {
  const vision = table.visions![CRYPT.name]!;
  const occluders = occludersOf(vision.walls, CRYPT);
  const radiusPx = sightRadiusPx(
    { isPlayer: true, instinct: 16 },
    vision.lighting,
    CRYPT,
    DEFAULT_GRID.cellPx,
  );
  const eye = (token: MapToken) => ({ centre: centreOnMap(token, CRYPT, DEFAULT_GRID.cellPx), radiusPx });
  const layout = exploredLayout(DEFAULT_GRID, CRYPT);
  const walked = [c(2, 2), c(4, 5), c(8, 3)].map((corner) =>
    exploredBy(
      layout,
      sightsOf([{ centre: { x: corner.x + 37.5, y: corner.y + 37.5 }, radiusPx }], occluders),
    ),
  );
  const explored = walked.reduce(unionExplored);
  const { visions: _walls, ...rest } = table;
  return {
    ...rest,
    masterMap: null,
    tokens: { [CRYPT.name]: { aria: table.tokens[CRYPT.name]!.aria! } },
    sight: {
      map: CRYPT.name,
      polygons: sightsOf([eye(table.tokens[CRYPT.name]!.aria!)], occluders),
      explored: encodeExplored(explored),
    },
  };
}
