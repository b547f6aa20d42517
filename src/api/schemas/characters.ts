import { z } from 'zod';
import { characterMessages } from '../../domain/character/messages';
import { categoryFieldSchemas } from './resources';
import { tokenConditions } from './conditions';

/**
 * Characters (the spec's "players") as lists show them: platform.md §3 "Character" — id, name,
 * userId, HP, soulEssence, force, agilite — plus the game they belong to and their image.
 */
export const characterSummary = z.object({
  id: z.string(),
  name: z.string(),
  userId: z.string(),
  gameId: z.string().nullable(),
  HP: z.number().int(),
  soulEssence: z.number().int(),
  force: z.number().int(),
  agilite: z.number().int(),
  assetLink: z.string().nullable(),
});
export type CharacterSummary = z.infer<typeof characterSummary>;

export const characterList = z.array(characterSummary);

export const characterIdsQuery = z.object({ ids: z.string().max(4000).optional() });

const int = z.number().int();
const skillPoints = z.record(z.string().max(40), int);

const held = z.object({ id: z.string(), name: z.string(), description: z.string() });

/** A memory the character holds (table.md §3 "Memory"), and whether it is worn. */
export const heldMemory = held.extend(categoryFieldSchemas.memory.shape).extend({ equipped: z.boolean() });
export type HeldMemory = z.infer<typeof heldMemory>;
/** An item with the quantity of the player-item link. */
export const heldItem = held.extend(categoryFieldSchemas.item.shape).extend({ quantity: int });
export type HeldItem = z.infer<typeof heldItem>;
export const heldEcho = held.extend(categoryFieldSchemas.echo.shape);
export type HeldEcho = z.infer<typeof heldEcho>;
export const heldRune = held.extend(categoryFieldSchemas.rune.shape);
export type HeldRune = z.infer<typeof heldRune>;
export const heldAspectAbility = held.extend(categoryFieldSchemas.aspectAbility.shape);
export type HeldAspectAbility = z.infer<typeof heldAspectAbility>;

/** What a character holds, each list sorted by name. */
export const characterHoldings = z.object({
  memories: z.array(heldMemory),
  items: z.array(heldItem),
  echoes: z.array(heldEcho),
  runes: z.array(heldRune),
  aspectAbilities: z.array(heldAspectAbility),
});
export type CharacterHoldings = z.infer<typeof characterHoldings>;

/**
 * A whole character as its sheet shows it (table.md §3 "Player (character)"): the summary plus
 * every statistic, the combat capacities, the points allocated to each skill and what it holds.
 * Bonuses of equipped memories are not in the numbers: the sheet adds them
 * (src/domain/character/equipment.ts).
 */
export const characterSheet = characterSummary
  .extend({
    endurance: int,
    eloquence: int,
    sagesse: int,
    instinct: int,
    autre: int,
    defense: int,
    deplacement: int,
    inspiration: int,
    divineGift: int,
    soulCore: int,
    credits: int,
    rune: int,
    aspect: int,
    forceWeapon: int,
    agilityWeapon: int,
    perceptionWeapon: int,
    skills: skillPoints,
  })
  .extend(characterHoldings.shape);
export type CharacterSheet = z.infer<typeof characterSheet>;

/**
 * `POST /players`: the choices and the numbers the page derived from them. The server recomputes
 * every one (src/domain/character/creation.ts) and refuses a sheet the rules do not give; fields
 * the page never sends (soul core, credits…) are refused rather than ignored.
 */
export const createCharacterRequest = z.strictObject({
  gameId: z.string().min(1).max(64).nullish(),
  name: z.string().max(200),
  force: int,
  agilite: int,
  endurance: int,
  eloquence: int,
  sagesse: int,
  instinct: int,
  HP: int,
  soulEssence: int,
  defense: int,
  deplacement: int,
  forceWeapon: int,
  agilityWeapon: int,
  perceptionWeapon: int,
  aspect: int,
  rune: int,
  skills: skillPoints,
  assetLink: z.string().max(500).nullish(),
});
export type CreateCharacterRequest = z.infer<typeof createCharacterRequest>;

export const createdCharacter = z.object({ id: z.string(), message: z.string() });

/** `PUT /players/{id}`: the soul core, the image, or both. */
export const updateCharacterRequest = z
  .strictObject({
    soulCore: int.optional(),
    assetLink: z.string().max(500).nullable().optional(),
  })
  .refine((body) => body.soulCore !== undefined || body.assetLink !== undefined, {
    message: 'Indiquez soulCore ou assetLink.',
  });
export type UpdateCharacterRequest = z.infer<typeof updateCharacterRequest>;

export const gameIdParam = z.object({ gameId: z.string().min(1).max(64) });
export const characterInGameParams = z.object({
  playerId: z.string().min(1).max(64),
  gameId: z.string().min(1).max(64),
});

