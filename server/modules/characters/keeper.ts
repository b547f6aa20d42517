import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { characters, type CharacterRow } from '../../db/schema/index';
import { httpError } from '../../lib/errors';
import type { GameAccess } from '../games/access';
import { charactersServerMessages as messages } from './messages';

// Character ids are uuids; anything else names no character (and must not reach PostgreSQL).
const characterId = z.guid();
export const isCharacterId = (id: string) => characterId.safeParse(id).success;

/** How the acting user stands to one character: it decides what they may read and change. */
export type Relation = 'owner' | 'mj' | 'member' | null;

/**
 * Who keeps a character — its owner and the MJ of its game — asked in one place by every module
 * that reads or changes a sheet (characters, equipment), so the rule cannot drift between them.
 */
export function createCharacterKeeper(db: Db, gameAccess: GameAccess) {
  async function find(id: string): Promise<CharacterRow | undefined> {
    if (!isCharacterId(id)) return undefined;
    const [row] = await db.select().from(characters).where(eq(characters.id, id));
    return row;
  }

  async function relationTo(row: CharacterRow, userId: string): Promise<Relation> {
    if (row.userId === userId) return 'owner';
    if (row.gameId === null) return null;
    const role = await gameAccess.roleOf(row.gameId, userId);
    if (role === 'mj') return 'mj';
    return role === 'player' ? 'member' : null;
  }

  return {
    find,
    relationTo,

    /**
     * The character, when the user keeps it (owner or MJ); 403 for another player of its game,
     * 404 for anyone who may not even know it exists.
     */
    async requireKeeper(id: string, userId: string): Promise<{ row: CharacterRow }> {
      const row = await find(id);
      const relation = row ? await relationTo(row, userId) : null;
      if (!row || relation === null) throw httpError(404, messages.notFound);
      if (relation === 'member') throw httpError(403, messages.forbidden);
      return { row };
    },
  };
}

export type CharacterKeeper = ReturnType<typeof createCharacterKeeper>;
