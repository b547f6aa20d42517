import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { characters, gameInvitations, users } from '../../db/schema/index';
import type { Speaker, TableActor } from '#shared/domain/table/types';
import type { AuthUser } from '../auth/access';
import type { GameAccess } from '../games/access';

export interface SeatedActor extends TableActor {
  /** The user's characters in the game, to speak as one of them. */
  characters: Array<{ id: string; name: string; assetLink: string | null }>;
  displayName: string;
}

/**
 * Who acts at a table, from the session and the database only: role from the game (mj) or the
 * account (admin), characters from the game. Asked afresh for every command, so a kick or a new
 * character applies at once.
 */
export function createTableMembers(db: Db, access: GameAccess) {
  return {
    /** The acting user at this game; 404/403 with the French text for an unknown game or an outsider. */
    async actorOf(gameId: string, user: AuthUser): Promise<SeatedActor> {
      const { role } = await access.requireSeat(gameId, user);
      const owned = await db
        .select({ id: characters.id, name: characters.name, assetLink: characters.assetLink })
        .from(characters)
        .where(and(eq(characters.gameId, gameId), eq(characters.userId, user.id)));
      return {
        userId: user.id,
        role,
        characterIds: owned.map((character) => character.id),
        characters: owned,
        displayName: user.displayName,
      };
    },

    /**
     * Every accepted player of the game who reads the table as a player (admins read it whole), with
     * their characters: the actors a hidden token's event may be projected for.
     */
    async playersOf(gameId: string): Promise<TableActor[]> {
      const rows = await db
        .select({ userId: gameInvitations.toUserId, characterId: characters.id })
        .from(gameInvitations)
        .innerJoin(users, eq(users.id, gameInvitations.toUserId))
        .leftJoin(
          characters,
          and(eq(characters.userId, gameInvitations.toUserId), eq(characters.gameId, gameId)),
        )
        .where(
          and(
            eq(gameInvitations.gameId, gameId),
            eq(gameInvitations.status, 'accepted'),
            ne(users.role, 'admin'),
          ),
        );
      const byUser = new Map<string, string[]>();
      for (const { userId, characterId } of rows) {
        const owned = byUser.get(userId) ?? [];
        if (characterId) owned.push(characterId);
        byUser.set(userId, owned);
      }
      return [...byUser].map(([userId, characterIds]) => ({ userId, role: 'player', characterIds }));
    },
  };
}

export type TableMembers = ReturnType<typeof createTableMembers>;

/**
 * The chat's speaker: the MJ or an admin under their display name; a player as the character
 * `playerId` names. A character that is not theirs is passed on as named, for `decide` to refuse.
 */
export function speakerOf(actor: SeatedActor, playerId: string | null | undefined): Speaker {
  if (actor.role !== 'player') return { playerName: actor.displayName, senderId: null, avatar: null };
  const character = actor.characters.find((owned) => owned.id === playerId);
  return character
    ? { playerName: character.name, senderId: character.id, avatar: character.assetLink }
    : { playerName: actor.displayName, senderId: playerId ?? null, avatar: null };
}
