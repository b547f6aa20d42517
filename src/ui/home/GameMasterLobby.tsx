import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { GameSummary } from '../../api/schemas/games';
import { formatLastConnection } from '../../domain/games';
import type { SessionUser } from '../../domain/roles';
import { gameMasterLobbyLogic } from '../../effects/lobbies';
import { useAppActors } from '../app/AppActorsContext';
import { DeleteGameModal } from './DeleteGameModal';
import { GameAdminModal } from './GameAdminModal';
import { GameNamePrompt } from './GameNamePrompt';
import { homeMessages } from './messages';
import { OutcomeNotice } from '../components/Notice';
import { gamePageAddress } from './game-address';
import { ReplayLink } from '../replay/ReplayLink';

const texts = homeMessages.gameMaster;

/** The game master's lobby (platform.md §2 "Game master view"). */
export function GameMasterLobby({ user }: { user: SessionUser }) {
  const { socketFacts$, inspect } = useAppActors();
  const navigate = useNavigate();
  const logic = useMemo(
    () => gameMasterLobbyLogic(socketFacts$, (target) => navigate(gamePageAddress(target))),
    [socketFacts$, navigate],
  );
  const lobby = useActorRef(logic, { input: { userId: user.id }, inspect });
  const games = useSelector(lobby, (snapshot) => snapshot.context.games);
  const notice = useSelector(lobby, (snapshot) => snapshot.context.notice);
  const busy = useSelector(lobby, (snapshot) => snapshot.hasTag('busy'));
  const loaded = useSelector(lobby, (snapshot) => !snapshot.matches('loading'));
  const joining = useSelector(lobby, (snapshot) =>
    snapshot.matches('joining') ? games.find((game) => game.id === snapshot.context.joining) : undefined,
  );
  const deleting = useSelector(
    lobby,
    (snapshot) => snapshot.matches('confirmingDeletion') || snapshot.matches('deleting'),
  );
  // Which modal is open is how the screen looks, not what the lobby is.
  const [prompting, setPrompting] = useState(false);
  const [managed, setManaged] = useState<GameSummary | null>(null);

  return (
    <div className="lobby lobby--game-master">
      <div className="lobby__heading">
        <h3>{texts.title}</h3>
        <button type="button" onClick={() => setPrompting(true)} disabled={busy}>
          {texts.create}
        </button>
      </div>
      <OutcomeNotice outcome={notice} />
      {joining && (
        <p className="lobby__joining" role="status">
          {texts.joining(joining.name)}
        </p>
      )}
      {loaded && games.length === 0 && <p className="lobby__empty">{texts.empty}</p>}
      <ul className="lobby__cards" aria-label={texts.title}>
        {games.map((game) => (
          <li key={game.id} className="game-card" aria-label={game.name}>
            <div className="game-card__head">
              <h4>{game.name}</h4>
              <span className="game-card__code" title={texts.code}>
                {game.id}
              </span>
            </div>
            <p className="game-card__meta">
              {texts.lastConnection}{' '}
              {formatLastConnection(game.lastConnectionAt === null ? null : new Date(game.lastConnectionAt))}
            </p>
            <p className="game-card__meta game-card__count" aria-live="polite">
              {texts.connectedPlayers(game.connectedPlayersCount)}
            </p>
            <div className="game-card__actions">
              <button
                type="button"
                onClick={() => lobby.send({ type: 'game.join', gameId: game.id })}
                disabled={joining !== undefined}
              >
                {texts.join}
              </button>
              <ReplayLink gameId={game.id} playerId={user.id} />
              <button type="button" className="secondary" onClick={() => setManaged(game)}>
                {texts.manage}
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => navigate(`/admin/game?gameId=${encodeURIComponent(game.id)}`)}
              >
                {texts.resources}
              </button>
              <button
                type="button"
                className="secondary danger"
                onClick={() => lobby.send({ type: 'game.delete.ask', gameId: game.id })}
              >
                {texts.delete}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {prompting && (
        <GameNamePrompt
          onSubmit={(name) => {
            setPrompting(false);
            lobby.send({ type: 'game.create', name });
          }}
          onCancel={() => setPrompting(false)}
        />
      )}
      {deleting && <DeleteGameModal lobby={lobby} />}
      {managed && <GameAdminModal game={managed} onClose={() => setManaged(null)} />}
    </div>
  );
}
