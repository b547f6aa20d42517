import type { SightPolygon } from '../geometry/sight';
import type { Wall } from '../geometry/walls';
import type { Lighting } from './vision';

/**
 * A map's vision as the MJ sets it (docs/decisions/0024-sight.md): its walls, doors and windows,
 * and whether it is lit. A map without one has no sight rule: the fog alone decides what players
 * see. With one, a player sees only what their own tokens see.
 */
export interface MapVision {
  walls: Wall[];
  lighting: Lighting;
}

/**
 * What one `map.visionChanged` does: walls drawn, walls erased, a door opened or closed, the map
 * lit or darkened, what the players explored forgotten, or its vision taken off (every wall erased,
 * what was explored forgotten and the sight rule lifted).
 */
export type VisionChange =
  | { kind: 'add'; walls: Wall[] }
  | { kind: 'remove'; ids: string[] }
  | { kind: 'door'; id: string; open: boolean }
  | { kind: 'lighting'; lighting: Lighting }
  | { kind: 'forget' }
  | { kind: 'clear' };

/**
 * In a player's copy alone: what their tokens see on the players' map, one polygon per token in
 * the map's pixels, and the cells they have seen before, encoded (`encodeExplored`; null: none).
 * The client draws it and never decides from it.
 */
export interface PlayerSight {
  map: string;
  polygons: SightPolygon[];
  explored: string | null;
}
