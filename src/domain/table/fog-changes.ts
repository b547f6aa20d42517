import { fogChangeRefusal, fogOf, type FogChange } from './fog';
import { fogMessages, tableMessages } from './messages';
import { openMap } from './records';
import type { TableActor, TableEventBody, TableState } from './types';
import { managesTable } from './visibility';

/**
 * A change of a map's fog, the MJ's and the admins' alone, on an open map: the event it becomes, or
 * the French refusal. The shape goes to the log as drawn; who it hides is reckoned from the log.
 */
export function decideFog(
  state: TableState,
  actor: TableActor,
  map: string,
  change: FogChange,
): { events: TableEventBody[] } | { refusal: string } {
  if (!managesTable(actor)) return { refusal: fogMessages.onlyMaster };
  if (!openMap(state, map)) return { refusal: tableMessages.mapNotOpen };
  const refusal = fogChangeRefusal(fogOf(state, map), change);
  if (refusal !== null) return { refusal };
  return { events: [{ type: 'map.fogChanged', payload: { map, change: asLogged(change) } }] };
}

/**
 * The change as the log keeps it: a point at −0 (which JSON reads) written 0, as JSON writes it, so
 * the server's fold in memory equals the one a snapshot or a client makes from the wire.
 */
function asLogged(change: FogChange): FogChange {
  if (change.kind === 'all') return change;
  const points = change.shape.points.map(({ x, y }) => ({ x: x + 0, y: y + 0 }));
  return { ...change, shape: { ...change.shape, points } };
}
