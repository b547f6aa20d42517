import { formatDice, type DiceSpec } from './notation';
import { rollDie, type RandomInt } from './random';

/** The chat's message types (table.md §3 "Chat message"). */
export const MESSAGE_TYPES = [
  'normal',
  'system',
  'diceRoll',
  'diceRollCriticalSuccess',
  'diceRollCriticalFail',
  'damageRoll',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export interface RollResult extends DiceSpec {
  /** Each die as it fell, in order. */
  dice: number[];
  total: number;
  messageType: MessageType;
}

/** A single d20 is the attack roll: its natural 20 and 1 are the criticals. */
function isAttackRoll({ count, sides }: DiceSpec): boolean {
  return count === 1 && sides === 20;
}

function messageTypeOf(spec: DiceSpec, dice: number[], purpose: 'check' | 'damage'): MessageType {
  if (purpose === 'damage') return 'damageRoll';
  if (isAttackRoll(spec) && dice[0] === 20) return 'diceRollCriticalSuccess';
  if (isAttackRoll(spec) && dice[0] === 1) return 'diceRollCriticalFail';
  return 'diceRoll';
}

/**
 * Rolls the dice with the injected source (the server's crypto on the table). A damage roll is
 * always a damageRoll message; otherwise a lone d20 showing 20 or 1 is a critical.
 */
export function roll(
  spec: DiceSpec,
  randomInt: RandomInt,
  purpose: 'check' | 'damage' = 'check',
): RollResult {
  const dice = Array.from({ length: spec.count }, () => rollDie(randomInt, spec.sides));
  const total = dice.reduce((sum, die) => sum + die, 0) + spec.bonus;
  return { ...spec, dice, total, messageType: messageTypeOf(spec, dice, purpose) };
}

/** The highest the dice can show: a critical success's damage. */
export function maximise(spec: DiceSpec): RollResult {
  const dice = Array.from({ length: spec.count }, () => spec.sides);
  return { ...spec, dice, total: spec.count * spec.sides + spec.bonus, messageType: 'damageRoll' };
}

/** "2d6+3 : [4, 2] +3 = 9", with the technique and weapon type of an /ar roll in front. */
export function describeRoll(result: RollResult, label?: string): string {
  const bonus = result.bonus === 0 ? '' : result.bonus > 0 ? ` +${result.bonus}` : ` ${result.bonus}`;
  const body = `${formatDice(result)} : [${result.dice.join(', ')}]${bonus} = ${result.total}`;
  return label ? `${label} — ${body}` : body;
}
