import {
  BOOST_POINTS,
  boostPointsSpent,
  boostValueAllowed,
  COMBAT_CAPACITIES,
  noBoosts,
  type CombatBoosts,
  type CombatCapacity,
} from './combat-boosts';
import { imageLinkAllowed } from './image-link';
import { characterMessages } from './messages';
import {
  isSkillName,
  noSkillPoints,
  SKILL_MAX,
  SKILL_MIN,
  SKILL_NAMES,
  SKILL_POINTS,
  skillInRange,
  skillPointsSpent,
  type SkillName,
  type Skills,
} from './skills';
import {
  derivedStats,
  raiseCost,
  refundValue,
  STAT_MAX,
  STAT_MIN,
  STAT_NAMES,
  STAT_POINTS,
  statInRange,
  statPointsSpent,
  startingStats,
  type DerivedStats,
  type StatName,
  type Stats,
} from './stats';

/** The maximum length of a character's name (table.md §9). */
export const CHARACTER_NAME_MAX = 10;

/**
 * What a player chooses on the creation page; everything else on the sheet follows from it.
 * `skills` may hold names the rules do not know when it comes off the wire: the checks say so.
 */
export interface Allocation {
  name: string;
  stats: Stats;
  boosts: CombatBoosts;
  skills: Record<string, number>;
  /** Empty when the player gives no image. */
  assetLink: string;
}

export const startingAllocation = (): Allocation => ({
  name: '',
  stats: startingStats(),
  boosts: noBoosts(),
  skills: noSkillPoints(),
  assetLink: '',
});

export interface Budgets {
  stats: number;
  boosts: number;
  skills: number;
}

const knownSkills = (skills: Record<string, number>): Skills =>
  Object.fromEntries(SKILL_NAMES.map((name) => [name, skills[name] ?? 0])) as Skills;

/** Points left in each budget; negative only for a forged allocation. */
export function remainingBudgets(allocation: Allocation): Budgets {
  return {
    stats: STAT_POINTS - statPointsSpent(allocation.stats),
    boosts: BOOST_POINTS - boostPointsSpent(allocation.boosts),
    skills: SKILL_POINTS - skillPointsSpent(knownSkills(allocation.skills)),
  };
}

export function canRaiseStat(allocation: Allocation, stat: StatName): boolean {
  const value = allocation.stats[stat];
  return value < STAT_MAX && raiseCost(value) <= remainingBudgets(allocation).stats;
}

export const canLowerStat = (allocation: Allocation, stat: StatName): boolean =>
  allocation.stats[stat] > STAT_MIN;

/** Raises one point when the budget allows it; otherwise the allocation is unchanged. */
export function raiseStat(allocation: Allocation, stat: StatName): Allocation {
  if (!canRaiseStat(allocation, stat)) return allocation;
  return { ...allocation, stats: { ...allocation.stats, [stat]: allocation.stats[stat] + 1 } };
}

/** Lowers one point, giving back `refundValue`; never below the minimum. */
export function lowerStat(allocation: Allocation, stat: StatName): Allocation {
  if (!canLowerStat(allocation, stat)) return allocation;
  return { ...allocation, stats: { ...allocation.stats, [stat]: allocation.stats[stat] - 1 } };
}

/** Points a raise or a lowering would move, for the +/- buttons' labels. */
export const statStepCosts = (value: number): { raise: number | null; refund: number | null } => ({
  raise: value < STAT_MAX ? raiseCost(value) : null,
  refund: value > STAT_MIN ? refundValue(value) : null,
});

export function canToggleBoost(allocation: Allocation, capacity: CombatCapacity): boolean {
  return allocation.boosts[capacity] > 0 || remainingBudgets(allocation).boosts > 0;
}

export function toggleBoost(allocation: Allocation, capacity: CombatCapacity): Allocation {
  if (!canToggleBoost(allocation, capacity)) return allocation;
  const boosted = allocation.boosts[capacity] > 0;
  return { ...allocation, boosts: { ...allocation.boosts, [capacity]: boosted ? 0 : 2 } };
}

