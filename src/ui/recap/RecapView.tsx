import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { EveningRecap } from '../../api/schemas/recap';
import type { recapMachine } from '../../machines/recap.machine';
import { D20Chart } from './D20Chart';
import { recapTexts as texts } from './messages';

const time = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** One evening's recap: the MJ's lines, who fought whom and what it cost, the fights, the maps, the d20. */
export function RecapView({
  recap: actor,
  shown,
}: {
  recap: ActorRefFrom<typeof recapMachine>;
  shown: EveningRecap;
}) {
  const editing = useSelector(actor, (snapshot) => snapshot.matches('editing') || snapshot.matches('saving'));
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const { recap, notes, mayWriteNotes } = shown;

  return (
    <div className="recap__body">
      <section className="recap__section" aria-labelledby="recap-notes">
        <h3 id="recap-notes">{texts.notes}</h3>
        {editing ? (
          <form
            className="recap__notes-form"
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: 'notes.save' });
            }}
          >
            <label>
              {texts.notesField}
              <textarea
                value={draft}
                rows={4}
                onChange={(event) => actor.send({ type: 'notes.change', notes: event.target.value })}
              />
            </label>
            <small>{texts.notesHint}</small>
            <div className="recap__actions">
              <button type="submit" disabled={busy}>
                {texts.save}
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => actor.send({ type: 'notes.cancel' })}
              >
                {texts.cancel}
              </button>
            </div>
          </form>
        ) : (
          <>
            {notes.trim() === '' ? (
              <p className="recap__quiet">{texts.noNotes}</p>
            ) : (
              <p className="recap__notes">{notes}</p>
            )}
            {mayWriteNotes && (
              <button type="button" className="secondary" onClick={() => actor.send({ type: 'notes.edit' })}>
                {texts.editNotes}
              </button>
            )}
          </>
        )}
      </section>

      <section className="recap__section" aria-labelledby="recap-combatants">
        <h3 id="recap-combatants">{texts.combatants}</h3>
        {recap.combatants.length === 0 ? (
          <p className="recap__quiet">{texts.noCombatant}</p>
        ) : (
          <div className="recap__table-scroll">
            <table className="recap__table">
              <thead>
                <tr>
                  {Object.values(texts.columns).map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {recap.combatants.map((one) => (
                  <tr key={one.name} className={one.isPlayer ? 'recap__character' : undefined}>
                    <th scope="row">{one.name}</th>
                    <td>{one.dealt}</td>
                    <td>{one.taken}</td>
                    <td>{one.kills}</td>
                    <td>{one.crits}</td>
                    <td>{one.fumbles}</td>
                    <td>{one.opponents.length > 0 ? one.opponents.join(', ') : texts.dash}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="recap__section" aria-labelledby="recap-fights">
        <h3 id="recap-fights">{texts.fights}</h3>
        {recap.fights.length === 0 ? (
          <p className="recap__quiet">{texts.noFight}</p>
        ) : (
          <ul className="recap__fights">
            {recap.fights.map((fight, index) => (
              <li
                key={`${fight.map}-${fight.startedAt}`}
                className={index === recap.longest ? 'recap__longest' : undefined}
              >
                <strong>{texts.fight(fight.map, fight.rounds, fight.turns)}</strong>{' '}
                {texts.span(time(fight.startedAt), time(fight.endedAt))}
                {index === recap.longest && <span className="recap__badge">{texts.longest}</span>}
                {fight.ongoing && <span className="recap__badge">{texts.ongoing}</span>}
                {fight.participants.length > 0 && (
                  <div className="recap__quiet">{fight.participants.join(', ')}</div>
                )}
              </li>
            ))}
          </ul>
        )}
        <p>{texts.turns(recap.turns)}</p>
      </section>

      <section className="recap__section" aria-labelledby="recap-maps">
        <h3 id="recap-maps">{texts.maps}</h3>
        {recap.maps.length === 0 ? (
          <p className="recap__quiet">{texts.noMap}</p>
        ) : (
          <p>{recap.maps.join(', ')}</p>
        )}
      </section>

      <section className="recap__section" aria-labelledby="recap-d20">
        <h3 id="recap-d20">{texts.d20}</h3>
        <D20Chart faces={recap.d20Faces} />
      </section>
    </div>
  );
}
