import { wallsProblem } from '../geometry/walls';
import type { MapVision, VisionChange } from './map-vision';
import { tableMessages, visionMessages } from './messages';
import { visionOf } from './player-sight';
import { openMap } from './records';
import type { TableActor, TableEventBody, TableState } from './types';
import { managesTable } from './visibility';

/** A map the MJ starts drawing walls on is lit: walls alone stop sight until they darken it. */
const NO_VISION: MapVision = { walls: [], lighting: 'lit' };

/** The map's vision after a change; undefined once lifted, the sight rule with it. */
export function withVisionChange(vision: MapVision | undefined, change: VisionChange): MapVision | undefined {
  const { walls, lighting } = vision ?? NO_VISION;
  switch (change.kind) {
    case 'add':
      return { walls: [...walls, ...change.walls], lighting };
    case 'remove': {
      const gone = new Set(change.ids);
      return { walls: walls.filter((wall) => !gone.has(wall.id)), lighting };
    }
    case 'door':
      return {
        walls: walls.map((wall) => (wall.id === change.id ? { ...wall, open: change.open } : wall)),
        lighting,
      };
    case 'lighting':
      return { walls, lighting: change.lighting };
    // The same vision: the caches of its sights hold.
    case 'forget':
      return vision;
    case 'clear':
      return undefined;
  }
}

function changeRefusal(vision: MapVision | undefined, change: VisionChange): string | null {
  const walls = vision?.walls ?? [];
  const ids = new Set(walls.map((wall) => wall.id));
  switch (change.kind) {
    case 'add':
      return change.walls.some((wall) => ids.has(wall.id)) ? visionMessages.takenId : null;
    case 'remove':
      return change.ids.every((id) => ids.has(id)) ? null : visionMessages.unknownWall;
    case 'door':
      return walls.some((wall) => wall.id === change.id && wall.kind === 'door')
        ? null
        : visionMessages.unknownDoor;
    case 'lighting':
      return null;
    case 'forget':
      return vision === undefined ? visionMessages.nothingToClear : null;
    case 'clear':
      return vision === undefined ? visionMessages.nothingToClear : null;
  }
}

/**
 * A change of a map's walls or lighting, the MJ's and the admins' alone, on an open map: the event
 * it becomes, or the French refusal. The wall list it leaves must be one a map may keep
 * (`wallsProblem`: ids of their own, on the map, at most 2,000).
 */
export function decideVision(
  state: TableState,
  actor: TableActor,
  map: string,
  change: VisionChange,
): { events: TableEventBody[] } | { refusal: string } {
  if (!managesTable(actor)) return { refusal: visionMessages.onlyMaster };
  const open = openMap(state, map);
  if (!open) return { refusal: tableMessages.mapNotOpen };
  const vision = visionOf(state, map);
  const refusal = changeRefusal(vision, change);
  if (refusal !== null) return { refusal };
  const after = withVisionChange(vision, change);
  const problem = after ? wallsProblem(after.walls, open) : null;
  if (problem !== null) return { refusal: problem };
  return { events: [{ type: 'map.visionChanged', payload: { map, change } }] };
}
