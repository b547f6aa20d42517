import { and, asc, eq, inArray } from 'drizzle-orm';
import type {
  CharacterHoldings,
  CharacterSheet,
  CharacterSummary,
  CreateCharacterRequest,
  UpdateCharacterRequest,
} from '#shared/wire/characters';
import { COMBAT_CAPACITIES, type CombatBoosts } from '#shared/domain/character/combat-boosts';
import {
  allocationRefusal,
  buildCharacter,
  derivedStatsMatch,
  type Allocation,
} from '#shared/domain/character/creation';
import { imageLinkAllowed } from '#shared/domain/character/image-link';
import { characterMessages } from '#shared/domain/character/messages';
import { soulCoreInRange } from '#shared/domain/character/soul-core';
import { STAT_NAMES, type Stats } from '#shared/domain/character/stats';
import type { Db } from '../../db/client';
import { characters, type CharacterRow } from '../../db/schema/index';
import { httpError } from '../../lib/errors';
import type { AuthUser } from '../auth/access';
import type { GameAccess } from '../games/access';
import { holdingsOf } from './holdings';
import { createCharacterKeeper, isCharacterId } from './keeper';
import { charactersServerMessages as messages } from './messages';

const MAX_IDS = 200;

export interface CharactersServiceOptions {
  db: Db;
  gameAccess: GameAccess;
  /** IMAGE_BUCKET_URL: the image rule's bucket. */
  imageBucketUrl: string;
  /** A user's characters in a game changed (one added, an avatar changed): the table must know. */
  onSeatChange: (userId: string, gameId: string) => void;
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

/** The sheet's own numbers, without what the character holds. */
function sheetNumbers(row: CharacterRow): Omit<CharacterSheet, keyof CharacterHoldings> {
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

/** The whole sheet: its numbers and what the character holds. */
export async function sheetOf(db: Db, row: CharacterRow): Promise<CharacterSheet> {
  return { ...sheetNumbers(row), ...(await holdingsOf(db, row.id)) };
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
export function createCharactersService({
  db,
  gameAccess,
  imageBucketUrl,
  onSeatChange,
}: CharactersServiceOptions) {
  const keeper = createCharacterKeeper(db, gameAccess);
  const { find } = keeper;

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
      if (gameId !== null) onSeatChange(user.id, gameId);
      return row;
    },

    async update(user: AuthUser, id: string, body: UpdateCharacterRequest): Promise<CharacterSheet> {
      const { row } = await keeper.requireActingKeeper(id, user.id);
      if (body.soulCore !== undefined && !soulCoreInRange(body.soulCore)) {
        throw httpError(400, characterMessages.soulCoreOutOfRange);
      }
      // A player fills the core by consuming shards (equipment module), never by naming a number;
      // the MJ of the game may set it, on their own character too.
      const isGameMaster = row.gameId !== null && (await gameAccess.roleOf(row.gameId, user.id)) === 'mj';
      if (body.soulCore !== undefined && !isGameMaster) {
        throw httpError(403, characterMessages.soulCoreMasterOnly);
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
      if (updated.gameId !== null && updated.userId !== null) onSeatChange(updated.userId, updated.gameId);
      return sheetOf(db, updated);
    },

    /** The sheet of a character the user keeps (owner, or MJ of its game). */
    async sheet(user: AuthUser, id: string): Promise<CharacterSheet> {
      return sheetOf(db, (await keeper.requireKeeper(id, user.id)).row);
    },

    /** The sheet within a game: members learn whether it exists, only its owner and the MJ read it. */
    async sheetInGame(user: AuthUser, playerId: string, gameId: string): Promise<CharacterSheet> {
      const { role } = await gameAccess.requireMember(gameId, user.id);
      const row = await find(playerId);
      if (!row || row.gameId !== gameId) throw httpError(404, messages.notFound);
      if (row.userId !== user.id && role !== 'mj') throw httpError(403, messages.forbidden);
      return sheetOf(db, row);
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
        .filter(isCharacterId)
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
