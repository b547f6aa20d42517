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

/**
 * How the acting user stands to one character: it decides what they may read and change. A
 * `departed` owner was kicked from, or left, the character's game.
 */
export type Relation = 'owner' | 'departed' | 'mj' | 'member' | null;

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
    if (row.gameId === null) return row.userId === userId ? 'owner' : null;
    const role = await gameAccess.roleOf(row.gameId, userId);
    if (row.userId === userId) return role === null ? 'departed' : 'owner';
    if (role === 'mj') return 'mj';
    return role === 'player' ? 'member' : null;
  }

  async function keptBy(id: string, userId: string): Promise<{ row: CharacterRow; relation: Relation }> {
    const row = await find(id);
    const relation = row ? await relationTo(row, userId) : null;
    if (!row || relation === null) throw httpError(404, messages.notFound);
    if (relation === 'member') throw httpError(403, messages.forbidden);
    return { row, relation };
  }

  return {
    find,
    relationTo,

    /**
     * The character, when the user keeps it (owner or MJ) to read it; 403 for another player of
     * its game, 404 for anyone who may not even know it exists. An owner gone from the game still
     * reads their own sheet.
     */
    async requireKeeper(id: string, userId: string): Promise<{ row: CharacterRow }> {
      const { row } = await keptBy(id, userId);
      return { row };
    },

    /**
     * The character, when the user keeps it to change it or act with it in its game: as
     * `requireKeeper`, but an owner gone from the game gets 403, since a character acts in a game
     * (equipment, shards, its sheet, each told to the table) only while its owner belongs to it.
     * The MJ still acts on it.
     */
    async requireActingKeeper(id: string, userId: string): Promise<{ row: CharacterRow }> {
      const { row, relation } = await keptBy(id, userId);
      if (relation === 'departed') throw httpError(403, messages.notInGame);
      return { row };
    },
  };
}

export type CharacterKeeper = ReturnType<typeof createCharacterKeeper>;
