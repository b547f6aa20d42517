import {
  afterTurnEnds,
  CONDITION_KINDS,
  conditionName,
  conditionsOf,
  endedConditions,
  isValidRounds,
  MAX_CONDITIONS,
  MAX_MARK_LENGTH,
  sameCondition,
  type ConditionKind,
  type TokenCondition,
} from './conditions';
import { conditionMessages } from './messages';
import { orderOf, tokenAt } from './records';
import { lineAbout } from './system-lines';
import type { MapToken, TableEventBody, TableState } from './types';

/**
 * What a `token.condition` asks: mark a condition or a mark (again: its duration starts anew),
 * take one off, or give one another duration. `rounds` null lasts until taken off.
 */
export type ConditionChange =
  | { op: 'add'; kind: ConditionKind; label?: string | null; rounds: number | null }
  | { op: 'remove'; conditionId: string }
  | { op: 'set'; conditionId: string; rounds: number | null };

/**
 * A duration from now: marked on the token whose turn it is, the turn in progress does not count
 * (docs/live-table.md "Conditions").
 */
function timing(state: TableState, map: string, token: MapToken, rounds: number | null) {
  const playing = orderOf(state, map)[0] === token.usableId;
  return { roundsLeft: rounds, ...(playing && rounds !== null ? { fromNextTurn: true as const } : {}) };
}

function retimed(condition: TokenCondition, timed: ReturnType<typeof timing>): TokenCondition {
  const { fromNextTurn: _was, roundsLeft: _left, ...rest } = condition;
  return { ...rest, ...timed };
}

/**
 * The token's conditions after the change, or the French refusal. Whether the actor may change this
 * token is `decide`'s to check first, as for any change of a token.
 */
export function changeConditions(
  state: TableState,
  map: string,
  token: MapToken,
  change: ConditionChange,
  newId: () => string,
): TableEventBody | string {
  const current = conditionsOf(token);
  let next: TokenCondition[];
  if (change.op === 'add') {
    if (!isValidRounds(change.rounds)) return conditionMessages.invalidRounds;
    let wanted: Pick<TokenCondition, 'kind' | 'label'>;
    if (change.kind === 'custom') {
      const label = change.label?.trim() ?? '';
      if (label === '') return conditionMessages.markWithoutWords;
      if (label.length > MAX_MARK_LENGTH) return conditionMessages.markTooLong;
      wanted = { kind: 'custom', label };
    } else {
      if (!(CONDITION_KINDS as readonly string[]).includes(change.kind)) return conditionMessages.unknownKind;
      wanted = { kind: change.kind };
    }
    const timed = timing(state, map, token, change.rounds);
    const again = current.find((condition) => sameCondition(condition, wanted));
    if (again) {
      next = current.map((condition) => (condition === again ? retimed(condition, timed) : condition));
    } else {
      if (current.length >= MAX_CONDITIONS) return conditionMessages.tooMany;
      next = [...current, { id: newId(), ...wanted, ...timed }];
    }
  } else {
    const marked = current.find((condition) => condition.id === change.conditionId);
    if (!marked) return conditionMessages.gone;
    if (change.op === 'remove') {
      next = current.filter((condition) => condition !== marked);
    } else {
      if (!isValidRounds(change.rounds)) return conditionMessages.invalidRounds;
      const timed = timing(state, map, token, change.rounds);
      next = current.map((condition) => (condition === marked ? retimed(condition, timed) : condition));
    }
  }
  return {
    type: 'token.conditionsChanged',
    payload: { map, usableId: token.usableId, conditions: next },
  };
}

/**
 * What the end of a token's turn does to its conditions: its durations counted down and those run
 * out taken off, with a line naming them (the managers' alone when the players do not see it).
 * Nothing when no duration runs.
 */
export function turnEnded(state: TableState, map: string, usableId: string | undefined): TableEventBody[] {
  const token = usableId === undefined ? undefined : tokenAt(state, map, usableId);
  if (!token) return [];
  const before = conditionsOf(token);
  const after = afterTurnEnds(before);
  if (after === before) return [];
  const ended = endedConditions(before, after);
  const changed: TableEventBody = {
    type: 'token.conditionsChanged',
    payload: { map, usableId: token.usableId, conditions: [...after] },
  };
  return ended.length === 0
    ? [changed]
    : [changed, lineAbout(state, map, conditionMessages.ended(token.name, ended.map(conditionName)), token)];
}
