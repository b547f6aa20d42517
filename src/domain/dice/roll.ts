import { formatDice, type DiceGroup, type DiceSpec } from './notation';
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

export interface RollResult extends Omit<DiceSpec, 'extra'> {
  /** Each die as it fell, in order. */
  dice: number[];
  /** The dice of the other kinds, each as it fell. */
  extra?: Array<DiceGroup & { dice: number[] }>;
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
  return fallen(
    spec,
    (group) => Array.from({ length: group.count }, () => rollDie(randomInt, group.sides)),
    purpose,
  );
}

/** The highest the dice can show: a critical success's damage. */
export function maximise(spec: DiceSpec): RollResult {
  return fallen(spec, (group) => Array.from({ length: group.count }, () => group.sides), 'damage');
}

function fallen(
  spec: DiceSpec,
  throwDice: (group: DiceGroup) => number[],
  purpose: 'check' | 'damage',
): RollResult {
  const { extra: others = [], ...first } = spec;
  const dice = throwDice(first);
  const extra = others.map((group) => ({ ...group, dice: throwDice(group) }));
  const sum = (values: number[]) => values.reduce((total, die) => total + die, 0);
  const total = sum(dice) + extra.reduce((all, group) => all + sum(group.dice), 0) + spec.bonus;
  return {
    ...first,
    dice,
    ...(extra.length > 0 ? { extra } : {}),
    total,
    messageType: messageTypeOf(first, dice, purpose),
  };
}

/** "2d6+3 : [4, 2] +3 = 9", "1d8+1d4+2 : [5] [3] +2 = 10", with a label (an /ar roll's technique) in front. */
export function describeRoll(result: RollResult, label?: string): string {
  const bonus = result.bonus === 0 ? '' : result.bonus > 0 ? ` +${result.bonus}` : ` ${result.bonus}`;
  const fell = [result.dice, ...(result.extra ?? []).map((group) => group.dice)]
    .map((dice) => `[${dice.join(', ')}]`)
    .join(' ');
  const body = `${formatDice(result)} : ${fell}${bonus} = ${result.total}`;
  return label ? `${label} — ${body}` : body;
}
