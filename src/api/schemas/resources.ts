import { z } from 'zod';
import {
  areasOfEffect,
  attackCosts,
  creatureSizes,
  DEFAULT_CREATURE_SIZE,
  MEMORY_BONUS_MAX,
  MEMORY_BONUS_MIN,
  memorySlotTypes,
  memoryStatNames,
  resourceCategories,
  weaponTypes,
  type ResourceCategory,
} from '../../domain/resources/categories';
import { formatDice, parseDamageRoll } from '../../domain/dice/notation';
import { MONSTER_DARKVISION_MAX } from '../../domain/table/vision';
import { storedFileIdOf } from './files';

/**
 * The wire contract of game resources and the global store (platform.md §3, §5, §7; table.md §3,
 * §5, §7): one form schema per category with the spec's bounds and French texts, checked by the
 * admin forms before sending and by the server on every write; the answers as the screens read
 * them.
 */

export const resourceMessages = {
  nameRequired: 'Le nom de la ressource est requis.',
  nameTooLong: 'Le nom ne peut pas dépasser 100 caractères.',
  textTooLong: 'Ce texte est trop long.',
  memoryType: 'Type de mémoire invalide (Casque, Plastron, Jambière, Chaussures, Gants, Arme ou Breloque).',
  memoryStat: 'Statistique de mémoire inconnue.',
  memoryStatTwice: 'Chaque statistique ne peut apparaître qu’une fois.',
  memoryBonus: 'Le bonus doit être compris entre +1 et +10.',
  memoryDamage: 'Le bonus de dégâts est requis (texte libre, par exemple 1d4).',
  rank: 'Le rang doit être un entier entre 0 et 100.',
  weaponType: "Le type d'arme est requis (Force, Agilité ou Instinct).",
  damageRoll: 'Le jet de dégâts est invalide (exemple : 1d10+5).',
  range: 'La portée doit être un entier supérieur ou égal à 0 (0 = déplacement du joueur).',
  maxTargets: 'Le nombre de cibles doit être un entier supérieur ou égal à 0 (0 = illimité).',
  areaOfEffect: 'La zone d’effet doit être unique, cône, ligne ou cercle.',
  areaSize: 'La taille de zone doit être un entier supérieur ou égal à 1.',
  attackCost: 'Le coût doit être AS ou AC.',
  creatureSize: 'La taille doit être Très petite, Petite, Moyenne, Grande, Très grande ou Gigantesque.',
  wholeNumber: 'Cette valeur doit être un nombre entier positif ou nul.',
  attackBonus: 'Le bonus d’attaque doit être un entier entre -100 et 100.',
  initiative: 'Le bonus d’initiative doit être un entier entre -100 et 100.',
  link: 'Le lien doit être une adresse http(s) valide.',
  mapSize: 'La taille de la carte doit être un entier entre 1 et 1000.',
  darkvision: 'La vision dans le noir doit être un nombre entier de cases entre 0 et 60.',
  price: 'Le prix doit être un nombre positif ou nul.',
  weight: 'Le poids doit être un nombre positif ou nul.',
  value: 'La valeur doit être un nombre entier de crédits positif ou nul.',
  resourceId: 'Identifiant de ressource invalide.',
  playerId: 'Identifiant de personnage invalide.',
  quantity: 'La quantité doit être un nombre entier entre 1 et 9999.',
  flag: 'Cette valeur doit être vraie ou fausse.',
} as const;

export const resourceCategory = z.enum(resourceCategories);

const text = (max: number) =>
  z.string({ error: resourceMessages.textTooLong }).max(max, resourceMessages.textTooLong);
const freeText = (max = 5000) => text(max).default('');
const wholeNumber = (message: string, min: number, max: number) =>
  z.int({ error: message }).min(min, { error: message }).max(max, { error: message });
/** A picture: an outside `https://` link, or the path of a file stored for the game (decision 0026). */
const pictureLink = z
  .string({ error: resourceMessages.link })
  .trim()
  .max(2000, resourceMessages.link)
  .refine(
    (value) => storedFileIdOf(value) !== null || (/^https?:\/\/\S+$/i.test(value) && URL.canParse(value)),
    resourceMessages.link,
  );
