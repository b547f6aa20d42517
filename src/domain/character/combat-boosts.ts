/**
 * Combat capacities (table.md §9): the three weapon categories (force, agilité, instinct), the
 * aspect and the runes. Each starts at 0; the 4 boost points are shown as checkboxes that cost 2
 * and add 2, so exactly two capacities end up boosted.
 */
export const COMBAT_CAPACITIES = [
  'forceWeapon',
  'agilityWeapon',
  'perceptionWeapon',
  'aspect',
  'rune',
] as const;
export type CombatCapacity = (typeof COMBAT_CAPACITIES)[number];
export type CombatBoosts = Record<CombatCapacity, number>;

export const BOOST_POINTS = 4;
export const BOOST_COST = 2;
export const BOOST_GAIN = 2;

export const noBoosts = (): CombatBoosts =>
  Object.fromEntries(COMBAT_CAPACITIES.map((name) => [name, 0])) as CombatBoosts;

export const isBoosted = (boosts: CombatBoosts, capacity: CombatCapacity): boolean => boosts[capacity] > 0;

export const boostPointsSpent = (boosts: CombatBoosts): number =>
  COMBAT_CAPACITIES.filter((name) => isBoosted(boosts, name)).length * BOOST_COST;

/** A capacity holds 0, or BOOST_GAIN once boosted: nothing else can come out of the checkboxes. */
export const boostValueAllowed = (value: number): boolean => value === 0 || value === BOOST_GAIN;
