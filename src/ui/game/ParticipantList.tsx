import { useId } from 'react';
import type { MapToken } from '../../domain/table/types';
import { managementMessages, tokenMessages } from './messages';
import { isDead } from './table-view';

/** The MJ's management mode (table.md §2): every token of the map with its health and soul. */
export function ParticipantList({ tokens }: { tokens: readonly MapToken[] }) {
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
              className={[
                'participants__row',
                token.isPlayer ? 'participants__row--player' : 'participants__row--monster',
                isDead(token) ? 'participants__row--dead' : '',
                token.visibility ? '' : 'participants__row--hidden',
              ]
                .filter(Boolean)
                .join(' ')}
            >
              <span className="participants__name">
                {token.name}
                {!token.visibility && <small> · {managementMessages.hidden}</small>}
                {isDead(token) && <small> · {managementMessages.dead}</small>}
              </span>
              <span className="participants__stat participants__stat--hp">
                {tokenMessages.hp} {token.currentHP}/{token.HP}
              </span>
              {token.soulEssence !== null && (
                <span className="participants__stat participants__stat--soul">
                  {tokenMessages.soul} {token.currentSoulEssence ?? 0}/{token.soulEssence}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
