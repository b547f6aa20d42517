import { diceMessages } from './messages';
import { parseDamageRoll, type DiceSpec } from './notation';
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

export type WeaponType = 'force' | 'agilite' | 'instinct';

/** The weapon category a memory's name announces: FOR, AGI or INST in it (INST before the rest). */
export function weaponTypeOf(memoryName: string): WeaponType | null {
  const name = memoryName.toUpperCase();
  if (name.includes('INST')) return 'instinct';
  if (name.includes('AGI')) return 'agilite';
  if (name.includes('FOR')) return 'force';
  return null;
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

/** A character's attack with a weapon: its stat for the weapon's category, its damage roll. */
export function resolveCharacterAttack(
  {
    character,
    weaponType,
    damageRoll,
    targetArmorClass,
  }: {
    character: WeaponStats;
    weaponType: WeaponType | null;
    damageRoll: string;
    targetArmorClass?: number | null;
  },
  randomInt: RandomInt,
): AttackResolution | { error: string } {
  const stat = weaponStat(character, weaponType);
  if ('error' in stat) return stat;
  const damage = parseDamageRoll(damageRoll);
  if (!damage) return { error: diceMessages.invalidDamage };
  return resolveAttack({ bonus: stat.stat, damage, targetArmorClass }, randomInt);
}

/** A monster attacks with d20 + its attackBonus (0) and its damage (1d6 when it has none usable). */
export function resolveMonsterAttack(
  monster: { attackBonus?: number | null; damage?: string | null },
  targetArmorClass: number | null | undefined,
  randomInt: RandomInt,
): AttackResolution {
  const damage = parseDamageRoll(monster.damage ?? '') ?? parseDamageRoll(DEFAULT_MONSTER_DAMAGE)!;
  return resolveAttack({ bonus: monster.attackBonus ?? 0, damage, targetArmorClass }, randomInt);
}
