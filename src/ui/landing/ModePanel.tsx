import { useSelector } from '@xstate/react';
import { lazy, Suspense, useId } from 'react';
import type { SessionUser } from '../../domain/roles';
import { useAppActors } from '../app/AppActorsContext';
import '../home/home.css';
import { landingMessages } from './messages';

// The choice comes first after login: a lobby's code loads once its mode is chosen.
const GameMasterLobby = lazy(() =>
  import('../home/GameMasterLobby').then((module) => ({ default: module.GameMasterLobby })),
);
const PlayerLobby = lazy(() =>
  import('../home/PlayerLobby').then((module) => ({ default: module.PlayerLobby })),
);

const { modeChoice: choiceTexts, changeMode } = landingMessages;
const lobbyTitles = { gameMaster: choiceTexts.gameMaster, player: choiceTexts.player } as const;

/**
 * After login: the choice between game master and player, then the chosen mode's lobby with the
 * way back to the choice.
 */
export function ModePanel({ user }: { user: SessionUser }) {
  const { modeChoice } = useAppActors();
  const mode = useSelector(modeChoice, (snapshot) => snapshot.value);
  const titleId = useId();

  if (mode === 'choosing') {
    return (
      <section className="mode-panel" aria-labelledby={titleId}>
        <h2 id={titleId}>{choiceTexts.title}</h2>
        <div className="mode-panel__choices">
          <button type="button" onClick={() => modeChoice.send({ type: 'mode.choose', mode: 'gameMaster' })}>
            {choiceTexts.gameMaster}
          </button>
          <button type="button" onClick={() => modeChoice.send({ type: 'mode.choose', mode: 'player' })}>
            {choiceTexts.player}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="mode-panel mode-panel--chosen" aria-labelledby={titleId}>
      <header className="mode-panel__header">
        <h2 id={titleId} className="mode-panel__mode">
          {lobbyTitles[mode]}
        </h2>
        <button type="button" className="secondary" onClick={() => modeChoice.send({ type: 'mode.back' })}>
          {changeMode}
        </button>
      </header>
      <Suspense fallback={null}>
        {mode === 'gameMaster' ? <GameMasterLobby user={user} /> : <PlayerLobby />}
      </Suspense>
    </section>
  );
}
