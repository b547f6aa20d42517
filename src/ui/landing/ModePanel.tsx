import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { SessionUser } from '../../domain/roles';
import { useAppActors } from '../app/AppActorsContext';
import { landingMessages } from './messages';

const { modeChoice: choiceTexts, modeHeading, changeMode } = landingMessages;

/**
 * After login: the choice between game master and player, then the chosen mode with the way back
 * to the choice. The lobbies of each mode come later.
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
    <header className="mode-panel mode-panel--chosen">
      <p className="mode-panel__mode">{modeHeading[mode]}</p>
      <p className="mode-panel__user">{user.displayName}</p>
      <button type="button" className="secondary" onClick={() => modeChoice.send({ type: 'mode.back' })}>
        {changeMode}
      </button>
    </header>
  );
}