const damageRoll = z
  .string({ error: resourceMessages.damageRoll })
  .max(60, resourceMessages.damageRoll)
  // The table rolls what the form accepts: one grammar for both (src/domain/dice).
  .refine((value) => parseDamageRoll(value) !== null, resourceMessages.damageRoll)
  .overwrite((value) => {
    const dice = parseDamageRoll(value);
    return dice ? formatDice(dice) : value;
  });
const entityId = (message: string) => z.guid({ error: message });

/** Common resource fields (platform.md §3) a form may set. */
const commonForm = z.object({
  name: z
    .string({ error: resourceMessages.nameRequired })
    .trim()
    .min(1, resourceMessages.nameRequired)
    .max(100, resourceMessages.nameTooLong),
  description: freeText(),
  rarity: text(50).nullable().default(null),
  price: z
    .number({ error: resourceMessages.price })
    .min(0, resourceMessages.price)
    .max(1e9, resourceMessages.price)
    .nullable()
    .default(null),
  weight: z
    .number({ error: resourceMessages.weight })
    .min(0, resourceMessages.weight)
    .max(1e6, resourceMessages.weight)
    .nullable()
    .default(null),
});
export const commonFieldNames = ['name', 'description', 'rarity', 'price', 'weight'] as const;

const memoryStatEntry = z
  .object({
    stat: z.enum(memoryStatNames, { error: resourceMessages.memoryStat }),
    bonus: z.union([z.number(), z.string()], { error: resourceMessages.memoryBonus }),
  })
  .superRefine((entry, context) => {
    if (entry.stat === 'damage') {
      if (typeof entry.bonus !== 'string' || entry.bonus.trim() === '' || entry.bonus.length > 50) {
        context.addIssue({ code: 'custom', message: resourceMessages.memoryDamage, path: ['bonus'] });
      }
      return;
    }
    const bonus = entry.bonus;
    if (
      typeof bonus !== 'number' ||
      !Number.isInteger(bonus) ||
      bonus < MEMORY_BONUS_MIN ||
      bonus > MEMORY_BONUS_MAX
    ) {
      context.addIssue({ code: 'custom', message: resourceMessages.memoryBonus, path: ['bonus'] });
    }
  })
  .overwrite((entry) => ({
    stat: entry.stat,
    bonus: typeof entry.bonus === 'string' ? entry.bonus.trim() : entry.bonus,
  }));

