/**
 * The six allocatable statistics and what follows from them (table.md §9 "Character creation"):
 * the raise cost table, the modifier and the derived statistics. Pure, shared by the creation page
 * and the server, which recomputes every number a client sends.
 */

export const STAT_NAMES = ['force', 'agilite', 'endurance', 'eloquence', 'sagesse', 'instinct'] as const;
export type StatName = (typeof STAT_NAMES)[number];
export type Stats = Record<StatName, number>;

/** 'autre' links the craft skills; it is not allocatable and stays at its starting value. */
export const AUTRE_VALUE = 10;
export const STAT_START = 8;
export const STAT_MIN = 4;
export const STAT_MAX = 20;
export const STAT_POINTS = 30;

export const startingStats = (): Stats =>
  Object.fromEntries(STAT_NAMES.map((name) => [name, STAT_START])) as Stats;

/**
 * What it costs to bring a statistic up to `value` from the value just below: 1 up to 15, 2 at 16,
 * 3 at 17–18, 4 at 19, 5 at 20.
 */
export function costToReach(value: number): number {
  if (value <= 15) return 1;
  if (value === 16) return 2;
  if (value <= 18) return 3;
  if (value === 19) return 4;
  return 5;
}

/** Points a raise from `current` takes from the budget. */
export const raiseCost = (current: number): number => costToReach(current + 1);

/**
 * Points a lowering from `current` gives back: the cost table with its thresholds shifted by one,
 * so lowering 16 → 15 returns the 2 that raising 15 → 16 took.
 */
export const refundValue = (current: number): number => costToReach(current);

/**
 * Points a statistic holds against the budget at `value`: the raises above the starting 8, or —
 * below 8 — minus the points each lowering gave back.
 */
export function pointsSpentOn(value: number): number {
  let spent = 0;
  for (let v = STAT_START + 1; v <= value; v += 1) spent += costToReach(v);
  for (let v = value + 1; v <= STAT_START; v += 1) spent -= costToReach(v);
  return spent;
}

export const statPointsSpent = (stats: Stats): number =>
  STAT_NAMES.reduce((sum, name) => sum + pointsSpentOn(stats[name]), 0);

export const statInRange = (value: number): boolean =>
  Number.isInteger(value) && value >= STAT_MIN && value <= STAT_MAX;

export const modifier = (stat: number): number => Math.floor((stat - 10) / 2);

export const hitPoints = (endurance: number): number => 30 + 3 * modifier(endurance);

export const soulEssence = (sagesse: number): number => 100 + 5 * modifier(sagesse);

export function movement(agilite: number): number {
  const mod = modifier(agilite);
  return 4 + (mod > 0 ? Math.ceil(mod / 2) : 0);
}

/** Defense from the endurance modifier: below −3 → 8, −3…−2 → 9, −1…0 → 10, 1…2 → 11, 3…4 → 12, 5+ → 13. */
export function defense(endurance: number): number {
  const mod = modifier(endurance);
  if (mod < -3) return 8;
  if (mod <= -2) return 9;
  if (mod <= 0) return 10;
  if (mod <= 2) return 11;
  if (mod <= 4) return 12;
  return 13;
}

export interface DerivedStats {
  HP: number;
  soulEssence: number;
  deplacement: number;
  defense: number;
}

export function derivedStats(stats: Stats): DerivedStats {
  return {
    HP: hitPoints(stats.endurance),
    soulEssence: soulEssence(stats.sagesse),
    deplacement: movement(stats.agilite),
    defense: defense(stats.endurance),
  };
}
