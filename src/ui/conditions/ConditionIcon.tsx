import './conditions.css';
import { conditionName, type TokenCondition } from '../../domain/table/conditions';
import { conditionIcons } from './condition-icons';
import { conditionViewMessages } from './messages';

/** A condition in words: its name, and what is left of it when it runs out. */
export function conditionText(condition: TokenCondition): string {
  const name = conditionName(condition);
  return condition.roundsLeft === null
    ? name
    : `${name} (${conditionViewMessages.roundsLeft(condition.roundsLeft)})`;
}

/**
 * One condition as a picture (a known one) or a short chip of its words (a mark), named for
 * assistive technologies; `rounds` adds what is left of it as a small figure.
 */
export function ConditionIcon({
  condition,
  rounds = false,
}: {
  condition: TokenCondition;
  rounds?: boolean;
}) {
  const text = conditionText(condition);
  const left = rounds && condition.roundsLeft !== null && (
    <span className="condition-icon__rounds" aria-hidden="true">
      {condition.roundsLeft}
    </span>
  );
  if (condition.kind === 'custom') {
    return (
      <span className="condition-chip" role="img" aria-label={text} title={text}>
        {condition.label}
        {left}
      </span>
    );
  }
  return (
    <span
      className={`condition-icon condition-icon--${condition.kind}`}
      style={{ backgroundImage: conditionIcons[condition.kind] }}
      role="img"
      aria-label={text}
      title={text}
      data-condition={condition.kind}
    >
      {left}
    </span>
  );
}

/** A row of conditions, each with its rounds left: the turn panel's, beside a name. */
export function ConditionRow({ conditions }: { conditions: readonly TokenCondition[] }) {
  if (conditions.length === 0) return null;
  return (
    <span className="condition-row">
      {conditions.map((condition) => (
        <ConditionIcon key={condition.id} condition={condition} rounds />
      ))}
    </span>
  );
}
