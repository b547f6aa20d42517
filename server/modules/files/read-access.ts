import type { AuthUser } from '../auth/access';
import type { GameAccess } from '../games/access';

/** What decides who reads a file: its game and its kind. */
export interface ReadableFile {
  gameId: string;
  kind: string;
}

/**
 * Whether the user may read a game's file, once they hold a seat at its table (else
 * `requireSeat` refuses with 403): the MJ and admins read everything; players read what the
 * table shows everyone. A handout is the MJ's until shown: the handouts feature extends this
 * case with the players it was shown to. A map is never read whole by a player: they receive its
 * picture painted out where they may not see (decision 0033, `/game-data/…/maps/…/picture`).
 */
export async function mayReadFile(access: GameAccess, user: AuthUser, file: ReadableFile): Promise<boolean> {
  const { role } = await access.requireSeat(file.gameId, user);
  if (role !== 'player') return true;
  return file.kind !== 'handout' && file.kind !== 'map';
}
