import { and, eq, inArray } from 'drizzle-orm';
import type { AttackPayload, ItemChangePayload, MapChangePayload } from '#shared/wire/table';
import { categoryFieldSchemas } from '#shared/wire/resources';
import { cellsOfCreatureSize } from '#shared/domain/resources/categories';
import {
  DEFAULT_MONSTER_DAMAGE,
  MONSTER_ATTACK,
  SIMPLE_ATTACK,
  simpleAttackRange,
  weaponStat,
} from '#shared/domain/dice/attack';
import type { AttackSpec } from '#shared/domain/table/attack';
import { attackNumbers } from '#shared/domain/table/attack-numbers';
import type { WhisperRecipient } from '#shared/domain/table/chat-audience';
import type { TokenDraft } from '#shared/domain/table/decide';
import { attackMessages } from '#shared/domain/table/messages';
import { tokenAt, tokensOfMap } from '#shared/domain/table/records';
import { equippedBonuses } from '#shared/domain/character/equipment';
import { characterInitiative } from '#shared/domain/turn-order/initiative';
import type { MapRef, TableState } from '#shared/domain/table/types';
import { gridAcross, type MapGrid } from '#shared/domain/geometry/grid';
import { darkvisionCells } from '#shared/domain/table/vision';
import { managesTable } from '#shared/domain/table/visibility';
import type { Db } from '../../db/client';
import { characterMemories, characters, files, gameResources } from '../../db/schema/index';
import { httpError } from '../../lib/errors';
import { attacksOfWeapon, wornWeapon } from '../equipment/weapon';
import { categoryFields } from '../resources/views';
import type { SeatedActor } from './members';
import { tableServerMessages } from './messages';

type PlaceChange = Extract<ItemChangePayload['change'], { type: 'token.place' }>;

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * What a client's intent names, read from the database (docs/live-table.md "The server owns every
 * number"): the game's map a `mapChange` chooses, the stored character or monster a token is
 * built from, the weapon's attack and the character's stat an attack rolls with. The client says
 * which and where; everything else is the server's.
 */
