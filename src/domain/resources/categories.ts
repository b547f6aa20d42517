/**
 * The resource categories of platform.md §3 and what each one allows. Shared by the server (which
 * routes and validates per category) and the admin screens (which show the picker and the actions).
 */

export const resourceCategories = [
  'memory',
  'rune',
  'echo',
  'aspectAbility',
  'enchantment',
  'item',
  'monster',
  'map',
  'attack',
] as const;
export type ResourceCategory = (typeof resourceCategories)[number];

/** Categories a character can hold (platform.md §3 "Game": player* id lists, plus aspect abilities). */
export const linkableCategories = ['rune', 'memory', 'echo', 'item', 'aspectAbility'] as const;
export type LinkableCategory = (typeof linkableCategories)[number];

export function isLinkable(category: ResourceCategory): category is LinkableCategory {
  return (linkableCategories as readonly string[]).includes(category);
}

/** Only items are counted: a character holds a rune, a memory or an echo once. */
export function hasQuantity(category: ResourceCategory): boolean {
  return category === 'item';
}

/**
 * The per-game admin picker: table.md §2's six, then map, attack and aspect ability so a game master
 * can create everything the table uses. French labels as the screens show them.
 */
export const adminPickerCategories: readonly ResourceCategory[] = [
  'rune',
  'memory',
  'item',
  'enchantment',
  'echo',
  'monster',
  'map',
  'attack',
  'aspectAbility',
];

/**
 * The categories whose form names a memory of the game (`memoryId`): an attack's weapon, the memory
 * an enchantment enchants. The server checks it is a memory of the same game.
 */
export const memoryNamingCategories: readonly ResourceCategory[] = ['attack', 'enchantment'];

export const categoryLabels: Record<ResourceCategory, string> = {
  memory: 'Mémoires',
  rune: 'Runes',
  echo: 'Échos',
  aspectAbility: "Capacités d'aspect",
  enchantment: 'Enchantements',
  item: 'Objets',
  monster: 'Monstres',
  map: 'Cartes',
  attack: 'Attaques',
};

/** The memory slots of table.md §3 "Memory"; Arme marks a weapon. */
export const memorySlotTypes = [
  'Casque',
  'Plastron',
  'Jambière',
  'Chaussures',
  'Gants',
  'Arme',
  'Breloque',
] as const;
export type MemorySlotType = (typeof memorySlotTypes)[number];

/** The skills a memory may raise, then damage (whose bonus is free text, not +1..+10). */
export const memoryStatNames = [
  'athletisme',
  'intimidation',
  'acrobatie',
  'escamotage',
  'discretion',
  'negociation',
  'performance',
  'persuasion',
  'savoir',
  'perspicacite',
  'volonte',
  'investigation',
  'perception',
  'sixiemesens',
  'artisanat',
  'survivalisme',
  'medecine',
  'damage',
] as const;
export type MemoryStatName = (typeof memoryStatNames)[number];

/** platform.md §9 "Memory bonus range". */
export const MEMORY_BONUS_MIN = 1;
export const MEMORY_BONUS_MAX = 10;

export const weaponTypes = ['Force', 'Agilité', 'Instinct'] as const;
export const areasOfEffect = ['single', 'cone', 'line', 'circle'] as const;
export const attackCosts = ['AS', 'AC'] as const;

/**
 * A monster's « Taille », from the smallest to the largest, with the cells a side its token covers
 * on the map, as D&D's sizes do (docs/decisions/0017-tokens-of-every-size.md).
 */
export const creatureSizes = [
  'Très petite',
  'Petite',
  'Moyenne',
  'Grande',
  'Très grande',
  'Gigantesque',
] as const;
export type CreatureSize = (typeof creatureSizes)[number];
export const DEFAULT_CREATURE_SIZE: CreatureSize = 'Moyenne';
export const cellsOfCreatureSize: Record<CreatureSize, number> = {
  'Très petite': 1,
  Petite: 1,
  Moyenne: 1,
  Grande: 2,
  'Très grande': 3,
  Gigantesque: 4,
};
