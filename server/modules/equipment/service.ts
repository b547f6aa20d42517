import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type {
  CharacterSheet,
  ConsumeShardRequest,
  ConsumeShardResponse,
  EquipAction,
  EquippedItem,
  EquipResponse,
  MemoryEnchantment,
  WeaponAttack,
} from '#shared/wire/characters';
import { categoryFieldSchemas } from '#shared/wire/resources';
import {
  equipmentSlotOf,
  occupantOfSlot,
  weaponTypeOf,
  type EquippedMemory,
} from '#shared/domain/character/equipment';
import { characterMessages } from '#shared/domain/character/messages';
import { consumeShards, soulShardValue } from '#shared/domain/character/soul-core';
import { tableMessages } from '#shared/domain/table/messages';
import type { Db } from '../../db/client';
import { characterItems, characterMemories, characters, gameResources } from '../../db/schema/index';
import { httpError, reportInternalError } from '../../lib/errors';
import type { AuthUser } from '../auth/access';
import { sheetOf } from '../characters/service';
import { createCharacterKeeper } from '../characters/keeper';
import { watchersOf, type SheetNotice, type SheetsChanged } from '../characters/sheet-notices';
import type { GameAccess } from '../games/access';
import type { ResourcesService } from '../resources/service';
import { categoryFields } from '../resources/views';
import { equipmentMessages } from './messages';
import { attacksOfWeapon } from './weapon';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One change of what a character wears, as the table and the chat must hear it. */
export interface EquipmentNotice extends SheetNotice {
  /** 'Équipé: {name}' or 'Déséquipé: {name}' (table.md §4 "Equipment"). */
  text: string;
}
export type NotifyEquipment = (notice: EquipmentNotice) => Promise<void> | void;

export interface EquipmentServiceOptions {
  db: Db;
  gameAccess: GameAccess;
  /** Reads a resource with the resources module's own reading rule. */
  readResource: ResourcesService['read'];
  notifyEquipment: NotifyEquipment;
  /** Shards consumed change the sheet: the MJ's open copy reads it again. */
  sheetsChanged: SheetsChanged;
  log: FastifyBaseLogger;
}

const isUuid = (value: string) => z.guid().safeParse(value).success;

interface HeldMemoryRow extends EquippedMemory {
  equipped: boolean;
}

async function heldMemories(tx: Tx | Db, characterId: string): Promise<HeldMemoryRow[]> {
  const rows = await tx
    .select({
      memoryId: gameResources.id,
      name: gameResources.name,
      fields: gameResources.fields,
      equipped: characterMemories.equipped,
    })
    .from(characterMemories)
    .innerJoin(gameResources, eq(gameResources.id, characterMemories.resourceId))
    .where(eq(characterMemories.characterId, characterId))
    .orderBy(asc(gameResources.name), asc(gameResources.id));
  return rows.map(({ fields, ...row }) => {
    const { type, stat } = categoryFields('memory', fields) as { type: string; stat: unknown };
    return { ...row, type, stat };
  });
}

const asEquippedItem = (memory: EquippedMemory): EquippedItem => ({
  memoryId: memory.memoryId,
  Memory: { name: memory.name, type: memory.type, stat: memory.stat as EquippedItem['Memory']['stat'] },
});

/**
 * Equipment and the soul core (table.md §4 "Equipment", §7, §9): what a character wears, the
 * attacks of its weapon, the enchantments of a memory, and Soul Shards fed to the core. Only the
 * character's keepers — its owner and the MJ of its game — read or change any of it; every rule
 * (one memory per slot, shards held, core ≤ 1000) is checked here, inside one transaction that
 * locks the character so two changes of the same sheet never interleave.
 */
