import type { Point, Size } from './geometry';

/**
 * What the MJ draws on a map to stop sight (docs/decisions/0024-sight.md): segments in the map's
 * own pixels, the space token positions are reckoned in. A wall always blocks, a door blocks while
 * closed, a window never does (it is drawn so the MJ sees where the room's light gets in, and so a
 * later rule for movement can stop at it).
 */
export const WALL_KINDS = ['wall', 'door', 'window'] as const;
export type WallKind = (typeof WALL_KINDS)[number];

export interface Wall {
  id: string;
  a: Point;
  b: Point;
  kind: WallKind;
  /** Doors only: absent or false is closed. */
  open?: boolean;
}

/**
 * A map's walls at most. A drawn dungeon of forty rooms takes 400 to 800 segments; the cap bounds
 * the sweep's work on every move (docs/decisions/0024-sight.md has the figures) and a snapshot's
 * walls to about 200 KB.
 */
export const MAX_WALLS_PER_MAP = 2000;
export const WALL_ID_MAX_LENGTH = 64;
/** Shorter than a pixel is a slip of the pointer, not a wall: it could not hide anything. */
export const MIN_WALL_LENGTH_PX = 1;

export function blocksSight(wall: Wall): boolean {
  return wall.kind === 'wall' || (wall.kind === 'door' && wall.open !== true);
}

export const wallMessages = {
  tooMany: `Une carte ne peut pas compter plus de ${MAX_WALLS_PER_MAP.toLocaleString('fr-FR')} murs.`,
  badId: 'Identifiant de mur invalide.',
  duplicateId: 'Deux murs portent le même identifiant.',
  notFinite: 'Les extrémités d’un mur doivent être des nombres.',
  tooShort: 'Un mur doit mesurer au moins un pixel.',
  offMap: 'Un mur doit rester sur la carte.',
  openNotDoor: 'Seule une porte peut être ouverte.',
};

const onMap = ({ x, y }: Point, map: Size) => x >= 0 && y >= 0 && x <= map.width && y <= map.height;

/**
 * Why a map's wall list cannot be kept, in French, or null when it can: every wall with an id of
 * its own, finite ends on the map (edges included) at least a pixel apart, `open` on doors only.
 */
export function wallsProblem(walls: readonly Wall[], map: Size): string | null {
  if (walls.length > MAX_WALLS_PER_MAP) return wallMessages.tooMany;
  const ids = new Set<string>();
  for (const wall of walls) {
    if (wall.id.length === 0 || wall.id.length > WALL_ID_MAX_LENGTH) return wallMessages.badId;
    if (ids.has(wall.id)) return wallMessages.duplicateId;
    ids.add(wall.id);
    const ends = [wall.a.x, wall.a.y, wall.b.x, wall.b.y];
    if (!ends.every(Number.isFinite)) return wallMessages.notFinite;
    if (Math.hypot(wall.b.x - wall.a.x, wall.b.y - wall.a.y) < MIN_WALL_LENGTH_PX)
      return wallMessages.tooShort;
    if (!onMap(wall.a, map) || !onMap(wall.b, map)) return wallMessages.offMap;
    if (wall.open !== undefined && wall.kind !== 'door') return wallMessages.openNotDoor;
  }
  return null;
}
