import { useId, useState, type FormEvent } from 'react';
import type { ConditionChange } from '../../domain/table/condition-changes';
import {
  CONDITION_KINDS,
  conditionName,
  conditionNames,
  MAX_CONDITION_ROUNDS,
  MAX_MARK_LENGTH,
  type ConditionKind,
  type TokenCondition,
} from '../../domain/table/conditions';
import { ConditionIcon } from './ConditionIcon';
import { conditionViewMessages as text } from './messages';

/** Every duration a condition may be given: none, then 1 to 99 rounds. */
const DURATIONS = [null, ...Array.from({ length: MAX_CONDITION_ROUNDS }, (_, index) => index + 1)];

/**
 * A token's conditions, each with what is left of it, and — for whoever may change the token — its
 * rounds left to change (a native list, which the keyboard and a finger both work) and a « × » to
 * take one off. The sheet shows the same list, read-only.
 */
export function ConditionList({
  conditions,
  onRemove,
  onTime,
}: {
  conditions: readonly TokenCondition[];
  onRemove?: (condition: TokenCondition) => void;
  /** Times a condition anew: its rounds left, or none (null). */
  onTime?: (condition: TokenCondition, rounds: number | null) => void;
}) {
  if (conditions.length === 0) return <p className="condition-list__none">{text.none}</p>;
  return (
    <ul className="condition-list">
      {conditions.map((condition) => {
        const name = conditionName(condition);
        return (
          <li key={condition.id}>
            <ConditionIcon condition={condition} />
            <span className="condition-list__name">{condition.kind === 'custom' ? '' : name}</span>
            {onTime ? (
              <select
                className="condition-list__rounds condition-list__duration"
                aria-label={text.duration(name)}
                value={condition.roundsLeft ?? ''}
                onChange={(event) =>
                  onTime(condition, event.target.value === '' ? null : Number(event.target.value))
                }
              >
                {DURATIONS.map((rounds) => (
                  <option key={rounds ?? 'none'} value={rounds ?? ''}>
                    {rounds === null ? text.lasting : text.roundsLeft(rounds)}
                  </option>
                ))}
              </select>
            ) : (
              <span className="condition-list__rounds">
                {condition.roundsLeft === null ? text.lasting : text.roundsLeft(condition.roundsLeft)}
              </span>
            )}
            {onRemove && (
              <button
                type="button"
                className="secondary condition-list__remove"
                aria-label={text.remove(name)}
                onClick={() => onRemove(condition)}
              >
                ×
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The conditions part of a token's menu: the list, and for its owner or the MJ the form that marks
 * one (a known condition or a mark of their words) with a duration in rounds, empty for none. The
 * server checks everything again and the list shows what it logged.
 */
export function ConditionsEditor({
  conditions,
  editable,
  onChange,
}: {
  conditions: readonly TokenCondition[];
  editable: boolean;
  onChange: (change: ConditionChange) => void;
}) {
  const titleId = useId();
  const fieldId = useId();
  const [kind, setKind] = useState<ConditionKind>('prone');
  const [label, setLabel] = useState('');
  const [rounds, setRounds] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({
      op: 'add',
      kind,
      ...(kind === 'custom' ? { label } : {}),
      rounds: rounds.trim() === '' ? null : Number(rounds),
    });
    if (kind === 'custom') setLabel('');
  };
  return (
    <section className="conditions-editor" aria-labelledby={titleId}>
      <h4 id={titleId}>{text.title}</h4>
      <ConditionList
        conditions={conditions}
        onRemove={editable ? (condition) => onChange({ op: 'remove', conditionId: condition.id }) : undefined}
        onTime={
          editable
            ? (condition, rounds) => onChange({ op: 'set', conditionId: condition.id, rounds })
            : undefined
        }
      />
      {editable && (
        <form className="conditions-editor__form" onSubmit={submit}>
          <label htmlFor={`${fieldId}-kind`}>{text.kind}</label>
          <select
            id={`${fieldId}-kind`}
            value={kind}
            onChange={(event) => setKind(event.target.value as ConditionKind)}
          >
            {CONDITION_KINDS.map((known) => (
              <option key={known} value={known}>
                {conditionNames[known]}
              </option>
            ))}
            <option value="custom">{text.custom}</option>
          </select>
          {kind === 'custom' && (
            <>
              <label htmlFor={`${fieldId}-label`}>{text.label}</label>
              <input
                id={`${fieldId}-label`}
                value={label}
                required
                maxLength={MAX_MARK_LENGTH}
                placeholder={text.labelPlaceholder}
                onChange={(event) => setLabel(event.target.value)}
              />
            </>
          )}
          <label htmlFor={`${fieldId}-rounds`}>{text.rounds}</label>
          <input
            id={`${fieldId}-rounds`}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_CONDITION_ROUNDS}
            step={1}
            value={rounds}
            placeholder={text.roundsPlaceholder}
            onChange={(event) => setRounds(event.target.value)}
          />
          <button type="submit">{text.add}</button>
        </form>
      )}
    </section>
  );
}