export function createCommandInputs(db: Db) {
  async function resource(gameId: string, category: 'map' | 'monster', id: string) {
    if (!isUuid(id)) return undefined;
    const [row] = await db
      .select()
      .from(gameResources)
      .where(
        and(eq(gameResources.id, id), eq(gameResources.gameId, gameId), eq(gameResources.category, category)),
      );
    return row;
  }

  async function character(gameId: string, id: string) {
    if (!isUuid(id)) return undefined;
    const [row] = await db
      .select()
      .from(characters)
      .where(and(eq(characters.id, id), eq(characters.gameId, gameId)));
    return row;
  }

  return {
    /** A stored file an ambience track may play: one of this game's sounds (decision 0031). */
    async isAudioFileOf(gameId: string, fileId: string): Promise<boolean> {
      if (!isUuid(fileId)) return false;
      const [row] = await db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.id, fileId), eq(files.gameId, gameId), eq(files.kind, 'audio')));
      return row !== undefined;
    },

    /** Whom a whisper may name: every character of the game, by its name. */
    async whisperRecipients(gameId: string): Promise<WhisperRecipient[]> {
      const rows = await db
        .select({ name: characters.name, characterId: characters.id })
        .from(characters)
        .where(eq(characters.gameId, gameId));
      return rows;
    },

    /**
     * The map of the game a `mapChange` names, with the size the MJ's browser measured, and the
     * grid its « Taille » (cells across) implies, which a map never aligned starts from.
     */
    async mapOf(
      gameId: string,
      chosen: NonNullable<MapChangePayload['map']>,
    ): Promise<{ map: MapRef; seedGrid: MapGrid | null }> {
      const row = await resource(gameId, 'map', chosen.id);
      if (!row) throw httpError(404, tableServerMessages.unknownMap);
      const { link, size } = categoryFieldSchemas.map.parse(categoryFields('map', row.fields));
      return {
        map: { id: row.id, name: row.name, link, width: chosen.width, height: chosen.height },
        seedGrid: gridAcross(size, chosen.width),
      };
    },

    /** The token a `token.place` asks for, built from the stored character or monster. */
    async draftOf(gameId: string, change: PlaceChange): Promise<TokenDraft> {
      const at = { x: change.x, y: change.y };
      if (change.isPlayer) {
        const row = await character(gameId, change.itemId);
        if (!row) throw httpError(404, tableServerMessages.unknownCharacter);
        return {
          itemId: row.id,
          name: row.name,
          isPlayer: true,
          assetLink: row.assetLink,
          speciality: null,
          AC: row.defense,
          HP: row.pv,
          soulEssence: row.soulEssence,
          attackBonus: 0,
          damage: SIMPLE_ATTACK.damageRoll,
          // Only the MJ's wish to hide counts; a player's own token is always placed in sight.
          visibility: !change.hidden,
          // Characters are medium: the sheet has no size.
          size: 1,
          darkvision: darkvisionCells({ isPlayer: true, instinct: row.instinct }),
          ...at,
        };
      }
      const row = await resource(gameId, 'monster', change.itemId);
      if (!row) throw httpError(404, tableServerMessages.unknownMonster);
      const monster = categoryFieldSchemas.monster.parse(categoryFields('monster', row.fields));
      return {
        itemId: row.id,
        name: row.name,
        isPlayer: false,
        assetLink: monster.assetLink,
        speciality: monster.speciality === '' ? null : monster.speciality,
        AC: monster.AC,
        HP: monster.HP,
        soulEssence: null,
        attackBonus: monster.attackBonus,
        damage: monster.damage || DEFAULT_MONSTER_DAMAGE,
        visibility: !change.hidden,
        size: cellsOfCreatureSize[monster.size],
        darkvision: darkvisionCells({ isPlayer: false, darkvision: monster.darkvision }),
        ...at,
      };
    },

    /**
     * The initiative bonus of each character and monster with a token on the map, by its id
     * (decision 0020): a character's agilité modifier with what it wears, a monster's « Initiative ».
     */
    async initiativeBonuses(gameId: string, table: TableState, map: string): Promise<Record<string, number>> {
      const tokens = Object.values(tokensOfMap(table, map));
      const ids = (isPlayer: boolean) =>
        [
          ...new Set(tokens.filter((token) => token.isPlayer === isPlayer).map((token) => token.itemId)),
        ].filter(isUuid);
      const [characterIds, monsterIds] = [ids(true), ids(false)];
      const bonuses: Record<string, number> = {};
      if (characterIds.length > 0) {
        const rows = await db
          .select({ id: characters.id, agilite: characters.agilite })
          .from(characters)
          .where(and(eq(characters.gameId, gameId), inArray(characters.id, characterIds)));
        const worn = await db
          .select({ characterId: characterMemories.characterId, fields: gameResources.fields })
          .from(characterMemories)
          .innerJoin(gameResources, eq(gameResources.id, characterMemories.resourceId))
          .where(
            and(inArray(characterMemories.characterId, characterIds), eq(characterMemories.equipped, true)),
          );
        for (const row of rows) {
          const stats = worn
            .filter((memory) => memory.characterId === row.id)
            .map((memory) => ({ stat: categoryFields('memory', memory.fields).stat }));
          bonuses[row.id] = characterInitiative(row.agilite, equippedBonuses(stats));
        }
      }
      if (monsterIds.length > 0) {
        const rows = await db
          .select({ id: gameResources.id, fields: gameResources.fields })
          .from(gameResources)
          .where(
            and(
              eq(gameResources.gameId, gameId),
              eq(gameResources.category, 'monster'),
              inArray(gameResources.id, monsterIds),
            ),
          );
        for (const row of rows) {
          bonuses[row.id] = categoryFieldSchemas.monster.parse(
            categoryFields('monster', row.fields),
          ).initiative;
        }
      }
      return bonuses;
    },

    /**
     * The attack an `attack` intent names, as the server stores it: the monster's own, the simple
     * attack, or one of the worn weapon's attacks with the weapon's damage added (`attackNumbers`,
     * as the sheet and the menu show it), with the character's stat for the weapon's category. Who may strike with which token is `decide`'s to check against the table.
     */
    async attackOf(
      gameId: string,
      actor: SeatedActor,
      table: TableState,
      intent: AttackPayload,
    ): Promise<AttackSpec> {
      const token = tokenAt(table, intent.map, intent.attackerId);
      if (intent.attack.kind === 'monster') {
        if (!managesTable(actor)) throw httpError(403, attackMessages.onlyMasterMonsters);
        if (!token || token.isPlayer) throw httpError(404, attackMessages.tokenNotFound);
        return {
          ...MONSTER_ATTACK,
          by: 'monster',
          itemId: token.itemId,
          bonus: token.attackBonus,
          damageRoll: attackNumbers({ damageRoll: token.damage || DEFAULT_MONSTER_DAMAGE }).damage,
          movement: 0,
          essenceCost: 0,
        };
      }
      if (managesTable(actor)) throw httpError(403, attackMessages.mastersDoNotAttack);
      if (!token || !token.isPlayer || !actor.characterIds.includes(token.itemId)) {
        throw httpError(400, attackMessages.notOnMap);
      }
      const row = await character(gameId, token.itemId);
      if (!row) throw httpError(400, attackMessages.notOnMap);
      const weapon = await wornWeapon(db, row.id);
      const common = { by: 'character' as const, itemId: row.id, movement: row.deplacement };
      if (intent.attack.kind === 'simple') {
        // Bare-handed, a blow is a matter of force.
        const stat = weaponStat(row, weapon?.type ?? 'force');
        return {
          ...common,
          name: SIMPLE_ATTACK.name,
          bonus: 'stat' in stat ? stat.stat : null,
          damageRoll: attackNumbers({ damageRoll: SIMPLE_ATTACK.damageRoll }).damage,
          range: simpleAttackRange(weapon?.type ?? null),
          areaOfEffect: SIMPLE_ATTACK.areaOfEffect,
          areaSize: 0,
          maxTargets: SIMPLE_ATTACK.maxTargets,
          essenceCost: 0,
        };
      }
      if (!weapon) throw httpError(400, attackMessages.noWeapon);
      const { attackId } = intent.attack;
      const attack = (await attacksOfWeapon(db, gameId, weapon)).find((offered) => offered.id === attackId);
      if (!attack) throw httpError(400, attackMessages.unknownAttack);
      const stat = weaponStat(row, weapon.type);
      const numbers = attackNumbers(attack, weapon);
      return {
        ...common,
        name: attack.name,
        bonus: 'stat' in stat ? stat.stat : null,
        damageRoll: numbers.damage,
        range: attack.range,
        areaOfEffect: attack.areaOfEffect,
        areaSize: attack.areaSize,
        maxTargets: attack.maxTargets,
        essenceCost: numbers.essenceCost,
      };
    },
  };
}

export type CommandInputs = ReturnType<typeof createCommandInputs>;
