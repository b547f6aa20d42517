/**
 * Conditions and marks on a token (docs/live-table.md "Conditions"): the table's states of D&D 5e
 * (à terre, aveuglé…) and free-text marks, each with an optional duration in rounds. They are part
 * of the token, so whoever may not see a token never holds its conditions either.
 */

/** The known conditions, in the order the menu offers them. */
export const CONDITION_KINDS = [
  'prone',
  'blinded',
  'grappled',
  'stunned',
  'poisoned',
  'frightened',
  'unconscious',
  'invisible',
  'restrained',
  'paralyzed',
  'charmed',
  'deafened',
  'incapacitated',
  'petrified',
] as const;
export type KnownCondition = (typeof CONDITION_KINDS)[number];
export type ConditionKind = KnownCondition | 'custom';

/** Their French names, as the 5e rules in French write them. */
export const conditionNames: Record<KnownCondition, string> = {
  prone: 'À terre',
  blinded: 'Aveuglé',
  grappled: 'Agrippé',
  stunned: 'Étourdi',
  poisoned: 'Empoisonné',
  frightened: 'Effrayé',
  unconscious: 'Inconscient',
  invisible: 'Invisible',
  restrained: 'Entravé',
  paralyzed: 'Paralysé',
  charmed: 'Charmé',
  deafened: 'Assourdi',
  incapacitated: 'Neutralisé',
  petrified: 'Pétrifié',
};

export interface TokenCondition {
  /** Given by the server when it is marked: names it in a removal or a change of duration. */
  id: string;
  kind: ConditionKind;
  /** A free-text mark's words; only for `custom`. */
  label?: string;
  /** Turns of its bearer left before it ends; null lasts until removed. */
  roundsLeft: number | null;
  /**
   * Marked while its bearer was playing: the turn in progress does not count, as in « until the end
   * of its next turn ». Cleared when that turn ends.
   */
  fromNextTurn?: true;
}

export const MAX_CONDITIONS = 12;
export const MAX_CONDITION_ROUNDS = 99;
export const MAX_MARK_LENGTH = 24;

/** A token's conditions; a token placed before conditions existed, or bearing none, has none. */
export function conditionsOf(token: { conditions?: readonly TokenCondition[] }): readonly TokenCondition[] {
  return token.conditions ?? [];
}

/** How a condition reads: a known one by its French name, a mark by its words. */
export function conditionName(condition: Pick<TokenCondition, 'kind' | 'label'>): string {
  return condition.kind === 'custom' ? (condition.label ?? '') : conditionNames[condition.kind];
}

export function isValidRounds(rounds: number | null): boolean {
  return rounds === null || (Number.isInteger(rounds) && rounds >= 1 && rounds <= MAX_CONDITION_ROUNDS);
}

/**
 * What a well-formed list is, for the reducer's check of a logged one: at most MAX_CONDITIONS,
 * ids unique, a known kind without words or a mark with some, durations in bounds.
 */
export function isValidConditionList(conditions: readonly TokenCondition[]): boolean {
  if (conditions.length > MAX_CONDITIONS) return false;
  if (new Set(conditions.map((condition) => condition.id)).size !== conditions.length) return false;
  return conditions.every(
    (condition) =>
      condition.id !== '' &&
      isValidRounds(condition.roundsLeft) &&
      (condition.kind === 'custom'
        ? condition.label !== undefined &&
          condition.label.trim() !== '' &&
          condition.label.length <= MAX_MARK_LENGTH
        : (CONDITION_KINDS as readonly string[]).includes(condition.kind) && condition.label === undefined),
  );
}

/** The same condition again: a known kind once per token, a mark once per words (in any case). */
export function sameCondition(
  a: Pick<TokenCondition, 'kind' | 'label'>,
  b: Pick<TokenCondition, 'kind' | 'label'>,
): boolean {
  if (a.kind !== b.kind) return false;
  return (
    a.kind !== 'custom' || a.label?.trim().toLocaleLowerCase('fr') === b.label?.trim().toLocaleLowerCase('fr')
  );
}

/**
 * The conditions after their bearer's turn ended (docs/live-table.md "Conditions"): each duration
 * counts one turn down, and one that reaches 0 ends; one marked during that turn only starts to
 * count from the next. Returns the same list when nothing changed.
 */
export function afterTurnEnds(conditions: readonly TokenCondition[]): readonly TokenCondition[] {
  if (!conditions.some((condition) => condition.roundsLeft !== null || condition.fromNextTurn)) {
    return conditions;
  }
  return conditions.flatMap((condition): TokenCondition[] => {
    if (condition.fromNextTurn) {
      const { fromNextTurn: _counted, ...rest } = condition;
      return [rest];
    }
    if (condition.roundsLeft === null) return [condition];
    return condition.roundsLeft > 1 ? [{ ...condition, roundsLeft: condition.roundsLeft - 1 }] : [];
  });
}

/** The conditions a turn's end took off: those in `before` not in `after`. */
export function endedConditions(
  before: readonly TokenCondition[],
  after: readonly TokenCondition[],
): TokenCondition[] {
  const kept = new Set(after.map((condition) => condition.id));
  return before.filter((condition) => !kept.has(condition.id));
}

/**
 * The token bearing these conditions, or undefined when the list is not one the server decides. A
 * token bearing none has no list at all, as if never marked.
 */
export function withConditions<T extends { conditions?: TokenCondition[] }>(
  token: T,
  conditions: TokenCondition[],
): T | undefined {
  if (!isValidConditionList(conditions)) return undefined;
  if (conditions.length > 0) return { ...token, conditions };
  const { conditions: _none, ...bare } = token;
  return bare as T;
}
