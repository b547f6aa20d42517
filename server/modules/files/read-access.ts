import type { AuthUser } from '../auth/access';
import type { GameAccess } from '../games/access';

/** What decides who reads a file: its game and its kind, and for a handout its id. */
export interface ReadableFile {
  id: string;
  gameId: string;
  kind: string;
}

/** Whether a handout naming the file is shown to the user now (decision 0029). */
export type HandoutFileShown = (fileId: string, userId: string) => Promise<boolean>;

/**
 * Whether the user may read a game's file, once they hold a seat at its table (else
 * `requireSeat` refuses with 403): the MJ and admins read everything; players read what the
 * table shows everyone, and a handout's picture only while it is shown to them — before and
 * after, it does not exist for them (404). A map is never read whole by a player: they receive its
 * picture painted out where they may not see (decision 0032, `/game-data/…/maps/…/picture`).
 */
export async function mayReadFile(
  access: GameAccess,
  handoutShown: HandoutFileShown,
  user: AuthUser,
  file: ReadableFile,
): Promise<boolean> {
  const { role } = await access.requireSeat(file.gameId, user);
  if (role !== 'player') return true;
  if (file.kind === 'map') return false;
  return file.kind !== 'handout' || handoutShown(file.id, user.id);
}
