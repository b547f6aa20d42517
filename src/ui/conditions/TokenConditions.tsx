import './conditions.css';
import { conditionName, type TokenCondition } from '../../domain/table/conditions';
import { conditionIcons } from './condition-icons';
import { conditionViewMessages } from './messages';

/** Shown on a token: more would cover its picture. */
const SHOWN_ON_TOKEN = 3;

/**
 * The conditions over a map token: the first three as pictures or chips, then « +2 ». Kept to
 * plain elements with a cached background each, since a map may draw a thousand tokens; the
 * token's own name for assistive technologies says them all (`conditionsLabel`). A chip's words are
 * drawn by the stylesheet from an attribute, as the initials are: the token's name is a button's,
 * which must contain the button's text (WCAG 2.5.3), and a mark's words or « +2 » in the middle
 * of its text would break it.
 */
export function TokenConditions({ conditions }: { conditions: readonly TokenCondition[] }) {
  if (conditions.length === 0) return null;
  const shown = conditions.slice(0, SHOWN_ON_TOKEN);
  const more = conditions.length - shown.length;
  return (
    <span className="token-conditions" aria-hidden="true">
      {shown.map((condition) =>
        condition.kind === 'custom' ? (
          <span key={condition.id} className="token-conditions__chip" data-label={condition.label} />
        ) : (
          <span
            key={condition.id}
            className={`token-conditions__icon condition-icon--${condition.kind}`}
            style={{ backgroundImage: conditionIcons[condition.kind] }}
            data-condition={condition.kind}
          />
        ),
      )}
      {more > 0 && <span className="token-conditions__more" data-label={conditionViewMessages.more(more)} />}
    </span>
  );
}

/** The conditions as the token's accessible name ends: « , Étourdi, À terre ». */
export function conditionsLabel(conditions: readonly TokenCondition[]): string {
  return conditions.map((condition) => `, ${conditionName(condition)}`).join('');
}
