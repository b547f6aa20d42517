import type { WeaponType } from '../character/equipment';
import { diceMessages } from './messages';
import type { DiceSpec } from './notation';
import { rollDie, type RandomInt } from './random';
import { maximise, roll, type RollResult } from './roll';

/** table.md §9 "Dice and attacks". */
export const DEFAULT_ARMOR_CLASS = 10;
export const SIMPLE_ATTACK = {
  name: 'Attaque simple',
  damageRoll: '1d10+7',
  range: 1,
  instinctRange: 6,
  maxTargets: 1,
  areaOfEffect: 'single',
} as const;
export const DEFAULT_MONSTER_DAMAGE = '1d6';
/**
 * A monster strikes one target within its reach, as a character does (docs/live-table.md "Combat"): the
 * spec's monsters carry no range, so they reach as far as the simple attack, one cell; the MJ
 * brings a monster next to its prey first, as a player does their character.
 */
export const MONSTER_ATTACK = {
  name: 'Attaque',
  range: SIMPLE_ATTACK.range,
  maxTargets: 1,
  areaOfEffect: 'single',
  areaSize: 0,
} as const;

/**
 * What an attack's `cost` (the admin form's AS or AC, platform.md §5) takes from the attacker's soul
 * essence: AS, an attack of the soul, burns SOUL_ATTACK_ESSENCE; AC, a plain attack, nothing.
 */
export const SOUL_ATTACK_ESSENCE = 10;
export function essenceCostOf(cost: 'AS' | 'AC'): number {
  return cost === 'AS' ? SOUL_ATTACK_ESSENCE : 0;
}

export interface WeaponStats {
  forceWeapon?: unknown;
  agilityWeapon?: unknown;
  perceptionWeapon?: unknown;
}

/** The character's bonus for that category of weapon, or the spec's refusal when it has none. */
export function weaponStat(
  character: WeaponStats,
  type: WeaponType | null,
): { stat: number } | { error: string } {
  const value =
    type === 'force'
      ? character.forceWeapon
      : type === 'agilite'
        ? character.agilityWeapon
        : type === 'instinct'
          ? character.perceptionWeapon
          : undefined;
  return typeof value === 'number' && Number.isInteger(value)
    ? { stat: value }
    : { error: diceMessages.invalidWeaponStat };
}

/** A simple attack reaches one cell, six with an instinct weapon. */
export function simpleAttackRange(type: WeaponType | null): number {
  return type === 'instinct' ? SIMPLE_ATTACK.instinctRange : SIMPLE_ATTACK.range;
}

export type AttackOutcome = 'criticalSuccess' | 'hit' | 'miss' | 'criticalFail';

export interface AttackResolution {
  natural: number;
  attackTotal: number;
  targetArmorClass: number;
  outcome: AttackOutcome;
  /** Rolled only when the attack lands; maximised on a critical success. */
  damage: RollResult | null;
}

/**
 * One attack roll against one target: d20 + bonus; a natural 20 always lands with the damage
 * maximised, a natural 1 always misses, otherwise it lands when the total reaches the target's
 * armour class (10 when the target has none).
 */
export function resolveAttack(
  { bonus, damage, targetArmorClass }: { bonus: number; damage: DiceSpec; targetArmorClass?: number | null },
  randomInt: RandomInt,
): AttackResolution {
  const armorClass = targetArmorClass ?? DEFAULT_ARMOR_CLASS;
  const natural = rollDie(randomInt, 20);
  const attackTotal = natural + bonus;
  const outcome: AttackOutcome =
    natural === 20
      ? 'criticalSuccess'
      : natural === 1
        ? 'criticalFail'
        : attackTotal >= armorClass
          ? 'hit'
          : 'miss';
  const landed = outcome === 'criticalSuccess' || outcome === 'hit';
  return {
    natural,
    attackTotal,
    targetArmorClass: armorClass,
    outcome,
    damage: !landed
      ? null
      : outcome === 'criticalSuccess'
        ? maximise(damage)
        : roll(damage, randomInt, 'damage'),
  };
}
