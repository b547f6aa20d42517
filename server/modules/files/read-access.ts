import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { SeatRole } from '../games/access';

/** Whether a handout naming the file is shown to the user now (decision 0029), as a SQL condition. */
export type HandoutFileShown = (fileId: SQLWrapper, userId: SQLWrapper | string) => SQL<boolean>;

/**
 * Whether a user seated at a file's game may read it (without a seat, the caller refuses with
 * 403): the MJ and admins read everything; players read what the table shows everyone, and a
 * handout's picture only while it is shown to them — before and after, it does not exist for them
 * (404). A map is never read whole by a player: they receive its picture painted out where they
 * may not see (decision 0032, `/game-data/…/maps/…/picture`).
 */
export function mayReadFile(role: SeatRole, kind: string, handoutShown: boolean): boolean {
  if (role !== 'player') return true;
  if (kind === 'map') return false;
  return kind !== 'handout' || handoutShown;
}