/** Fields of each category beyond the common ones (platform.md §3 "Per-category fields"). */
export const categoryFieldSchemas = {
  memory: z.object({
    type: z.enum(memorySlotTypes, { error: resourceMessages.memoryType }),
    rang: wholeNumber(resourceMessages.rank, 0, 100).default(1),
    stat: z
      .array(memoryStatEntry)
      .max(memoryStatNames.length)
      .refine(
        (entries) => new Set(entries.map((entry) => entry.stat)).size === entries.length,
        resourceMessages.memoryStatTwice,
      )
      .default([]),
    story: freeText(),
  }),
  rune: z.object({ effet: freeText(2000) }),
  echo: z.object({
    PV: wholeNumber(resourceMessages.wholeNumber, 0, 100_000).default(0),
    CA: wholeNumber(resourceMessages.wholeNumber, 0, 100).default(10),
    damage: freeText(50),
  }),
  aspectAbility: z.object({
    type: freeText(100),
    cost: freeText(50),
    playerName: text(100).nullable().default(null),
  }),
  enchantment: z.object({
    type: freeText(100),
    cost: freeText(50),
    /** The memory (of the same game) it enchants: `GET /memory-enchantments/{memoryId}/memory`. */
    memoryId: entityId(resourceMessages.resourceId).nullable().default(null),
  }),
  item: z.object({
    type: freeText(100),
    value: wholeNumber(resourceMessages.value, 0, 1_000_000_000).default(0),
  }),
  monster: z.object({
    rang: wholeNumber(resourceMessages.rank, 0, 100).default(1),
    HP: wholeNumber(resourceMessages.wholeNumber, 0, 100_000).default(10),
    attackBonus: wholeNumber(resourceMessages.attackBonus, -100, 100).default(0),
    /** Added to its d20 when « Générer » rolls initiative (decision 0020). */
    initiative: wholeNumber(resourceMessages.initiative, -100, 100).default(0),
    AC: wholeNumber(resourceMessages.wholeNumber, 0, 100).default(10),
    ACM: wholeNumber(resourceMessages.wholeNumber, 0, 100).default(10),
    damage: damageRoll.default('1d6'),
    speciality: freeText(200),
    echo: z.boolean({ error: resourceMessages.flag }).default(false),
    assetLink: pictureLink.nullable().default(null),
    /** « Taille »: the cells its token covers (`cellsOfCreatureSize`); monsters stored before read as medium. */
    size: z.enum(creatureSizes, { error: resourceMessages.creatureSize }).default(DEFAULT_CREATURE_SIZE),
    /**
     * « Vision dans le noir »: the cells it sees past its square on a dark map (decision 0024); none
     * given, the 12 of most creatures of the dark (`darkvisionCells`), 0 for one without.
     */
    darkvision: wholeNumber(resourceMessages.darkvision, 0, MONSTER_DARKVISION_MAX).nullable().default(null),
  }),
  map: z.object({
    link: pictureLink,
    size: wholeNumber(resourceMessages.mapSize, 1, 1000).nullable().default(null),
  }),
  attack: z.object({
    weaponType: z.enum(weaponTypes, { error: resourceMessages.weaponType }),
    damageRoll,
    range: wholeNumber(resourceMessages.range, 0, 1000).default(1),
    maxTargets: wholeNumber(resourceMessages.maxTargets, 0, 1000).default(1),
    areaOfEffect: z.enum(areasOfEffect, { error: resourceMessages.areaOfEffect }).default('single'),
    areaSize: wholeNumber(resourceMessages.areaSize, 1, 100).default(1),
    cost: z.enum(attackCosts, { error: resourceMessages.attackCost }),
    isGlobal: z.boolean({ error: resourceMessages.flag }).default(true),
    /** The weapon (a memory of the same game) a non-global attack belongs to. */
    memoryId: entityId(resourceMessages.resourceId).nullable().default(null),
  }),
} satisfies Record<ResourceCategory, z.ZodObject>;

/** The create/update form of each category: common fields plus its own. */
export const resourceForms = {
  memory: commonForm.extend(categoryFieldSchemas.memory.shape),
  rune: commonForm.extend(categoryFieldSchemas.rune.shape),
  echo: commonForm.extend(categoryFieldSchemas.echo.shape),
  aspectAbility: commonForm.extend(categoryFieldSchemas.aspectAbility.shape),
  enchantment: commonForm.extend(categoryFieldSchemas.enchantment.shape),
  item: commonForm.extend(categoryFieldSchemas.item.shape),
  monster: commonForm.extend(categoryFieldSchemas.monster.shape),
  map: commonForm.extend(categoryFieldSchemas.map.shape),
  attack: commonForm.extend(categoryFieldSchemas.attack.shape),
} satisfies Record<ResourceCategory, z.ZodObject>;
export type ResourceForm<C extends ResourceCategory = ResourceCategory> = z.input<(typeof resourceForms)[C]>;
export type ResourceFormOutput<C extends ResourceCategory = ResourceCategory> = z.output<
  (typeof resourceForms)[C]
>;

/** Creator and exporter as the store shows them (platform.md §3 creatorInfo; e-mail left out). */
export const personInfo = z.object({ id: z.string(), display_name: z.string(), username: z.string() });
export type PersonInfo = z.infer<typeof personInfo>;

/** A character holding a resource, as the admin card lists them for "retirer d'un joueur". */
export const resourceHolder = z.object({
  linkId: z.string(),
  characterId: z.string(),
  characterName: z.string(),
  quantity: z.number().int(),
  equipped: z.boolean(),
});
export type ResourceHolder = z.infer<typeof resourceHolder>;

