import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo, useState } from 'react';
import type { GameSummary } from '../../api/schemas/games';
import { gameAdminLogic } from '../../effects/lobbies';
import { gameAdminTexts } from '../../machines/game-admin.machine';
import type { GameInvitationActor } from '../../machines/game-invitation.machine';
import { useAppActors } from '../app/AppActorsContext';
import { homeMessages } from './messages';
import { Dialog } from '../components/Dialog';
import { OutcomeNotice } from '../components/Notice';

const texts = homeMessages.admin;

/** One invitation in the admin modal: revoke while pending, kick once accepted. */
function InvitationRow({ invitation }: { invitation: GameInvitationActor }) {
  const snapshot = useSelector(invitation, (state) => state);
  const { toUser, status } = snapshot.context.invitation;
  const busy = snapshot.hasTag('busy');
  return (
    <li className="admin-row">
      <span className="admin-row__name">{toUser.display_name}</span>
      <span className={`status status--${status}`}>{homeMessages.status[status]}</span>
      {snapshot.matches('pending') || snapshot.matches('revoking') ? (
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() => invitation.send({ type: 'invitation.revoke' })}
        >
          {texts.revoke}
        </button>
      ) : snapshot.matches('accepted') || snapshot.matches('kicking') ? (
        <button
          type="button"
          className="secondary danger"
          disabled={busy}
          onClick={() => invitation.send({ type: 'invitation.kick' })}
        >
          {texts.kick}
        </button>
      ) : null}
      {/* Successes close the invitation: the modal says them, since the row goes away. */}
      <OutcomeNotice
        outcome={snapshot.context.feedback?.tone === 'error' ? snapshot.context.feedback : null}
      />
    </li>
  );
}

/** platform.md §2 "Modals" — Game admin: invite a player, sent invitations (revoke), players (kick). */
export function GameAdminModal({ game, onClose }: { game: GameSummary; onClose: () => void }) {
  const { socketFacts$, inspect } = useAppActors();
  const logic = useMemo(() => gameAdminLogic(socketFacts$), [socketFacts$]);
  const admin = useActorRef(logic, { input: { gameId: game.id }, inspect });
  const candidates = useSelector(admin, (snapshot) => snapshot.context.candidates);
  const feedback = useSelector(admin, (snapshot) => snapshot.context.feedback);
  const search = useSelector(admin, (snapshot) => snapshot.value.search);
  const sending = useSelector(admin, (snapshot) => snapshot.hasTag('busy'));
  const invitations = useSelector(admin, (snapshot) => snapshot.context.invitations);
  const [query, setQuery] = useState('');
  const searchId = useId();
  const hintId = useId();

  const pending = invitations.filter((invitation) => invitation.status === 'pending');
  const players = invitations.filter((invitation) => invitation.status === 'accepted');

  return (
    <Dialog title={texts.title(game.name)} closeLabel={homeMessages.close} onClose={onClose} size="wide">
      <section aria-labelledby={`${searchId}-title`}>
        <h3 id={`${searchId}-title`}>{texts.invite}</h3>
        <div className="field">
          <label htmlFor={searchId}>{texts.searchLabel}</label>
          <input
            id={searchId}
            type="search"
            value={query}
            autoComplete="off"
            aria-describedby={hintId}
            onChange={(event) => {
              setQuery(event.target.value);
              admin.send({ type: 'search.typed', query: event.target.value });
            }}
          />
        </div>
        <p id={hintId} className="admin-hint" aria-live="polite">
          {search === 'tooShort' && gameAdminTexts.searchTooShort}
          {(search === 'debouncing' || search === 'searching') && texts.searching}
          {search === 'results' && candidates.length === 0 && texts.noResult}
          {search === 'failed' && gameAdminTexts.searchFailed}
        </p>
        <ul className="admin-list" aria-label={texts.invite}>
          {candidates.map((candidate) => (
            <li key={candidate.id} className="admin-row">
              <span className="admin-row__name">{candidate.display_name}</span>
              {candidate.invitation === null ? (
                <button
                  type="button"
                  disabled={sending}
                  onClick={() => admin.send({ type: 'player.invite', playerId: candidate.id })}
                  aria-label={`${texts.inviteButton} ${candidate.display_name}`}
                >
                  {texts.inviteButton}
                </button>
              ) : (
                <span className="admin-row__note">
                  {candidate.invitation === 'pending' ? texts.alreadyInvited : texts.alreadyPlaying}
                </span>
              )}
            </li>
          ))}
        </ul>
        <OutcomeNotice outcome={feedback} />
      </section>
      <div className="admin-columns">
        <section>
          <h3>{texts.pending}</h3>
          {pending.length === 0 && <p className="lobby__empty">{texts.noPending}</p>}
          <ul className="admin-list" aria-label={texts.pending}>
            {pending.map(({ id, ref }) => (
              <InvitationRow key={id} invitation={ref} />
            ))}
          </ul>
        </section>
        <section>
          <h3>{texts.players}</h3>
          {players.length === 0 && <p className="lobby__empty">{texts.noPlayers}</p>}
          <ul className="admin-list" aria-label={texts.players}>
            {players.map(({ id, ref }) => (
              <InvitationRow key={id} invitation={ref} />
            ))}
          </ul>
        </section>
      </div>
    </Dialog>
  );
}
