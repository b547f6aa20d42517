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
 * way back to the choice. A new account is signed in by its registration: the registration's
 * success message greets it here, above the choice, until a mode is chosen.
 */
export function ModePanel({ user }: { user: SessionUser }) {
  const { auth, modeChoice } = useAppActors();
  const mode = useSelector(modeChoice, (snapshot) => snapshot.value);
  const registrationMessage = useSelector(auth, (snapshot) => snapshot.context.registrationMessage);
  const titleId = useId();
  const choose = (chosen: 'gameMaster' | 'player') => {
    auth.send({ type: 'auth.feedback.dismiss' });
    modeChoice.send({ type: 'mode.choose', mode: chosen });
  };

  // The part chosen last time is being read: asking meanwhile would flash the choice.
  if (mode === 'recalling') return null;

  if (mode === 'choosing') {
    return (
      <section className="mode-panel" aria-labelledby={titleId}>
        {registrationMessage && (
          <p className="mode-panel__welcome" role="status">
            {registrationMessage}
          </p>
        )}
        <h2 id={titleId}>{choiceTexts.title}</h2>
        <div className="mode-panel__choices">
          <button type="button" onClick={() => choose('gameMaster')}>
            {choiceTexts.gameMaster}
          </button>
          <button type="button" onClick={() => choose('player')}>
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
