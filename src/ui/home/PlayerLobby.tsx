import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { LobbyCharacter } from '../../api/schemas/characters';
import { playerLobbyLogic } from '../../effects/lobbies';
import type { GameInvitationActor } from '../../machines/game-invitation.machine';
import { launchOfSelected, type playerLobbyMachine } from '../../machines/player-lobby.machine';
import { useAppActors } from '../app/AppActorsContext';
import type { ActorRefFrom } from 'xstate';
import { gamePageAddress } from './game-address';
import { ReplayLink } from '../replay/ReplayLink';
import { homeMessages } from './messages';
import { OutcomeNotice } from '../components/Notice';
import { AnswerButtons } from '../components/AnswerButtons';

const texts = homeMessages.player;
type PlayerLobbyRef = ActorRefFrom<typeof playerLobbyMachine>;

/** What a card says of a character's health: current over full while its token is at the table. */
function vitalsOf({ HP, soulEssence, table }: LobbyCharacter): string {
  if (!table) return texts.vitals(String(HP), String(soulEssence));
  return texts.vitals(
    `${table.currentHP}/${table.maxHP}`,
    `${table.currentSoulEssence}/${table.maxSoulEssence}`,
  );
}

/** The characters of an accepted game, ending with the card that creates one. */
export function CharacterList({
  gameId,
  characters,
  lobby,
}: {
  gameId: string;
  characters: LobbyCharacter[];
  lobby: PlayerLobbyRef;
}) {
  return (
    <ul className="character-cards" aria-label={texts.characters}>
      {characters.map((character) => (
        <li key={character.id} className="character-card">
          <strong>{character.name}</strong>
          <span>{vitalsOf(character)}</span>
          <button
            type="button"
            onClick={() => lobby.send({ type: 'game.launch', launch: { gameId, playerId: character.id } })}
          >
            {texts.play}
          </button>
          <ReplayLink gameId={gameId} playerId={character.id} />
        </li>
      ))}
      <li className="character-card character-card--create">
        <Link to={`/creation?gameId=${encodeURIComponent(gameId)}`}>{texts.createCharacter}</Link>
      </li>
    </ul>
  );
}

function InvitationCard({ invitation, lobby }: { invitation: GameInvitationActor; lobby: PlayerLobbyRef }) {
  const snapshot = useSelector(invitation, (state) => state);
  const { game, status } = snapshot.context.invitation;
  const characters = useSelector(lobby, (state) => state.context.charactersByGame[game.id]);
  const busy = snapshot.hasTag('busy');
  const open = snapshot.matches('accepted') || snapshot.matches('leaving');
  return (
    <li className="invitation-card" aria-label={game.name}>
      <div className="invitation-card__head">
        <h4>{game.name}</h4>
        <span className={`status status--${status}`}>{homeMessages.status[status]}</span>
      </div>
      <p className="game-card__meta">
        {texts.from} {game.mjDisplayName}
      </p>
      {(snapshot.matches('pending') || snapshot.matches('accepting') || snapshot.matches('declining')) && (
        <div className="game-card__actions">
          <AnswerButtons
            busy={busy}
            accept={texts.accept}
            decline={texts.decline}
            onAccept={() => invitation.send({ type: 'invitation.accept' })}
            onDecline={() => invitation.send({ type: 'invitation.decline' })}
          />
        </div>
      )}
      {open && (
        <>
          <CharacterList gameId={game.id} characters={characters ?? []} lobby={lobby} />
          <div className="game-card__actions">
            <button
              type="button"
              className="secondary danger"
              disabled={busy}
              onClick={() => invitation.send({ type: 'invitation.leave' })}
            >
              {texts.leave}
            </button>
          </div>
        </>
      )}
      <OutcomeNotice outcome={snapshot.context.feedback} />
    </li>
  );
}

/**
 * The legacy selection flow: a character from the dropdown, then the game after a cinematic.
 * Shown once there is a character to pick: an empty list is no choice to offer a newcomer.
 */
function LegacySelection({ lobby }: { lobby: PlayerLobbyRef }) {
  const characters = useSelector(lobby, (state) => state.context.myCharacters);
  const selected = useSelector(lobby, (state) => state.context.selectedCharacterId);
  const canLaunch = useSelector(
    lobby,
    (state) => launchOfSelected(state.context) !== null && state.matches('ready'),
  );
  const selectId = useId();
  if (characters.length === 0) return null;
  return (
    <section className="legacy-selection" aria-labelledby={`${selectId}-title`}>
      <h3 id={`${selectId}-title`}>{texts.legacyTitle}</h3>
      <div className="legacy-selection__row">
        <label htmlFor={selectId}>{texts.legacyLabel}</label>
        <select
          id={selectId}
          value={selected ?? ''}
          onChange={(event) => lobby.send({ type: 'character.select', characterId: event.target.value })}
        >
          <option value="">{texts.legacyPlaceholder}</option>
          {characters.map((character) => (
            <option key={character.id} value={character.id}>
              {character.name}
            </option>
          ))}
        </select>
        <button type="button" disabled={!canLaunch} onClick={() => lobby.send({ type: 'game.launch' })}>
          {texts.legacyLaunch}
        </button>
      </div>
    </section>
  );
}

/** The player's lobby (platform.md §2 "Player view"). */
export function PlayerLobby() {
  const { socketFacts$, inspect } = useAppActors();
  const navigate = useNavigate();
  const logic = useMemo(
    () => playerLobbyLogic(socketFacts$, (launch) => navigate(gamePageAddress(launch))),
    [socketFacts$, navigate],
  );
  const lobby = useActorRef(logic, { inspect });
  const invitations = useSelector(lobby, (state) => state.context.invitations);
  const loaded = useSelector(
    lobby,
    (state) => state.context.invitations.length > 0 || !state.matches('loading'),
  );
  const launching = useSelector(lobby, (state) => state.matches('launching'));

  return (
    <div className="lobby lobby--player">
      <div className="lobby__heading">
        <h3>{texts.title}</h3>
      </div>
      {loaded && invitations.length === 0 && <p className="lobby__empty">{texts.empty}</p>}
      <ul className="lobby__cards" aria-label={texts.title}>
        {invitations.map(({ id, ref }) => (
          <InvitationCard key={id} invitation={ref} lobby={lobby} />
        ))}
      </ul>
      <LegacySelection lobby={lobby} />
      {launching && (
        <div className="launch-cinematic" role="status">
          <p>{texts.launching}</p>
        </div>
      )}
    </div>
  );
}