const resourceCommonView = z.object({
  id: z.string(),
  gameId: z.string(),
  name: z.string(),
  description: z.string(),
  rarity: z.string().nullable(),
  price: z.number().nullable(),
  weight: z.number().nullable(),
  createdBy: z.string().nullable(),
  creatorInfo: personInfo.nullable(),
  createdAt: z.string(),
  exportedToGlobal: z.boolean(),
  exportedAt: z.string().nullable(),
  exportedBy: z.string().nullable(),
  exporterInfo: personInfo.nullable(),
  importedFromGlobal: z.boolean(),
  importedAt: z.string().nullable(),
  /** The store entry this copy was imported from. */
  importSourceId: z.string().nullable(),
  /** The store entry exported from this resource, while it is in the store. */
  storeEntryId: z.string().nullable(),
  /** Who holds it: given to the game's MJ for the categories a character can hold. */
  holders: z.array(resourceHolder).optional(),
});

const storeCommonView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  rarity: z.string().nullable(),
  price: z.number().nullable(),
  weight: z.number().nullable(),
  createdBy: z.string().nullable(),
  creatorInfo: personInfo.nullable(),
  exportedAt: z.string(),
  exportedBy: z.string().nullable(),
  exporterInfo: personInfo.nullable(),
  sourceGameId: z.string().nullable(),
  sourceResourceId: z.string().nullable(),
});

const resourceVariant = <C extends ResourceCategory>(category: C) =>
  resourceCommonView.extend({ category: z.literal(category) }).extend(categoryFieldSchemas[category].shape);
const entryVariant = <C extends ResourceCategory>(category: C) =>
  storeCommonView.extend({ category: z.literal(category) }).extend(categoryFieldSchemas[category].shape);

/**
 * The resource and the store entry of each category, as their schemas give them. The unions are
 * typed from these members rather than inferred from `z.discriminatedUnion`: tsc compared that
 * inferred type through a 729-member expansion at each route, machine and list that met it, 44
 * of the 56 s it took to check the files using them (`npm run typecheck` 107 → 47 s on a 2-core
 * machine). Type and schema are built from the same variant of each category: they cannot drift.
 */
type ResourceOf<C extends ResourceCategory> = z.output<ReturnType<typeof resourceVariant<C>>>;
type StoreEntryOf<C extends ResourceCategory> = z.output<ReturnType<typeof entryVariant<C>>>;
export type GameResource = { [C in ResourceCategory]: ResourceOf<C> }[ResourceCategory];
export type StoreEntry = { [C in ResourceCategory]: StoreEntryOf<C> }[ResourceCategory];

/** One member per category, told apart by `category`. */
function unionOfCategories<T>(variant: (category: ResourceCategory) => z.ZodObject): z.ZodType<T> {
  const [first, ...rest] = resourceCategories.map(variant);
  return z.discriminatedUnion('category', [first!, ...rest]) as unknown as z.ZodType<T>;
}

export const gameResource = unionOfCategories<GameResource>(resourceVariant);
export const gameResourceList = z.array(gameResource);

export const storeEntry = unionOfCategories<StoreEntry>(entryVariant);
export const storeEntryList = z.array(storeEntry);

export const resourceIdBody = z.object({ resourceId: entityId(resourceMessages.resourceId) });

const quantity = z
  .int({ error: resourceMessages.quantity })
  .min(1, { error: resourceMessages.quantity })
  .max(9999, { error: resourceMessages.quantity });

export const assignBody = z.object({
  resourceId: entityId(resourceMessages.resourceId),
  playerId: entityId(resourceMessages.playerId),
  quantity: quantity.default(1),
});
export type AssignBody = z.input<typeof assignBody>;

export const addToAllBody = z.object({
  resourceId: entityId(resourceMessages.resourceId),
  quantity: quantity.default(1),
});
export type AddToAllBody = z.input<typeof addToAllBody>;
export const addToAllResponse = z.object({ message: z.string(), count: z.number().int() });

export const idsQuery = z.object({ ids: z.string().max(20_000).optional() });

/** Who holds a resource: `GET /player-{runes,memories,echoes,items}/{id}/players`. */
export const resourcePlayers = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    userId: z.string(),
    quantity: z.number().int(),
    equipped: z.boolean(),
  }),
);

export const resourceWithMessage = z.object({ message: z.string(), resource: gameResource });

const pathId = z.string().min(1).max(200);
export const gameParams = z.object({ gameId: pathId });
export const gameResourceParams = z.object({ gameId: pathId, resourceId: pathId });
export const unassignParams = z.object({ gameId: pathId, resourceId: pathId, playerId: pathId });
export const resourceParams = z.object({ resourceId: pathId });
