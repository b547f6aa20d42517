import type { Role } from '../roles';
import type { TableRole } from './types';

/** The fallback name of a game master whose account names nothing (table.md §4 "Role at the table"). */
export const MASTER_FALLBACK_NAME = 'MJ';

export interface Seat {
  role: TableRole;
  /** The id the table knows the user by: their character, or their own id for the MJ. */
  playerId: string;
  playerName: string;
}

/**
 * Who the user is at this table (table.md §4 "Role at the table", §2): admin from the account; MJ
 * of the game that is theirs — an account of role mj sitting at someone else's game is one of its
 * players, under the character in the address. Before the game is known, an mj account is its MJ
 * only when the address names no character but themselves. An MJ is seated under their own id and
 * their display name, else e-mail, else 'MJ'. The server decides again on every command; this
 * only chooses what the screen offers.
 */
export function seatOf(
  user: { id: string; role: Role; displayName: string; email: string },
  game: { mjUserId: string } | null,
  addressPlayerId: string,
): Seat {
  const mastersIt = game
    ? game.mjUserId === user.id
    : user.role === 'mj' && (addressPlayerId === '' || addressPlayerId === user.id);
  const role: TableRole = user.role === 'admin' ? 'admin' : mastersIt ? 'mj' : 'player';
  if (role === 'mj') {
    return { role, playerId: user.id, playerName: user.displayName || user.email || MASTER_FALLBACK_NAME };
  }
  return { role, playerId: addressPlayerId, playerName: user.displayName };
}
