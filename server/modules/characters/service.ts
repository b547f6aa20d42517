import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type {
  CharacterSheet,
  CharacterSummary,
  CreateCharacterRequest,
  UpdateCharacterRequest,
} from '../../../src/api/schemas/characters';
import { COMBAT_CAPACITIES, type CombatBoosts } from '../../../src/domain/character/combat-boosts';
import {
  allocationRefusal,
  buildCharacter,
  derivedStatsMatch,
  type Allocation,
} from '../../../src/domain/character/creation';
import { imageLinkAllowed } from '../../../src/domain/character/image-link';
import { characterMessages } from '../../../src/domain/character/messages';
import { soulCoreInRange } from '../../../src/domain/character/soul-core';
import { STAT_NAMES, type Stats } from '../../../src/domain/character/stats';
import type { Db } from '../../db/client';
import { characters, type CharacterRow } from '../../db/schema/index';
import { httpError } from '../../lib/errors';
import type { AuthUser } from '../auth/access';
import type { GameAccess } from '../games/access';
import { charactersServerMessages as messages } from './messages';

// Character ids are uuids; anything else names no character (and must not reach PostgreSQL).
const characterId = z.guid();
const MAX_IDS = 200;

/** How the acting user stands to one character: it decides what they may read and change. */
type Relation = 'owner' | 'mj' | 'member' | null;

export interface CharactersServiceOptions {
  db: Db;
  gameAccess: GameAccess;
  /** IMAGE_BUCKET_URL: the image rule's bucket. */
  imageBucketUrl: string;
}

export function toSummary(row: CharacterRow): CharacterSummary {
  return {
    id: row.id,
    name: row.name,
    userId: row.userId,
    gameId: row.gameId,
    HP: row.pv,
    soulEssence: row.soulEssence,
    force: row.force,
    agilite: row.agilite,
    assetLink: row.assetLink,
  };
}

export function toSheet(row: CharacterRow): CharacterSheet {
  return {
    ...toSummary(row),
    endurance: row.endurance,
    eloquence: row.eloquence,
    sagesse: row.sagesse,
    instinct: row.instinct,
    autre: row.autre,
    defense: row.defense,
    deplacement: row.deplacement,
    inspiration: row.inspiration,
    divineGift: row.divineGift,
    soulCore: row.soulCore,
    credits: row.credits,
    rune: row.rune,
    aspect: row.aspect,
    forceWeapon: row.forceWeapon,
    agilityWeapon: row.agilityWeapon,
    perceptionWeapon: row.perceptionWeapon,
    skills: row.skills,
  };
}

function allocationOf(body: CreateCharacterRequest): Allocation {
  return {
    name: body.name,
    stats: Object.fromEntries(STAT_NAMES.map((name) => [name, body[name]])) as Stats,
    boosts: Object.fromEntries(COMBAT_CAPACITIES.map((name) => [name, body[name]])) as CombatBoosts,
    skills: body.skills,
    assetLink: body.assetLink ?? '',
  };
}

/**
 * Characters (table.md §7 "Players", platform.md §7 "Games and players"). A character belongs to
 * its creator; the MJ of its game reads and changes it too, and the game's players may list it.
 * Every number of a new sheet is recomputed from the rules before it is stored.
 */