export function canRaiseSkill(allocation: Allocation, skill: SkillName): boolean {
  return (allocation.skills[skill] ?? 0) < SKILL_MAX && remainingBudgets(allocation).skills > 0;
}

export const canLowerSkill = (allocation: Allocation, skill: SkillName): boolean =>
  (allocation.skills[skill] ?? 0) > SKILL_MIN;

export function raiseSkill(allocation: Allocation, skill: SkillName): Allocation {
  if (!canRaiseSkill(allocation, skill)) return allocation;
  return { ...allocation, skills: { ...allocation.skills, [skill]: (allocation.skills[skill] ?? 0) + 1 } };
}

export function lowerSkill(allocation: Allocation, skill: SkillName): Allocation {
  if (!canLowerSkill(allocation, skill)) return allocation;
  return { ...allocation, skills: { ...allocation.skills, [skill]: (allocation.skills[skill] ?? 0) - 1 } };
}

export function nameRefusal(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return characterMessages.nameRequired;
  if (trimmed.length > CHARACTER_NAME_MAX) return characterMessages.nameTooLong;
  return null;
}

const budgetRefusal = (remaining: number, unused: string): string | null => {
  if (remaining > 0) return unused;
  if (remaining < 0) return characterMessages.budgetOverspent;
  return null;
};

/**
 * Every reason this allocation cannot be saved, empty when it can: the name, then the bounds, then
 * the three budgets in the spec's order (combat boosts, statistics, skills), then the image link.
 * The page shows them all at once, so that a player does not mend them one save at a time.
 */
export function allocationRefusals(allocation: Allocation, imageBucketUrl: string | null): string[] {
  const refusals: Array<string | null> = [nameRefusal(allocation.name)];
  if (!STAT_NAMES.every((stat) => statInRange(allocation.stats[stat])))
    refusals.push(characterMessages.statOutOfRange);
  const unknown = Object.keys(allocation.skills).find((skill) => !isSkillName(skill));
  if (unknown !== undefined) refusals.push(`${characterMessages.unknownSkill} ${unknown}`);
  if (!Object.values(allocation.skills).every(skillInRange)) refusals.push(characterMessages.skillOutOfRange);
  if (!COMBAT_CAPACITIES.every((capacity) => boostValueAllowed(allocation.boosts[capacity])))
    refusals.push(characterMessages.boostValueInvalid);
  const remaining = remainingBudgets(allocation);
  refusals.push(
    budgetRefusal(remaining.boosts, characterMessages.boostsUnused),
    budgetRefusal(remaining.stats, characterMessages.statPointsUnused),
    budgetRefusal(remaining.skills, characterMessages.skillPointsUnused),
  );
  const link = allocation.assetLink.trim();
  if (link !== '' && !imageLinkAllowed(link, allocation.name, imageBucketUrl))
    refusals.push(characterMessages.invalidImageLink);
  return [...new Set(refusals.filter((refusal) => refusal !== null))];
}

/** The first reason this allocation cannot be saved (the one the server answers), or null. */
export function allocationRefusal(allocation: Allocation, imageBucketUrl: string | null): string | null {
  return allocationRefusals(allocation, imageBucketUrl)[0] ?? null;
}

/** A new character's numbers as they are stored and sent: the choices plus what follows from them. */
export interface CharacterBuild extends Stats, DerivedStats, CombatBoosts {
  name: string;
  skills: Skills;
  assetLink: string | null;
}

export function buildCharacter(allocation: Allocation): CharacterBuild {
  return {
    name: allocation.name.trim(),
    ...allocation.stats,
    ...derivedStats(allocation.stats),
    ...allocation.boosts,
    skills: knownSkills(allocation.skills),
    assetLink: allocation.assetLink.trim() === '' ? null : allocation.assetLink.trim(),
  };
}

/** The derived statistics a client sent match the ones its statistics give. */
export function derivedStatsMatch(sent: DerivedStats, stats: Stats): boolean {
  const expected = derivedStats(stats);
  return (Object.keys(expected) as Array<keyof DerivedStats>).every((key) => sent[key] === expected[key]);
}
