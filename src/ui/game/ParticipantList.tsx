import { useId } from 'react';
import type { HealthResource, MapToken } from '../../domain/table/types';
import { managementMessages, tokenMessages } from './messages';
import { isDead, shownHealth } from './table-view';
import { TokenGauge } from './TokenGauge';
import { conditionsOf } from '../../domain/table/conditions';
import { ConditionRow } from '../conditions/ConditionIcon';

/** What the MJ may do from the list; each only asks the server, like the token's menu. */
export interface ParticipantActions {
  adjust(
    usableId: string,
    resource: HealthResource,
    direction: 'decrease' | 'increase',
    amount: number,
  ): void;
  toggleVisibility(usableId: string): void;
  toggleTurn(usableId: string): void;
  /** Bring the token to the middle of the map. */
  focus(usableId: string): void;
}

/**
 * The MJ's management mode (table.md §2): every token of the map, characters first, with what the
 * MJ runs a fight by — health and soul essence to adjust, shown or hidden, in the turn order or
 * not — and its name to find it on the map.
 */
export function ParticipantList({
  tokens,
  actions,
}: {
  tokens: readonly MapToken[];
  actions: ParticipantActions;
}) {
  const titleId = useId();
  const sorted = [...tokens].sort(
    (a, b) => Number(b.isPlayer) - Number(a.isPlayer) || a.name.localeCompare(b.name, 'fr'),
  );
  return (
    <section className="participants" aria-labelledby={titleId}>
      <h2 id={titleId}>{managementMessages.title}</h2>
      {sorted.length === 0 ? (
        <p className="participants__empty">{managementMessages.empty}</p>
      ) : (
        <ul>
          {sorted.map((token) => (
            <li
              key={token.usableId}
              aria-label={token.name}
              className={[
                'participants__row',
                token.isPlayer ? 'participants__row--player' : 'participants__row--monster',
                isDead(token) ? 'participants__row--dead' : '',
                token.visibility ? '' : 'participants__row--hidden',
              ]
                .filter(Boolean)
                .join(' ')}
            >
              <div className="participants__head">
                <button
                  type="button"
                  className="participants__name"
                  title={managementMessages.focus}
                  onClick={() => actions.focus(token.usableId)}
                >
                  {token.name}
                  {!token.visibility && <small> · {managementMessages.hidden}</small>}
                  {isDead(token) && <small> · {managementMessages.dead}</small>}
                </button>
                <label className="participants__turn">
                  <input
                    type="checkbox"
                    checked={token.inTurnOrder}
                    onChange={() => actions.toggleTurn(token.usableId)}
                  />
                  {managementMessages.inTurnOrder}
                </label>
                <button
                  type="button"
                  className="secondary participants__visibility"
                  onClick={() => actions.toggleVisibility(token.usableId)}
                >
                  {token.visibility ? tokenMessages.hide : tokenMessages.show}
                </button>
              </div>
              <ConditionRow conditions={conditionsOf(token)} />
              <TokenGauge
                label={tokenMessages.hp}
                value={shownHealth(token)}
                tone="hp"
                editable
                onAdjust={(direction, amount) => actions.adjust(token.usableId, 'HP', direction, amount)}
              />
              {token.soulEssence !== null && (
                <TokenGauge
                  label={tokenMessages.soul}
                  value={{ current: token.currentSoulEssence ?? 0, max: token.soulEssence }}
                  tone="soul"
                  editable
                  onAdjust={(direction, amount) =>
                    actions.adjust(token.usableId, 'soulEssence', direction, amount)
                  }
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