export function createCharactersService({ db, gameAccess, imageBucketUrl }: CharactersServiceOptions) {
  async function find(id: string): Promise<CharacterRow | undefined> {
    if (!characterId.safeParse(id).success) return undefined;
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

  /** The character when the user may change it; 404 when they may not even know it exists. */
  async function requireKeeper(id: string, userId: string): Promise<CharacterRow> {
    const row = await find(id);
    const relation = row ? await relationTo(row, userId) : null;
    if (!row || relation === null) throw httpError(404, messages.notFound);
    if (relation === 'member') throw httpError(403, messages.forbidden);
    return row;
  }

  return {
    async create(user: AuthUser, body: CreateCharacterRequest): Promise<{ id: string }> {
      const gameId = body.gameId ?? null;
      if (gameId !== null) await gameAccess.requireMember(gameId, user.id);
      const allocation = allocationOf(body);
      const refusal = allocationRefusal(allocation, imageBucketUrl);
      if (refusal) throw httpError(400, refusal);
      if (!derivedStatsMatch(body, allocation.stats)) throw httpError(400, characterMessages.derivedMismatch);
      const { HP, ...built } = buildCharacter(allocation);
      const [row] = await db
        .insert(characters)
        .values({ ...built, pv: HP, userId: user.id, gameId })
        .returning({ id: characters.id });
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(user: AuthUser, id: string, body: UpdateCharacterRequest): Promise<CharacterSheet> {
      const row = await requireKeeper(id, user.id);
      if (body.soulCore !== undefined && !soulCoreInRange(body.soulCore)) {
        throw httpError(400, characterMessages.soulCoreOutOfRange);
      }
      const link = body.assetLink === undefined ? undefined : body.assetLink?.trim() || null;
      if (link && !imageLinkAllowed(link, row.name, imageBucketUrl)) {
        throw httpError(400, characterMessages.invalidImageLink);
      }
      const [updated] = await db
        .update(characters)
        .set({ soulCore: body.soulCore, assetLink: link })
        .where(eq(characters.id, row.id))
        .returning();
      if (!updated) throw httpError(404, messages.notFound);
      return toSheet(updated);
    },

    /** The sheet of a character the user keeps (owner, or MJ of its game). */
    async sheet(user: AuthUser, id: string): Promise<CharacterSheet> {
      return toSheet(await requireKeeper(id, user.id));
    },

    /** The sheet within a game: members learn whether it exists, only its owner and the MJ read it. */
    async sheetInGame(user: AuthUser, playerId: string, gameId: string): Promise<CharacterSheet> {
      const { role } = await gameAccess.requireMember(gameId, user.id);
      const row = await find(playerId);
      if (!row || row.gameId !== gameId) throw httpError(404, messages.notFound);
      if (row.userId !== user.id && role !== 'mj') throw httpError(403, messages.forbidden);
      return toSheet(row);
    },

    /** Without ids: the user's own characters. With ids: those among them the user may see. */
    async list(user: AuthUser, ids: string | undefined): Promise<CharacterSummary[]> {
      if (ids === undefined) {
        const rows = await db
          .select()
          .from(characters)
          .where(eq(characters.userId, user.id))
          .orderBy(asc(characters.name));
        return rows.map(toSummary);
      }
      const wanted = [...new Set(ids.split(',').map((id) => id.trim()))]
        .filter((id) => characterId.safeParse(id).success)
        .slice(0, MAX_IDS);
      if (wanted.length === 0) return [];
      const rows = await db
        .select()
        .from(characters)
        .where(inArray(characters.id, wanted))
        .orderBy(asc(characters.name));
      const roles = new Map<string, Promise<unknown>>();
      const visible = await Promise.all(
        rows.map(async (row) => {
          if (row.userId === user.id) return true;
          if (row.gameId === null) return false;
          if (!roles.has(row.gameId)) roles.set(row.gameId, gameAccess.roleOf(row.gameId, user.id));
          return (await roles.get(row.gameId)) !== null;
        }),
      );
      return rows.filter((_, index) => visible[index]).map(toSummary);
    },

    async listMineInGame(user: AuthUser, gameId: string): Promise<CharacterSummary[]> {
      await gameAccess.requireMember(gameId, user.id);
      const rows = await db
        .select()
        .from(characters)
        .where(and(eq(characters.gameId, gameId), eq(characters.userId, user.id)))
        .orderBy(asc(characters.name));
      return rows.map(toSummary);
    },

    async listAllInGame(user: AuthUser, gameId: string): Promise<CharacterSummary[]> {
      await gameAccess.requireMember(gameId, user.id);
      const rows = await db
        .select()
        .from(characters)
        .where(eq(characters.gameId, gameId))
        .orderBy(asc(characters.name));
      return rows.map(toSummary);
    },
  };
}

export type CharactersService = ReturnType<typeof createCharactersService>;
