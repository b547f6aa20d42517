import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { gameMasterLobbyMachine } from '../../machines/game-master-lobby.machine';
import { Field } from '../landing/Field';
import { homeMessages } from './messages';
import { Dialog } from '../components/Dialog';
import { OutcomeNotice } from '../components/Notice';

const texts = homeMessages.deletion;

/** platform.md §5 "Game deletion": the game's name must be typed exactly. */
export function DeleteGameModal({ lobby }: { lobby: ActorRefFrom<typeof gameMasterLobbyMachine> }) {
  const doomed = useSelector(lobby, (snapshot) => snapshot.context.doomed);
  const error = useSelector(lobby, (snapshot) => snapshot.context.deletionError);
  const busy = useSelector(lobby, (snapshot) => snapshot.matches('deleting'));
  const [typed, setTyped] = useState('');
  if (!doomed) return null;
  return (
    <Dialog
      title={texts.title}
      closeLabel={homeMessages.close}
      onClose={() => lobby.send({ type: 'game.delete.cancel' })}
    >
      <form
        aria-label={texts.title}
        onSubmit={(event) => {
          event.preventDefault();
          lobby.send({ type: 'game.delete.confirm', typedName: typed });
        }}
      >
        <p>{texts.warning(doomed.name)}</p>
        <Field
          label={texts.label}
          value={typed}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
        />
        <OutcomeNotice outcome={error ? { tone: 'error', text: error } : null} />
        <div className="dialog__actions">
          <button
            type="button"
            className="secondary"
            onClick={() => lobby.send({ type: 'game.delete.cancel' })}
          >
            {texts.cancel}
          </button>
          <button type="submit" className="danger-fill" disabled={busy}>
            {texts.confirm}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