export function createEquipmentService({
  db,
  gameAccess,
  readResource,
  notifyEquipment,
  sheetsChanged,
  log,
}: EquipmentServiceOptions) {
  const keeper = createCharacterKeeper(db, gameAccess);

  async function heldMemory(characterId: string, memoryId: string): Promise<HeldMemoryRow> {
    const memory = isUuid(memoryId)
      ? (await heldMemories(db, characterId)).find((held) => held.memoryId === memoryId)
      : undefined;
    if (!memory) throw httpError(404, characterMessages.memoryNotHeld);
    return memory;
  }

  const lockCharacter = (tx: Tx, id: string) =>
    tx.select({ id: characters.id }).from(characters).where(eq(characters.id, id)).for('update');

  return {
    /**
     * `PUT /player-memories/equip/{playerId}/{memoryId}`. Equipping into a taken slot takes the
     * old memory off first; equipping what is on, or taking off what is not, changes nothing.
     */
    async equip(
      user: AuthUser,
      playerId: string,
      memoryId: string,
      action: EquipAction,
    ): Promise<EquipResponse> {
      const { row } = await keeper.requireActingKeeper(playerId, user.id);
      if (!isUuid(memoryId)) throw httpError(404, characterMessages.memoryNotHeld);
      const { texts, equipped } = await db.transaction(async (tx) => {
        await lockCharacter(tx, row.id);
        const held = await heldMemories(tx, row.id);
        const target = held.find((memory) => memory.memoryId === memoryId);
        if (!target) throw httpError(404, characterMessages.memoryNotHeld);
        const wearing = held.filter((memory) => memory.equipped);
        const changes: Array<{ memory: HeldMemoryRow; on: boolean }> = [];
        if (action === 'equip' && !target.equipped) {
          if (equipmentSlotOf(target.type) === null) {
            log.warn({ memoryId, type: target.type }, 'memory of no known slot equipped beside the others');
          }
          const occupant = occupantOfSlot(wearing, target) as HeldMemoryRow | null;
          if (occupant) changes.push({ memory: occupant, on: false });
          changes.push({ memory: target, on: true });
        }
        if (action === 'unequip' && target.equipped) changes.push({ memory: target, on: false });
        for (const { memory, on } of changes) {
          await tx
            .update(characterMemories)
            .set({ equipped: on })
            .where(
              and(
                eq(characterMemories.characterId, row.id),
                eq(characterMemories.resourceId, memory.memoryId),
              ),
            );
        }
        const after = await heldMemories(tx, row.id);
        return {
          texts: changes.map(({ memory, on }) =>
            on ? tableMessages.equipped(memory.name) : tableMessages.unequipped(memory.name),
          ),
          equipped: after.filter((memory) => memory.equipped).map(asEquippedItem),
        };
      });
      if (texts.length > 0) {
        const watchers = await watchersOf(gameAccess, row);
        for (const text of texts) {
          // The change is stored: a failed notice is logged, never turned into a failed call. The
          // table's line says whose character it is; the answer goes to its keeper, who knows.
          try {
            await notifyEquipment({
              gameId: row.gameId,
              playerId: row.id,
              watchers,
              text: tableMessages.worn(text, row.name),
            });
          } catch (error) {
            reportInternalError(log, error);
          }
        }
      }
      return { message: texts.join(' · ') || equipmentMessages.unchanged, equipped };
    },

    /** The memories a character wears (table.md §3 "Equipped item"). */
    async equipped(user: AuthUser, playerId: string): Promise<EquippedItem[]> {
      const { row } = await keeper.requireKeeper(playerId, user.id);
      return (await heldMemories(db, row.id)).filter((memory) => memory.equipped).map(asEquippedItem);
    },

    async isEquipped(user: AuthUser, playerId: string, memoryId: string) {
      const { row } = await keeper.requireKeeper(playerId, user.id);
      const memory = await heldMemory(row.id, memoryId);
      return { memoryId: memory.memoryId, isEquipped: memory.equipped };
    },

    /** The enchantments of a memory, for whoever may read the memory. */
    async enchantmentsOf(user: AuthUser, memoryId: string): Promise<MemoryEnchantment[]> {
      const memory = await readResource(user, 'memory', memoryId);
      const rows = await db
        .select()
        .from(gameResources)
        .where(and(eq(gameResources.gameId, memory.gameId), eq(gameResources.category, 'enchantment')))
        .orderBy(asc(gameResources.name));
      return rows.flatMap((resource) => {
        const fields = categoryFieldSchemas.enchantment.parse(categoryFields('enchantment', resource.fields));
        if (fields.memoryId !== memory.id) return [];
        return [{ id: resource.id, name: resource.name, description: resource.description, ...fields }];
      });
    },

    /**
     * `GET /attack/memory/{memoryId}?playerId=`: the attacks of a weapon the character wears — those
     * made for this memory, and the global ones of its weapon type (FOR, AGI or INST in its name).
     * A memory held but not worn, or no weapon, has none.
     */
    async attacksOf(user: AuthUser, memoryId: string, playerId: string): Promise<WeaponAttack[]> {
      const { row } = await keeper.requireActingKeeper(playerId, user.id);
      const memory = await heldMemory(row.id, memoryId);
      if (!memory.equipped || equipmentSlotOf(memory.type) !== 'Arme') return [];
      const [resource] = await db
        .select({ gameId: gameResources.gameId })
        .from(gameResources)
        .where(eq(gameResources.id, memory.memoryId));
      return attacksOfWeapon(db, resource!.gameId, {
        memoryId: memory.memoryId,
        name: memory.name,
        type: weaponTypeOf(memory.name),
        stat: memory.stat,
      });
    },

    /**
     * Soul Shards into the core (table.md §7, §9): only shards the character holds, as many as it
     * holds; the core stops at 1000 and the shards a full core cannot take stay in the inventory.
     */
    async consumeSoulShards(user: AuthUser, body: ConsumeShardRequest): Promise<ConsumeShardResponse> {
      const { row } = await keeper.requireActingKeeper(body.destinationId, user.id);
      if (!isUuid(body.selectedObjectId)) throw httpError(404, characterMessages.itemNotHeld);
      const { consumed, updated } = await db.transaction(async (tx) => {
        await lockCharacter(tx, row.id);
        const [link] = await tx
          .select({
            quantity: characterItems.quantity,
            name: gameResources.name,
            soulCore: characters.soulCore,
          })
          .from(characterItems)
          .innerJoin(gameResources, eq(gameResources.id, characterItems.resourceId))
          .innerJoin(characters, eq(characters.id, characterItems.characterId))
          .where(
            and(eq(characterItems.characterId, row.id), eq(characterItems.resourceId, body.selectedObjectId)),
          );
        if (!link) throw httpError(404, characterMessages.itemNotHeld);
        const value = soulShardValue(link.name);
        if (value === null) throw httpError(400, characterMessages.notASoulShard);
        if (body.quantity > link.quantity)
          throw httpError(400, characterMessages.shardsTooFew(link.quantity));
        const result = consumeShards(link.soulCore, value, body.quantity, link.quantity);
        if (result.consumed === 0) throw httpError(400, characterMessages.soulCoreFull);
        const itemLink = and(
          eq(characterItems.characterId, row.id),
          eq(characterItems.resourceId, body.selectedObjectId),
        );
        if (result.consumed === link.quantity) await tx.delete(characterItems).where(itemLink);
        else
          await tx
            .update(characterItems)
            .set({ quantity: link.quantity - result.consumed })
            .where(itemLink);
        const [character] = await tx
          .update(characters)
          .set({ soulCore: result.soulCore })
          .where(eq(characters.id, row.id))
          .returning();
        return { consumed: result.consumed, updated: character! };
      });
      await sheetsChanged([row.id]);
      const sheet: CharacterSheet = await sheetOf(db, updated);
      return {
        message: characterMessages.shardsConsumed(consumed, sheet.soulCore),
        consumed,
        sheet,
      };
    },
  };
}

export type EquipmentService = ReturnType<typeof createEquipmentService>;