/** table.md §3 "Equipped item": a worn memory with what the stat rules read of it. */
export const equippedItem = z.object({
  memoryId: z.string(),
  Memory: z.object({ name: z.string(), type: z.string(), stat: categoryFieldSchemas.memory.shape.stat }),
});
export type EquippedItem = z.infer<typeof equippedItem>;
export const equippedList = z.array(equippedItem);

export const equipParams = z.object({
  playerId: z.string().min(1).max(64),
  memoryId: z.string().min(1).max(64),
});

/** `PUT /player-memories/equip/{playerId}/{memoryId}`: one call for both directions (table.md §4). */
export const equipRequest = z.object(
  { action: z.enum(['equip', 'unequip'], { error: characterMessages.invalidEquipAction }) },
  { error: characterMessages.invalidEquipAction },
);
export type EquipRequest = z.infer<typeof equipRequest>;
export type EquipAction = EquipRequest['action'];

/** The answer: what the character wears now, after the slot rule. */
export const equipResponse = z.object({ message: z.string(), equipped: equippedList });
export type EquipResponse = z.infer<typeof equipResponse>;

/** The socket's `equipmentChange` (table.md §7 "Socket events"). */
export const equipmentChangeEvent = z.object({ playerId: z.string() });

/**
 * A character's health at the table: its token's current and full HP and soul essence, and the
 * conditions it bears (docs/live-table.md "Conditions").
 */
export const tableVitals = z.object({
  currentHP: int,
  maxHP: int,
  currentSoulEssence: int,
  maxSoulEssence: int,
  /** Absent while it bears none. */
  conditions: tokenConditions.optional(),
});
export type TableVitals = z.infer<typeof tableVitals>;

/**
 * A character as its player's lobby lists it: with its health at the table, so the card shows the
 * current HP and essence; null when the players' map does not hold its token.
 */
export const lobbyCharacter = characterSummary.extend({ table: tableVitals.nullable() });
export type LobbyCharacter = z.infer<typeof lobbyCharacter>;
export const lobbyCharacterList = z.array(lobbyCharacter);

/** The sheet a keeper reads: with its health at the table, null when no map holds its token. */
export const keptSheet = characterSheet.extend({ table: tableVitals.nullable() });
export type KeptSheet = z.infer<typeof keptSheet>;

/** The socket's `playerUpdate` (table.md §7 "Socket events"): a character's HP or essence changed at the table. */
export const playerUpdateEvent = tableVitals.extend({ playerId: z.string() });
export type PlayerUpdateEvent = z.infer<typeof playerUpdateEvent>;

export const playerIdParam = z.object({ playerId: z.string().min(1).max(64) });
export const memoryIdParam = z.object({ memoryId: z.string().min(1).max(64) });

/** `GET /player-memories/isEquipped/{playerId}?memoryId=`. */
export const isEquippedQuery = z.object({
  memoryId: z.string({ error: characterMessages.memoryIdRequired }).min(1).max(64),
});
export const isEquippedResponse = z.object({ memoryId: z.string(), isEquipped: z.boolean() });

/** table.md §3 "Memory enchantment". */
export const memoryEnchantment = held.extend({ type: z.string(), cost: z.string() });
export const memoryEnchantmentList = z.array(memoryEnchantment);
export type MemoryEnchantment = z.infer<typeof memoryEnchantment>;

/** table.md §3 "Attack", as `GET /attack/memory/{memoryId}?playerId=` lists them. */
export const weaponAttack = held.extend(categoryFieldSchemas.attack.shape);
export const weaponAttackList = z.array(weaponAttack);
export type WeaponAttack = z.infer<typeof weaponAttack>;
export const weaponAttacksQuery = z.object({
  playerId: z.string({ error: characterMessages.playerIdRequired }).min(1).max(64),
});

/**
 * Consuming Soul Shards (table.md §7): `destinationId` is the character whose core rises,
 * `selectedObjectId` the shard item it holds, `quantity` how many to use.
 */
export const consumeShardRequest = z.object({
  destinationId: z.string().min(1).max(64),
  selectedObjectId: z.string().min(1).max(64),
  quantity: z
    .int({ error: characterMessages.shardQuantityInvalid })
    .min(1, { error: characterMessages.shardQuantityInvalid })
    .max(9999, { error: characterMessages.shardQuantityInvalid }),
});
export type ConsumeShardRequest = z.infer<typeof consumeShardRequest>;
/** `consumed` may be fewer than asked: shards that would only overflow the core stay in the inventory. */
export const consumeShardResponse = z.object({ message: z.string(), consumed: int, sheet: characterSheet });
export type ConsumeShardResponse = z.infer<typeof consumeShardResponse>;
