import { useActorRef, useSelector } from '@xstate/react';
import { chatGameInviteEffects } from '../../effects/social';
import { chatGameInviteMachine, chatInviteTexts } from '../../machines/chat-game-invite.machine';
import { useAppActors } from '../app/AppActorsContext';
import { socialMessages as texts } from './messages';
import { Notice } from '../components/Notice';

/** The chat window's « Inviter dans une partie » action (platform.md §2 "Chat window"). */
export function ChatGameInvite({
  friendId,
  friendName,
  onReload,
}: {
  friendId: string;
  friendName: string;
  onReload: () => void;
}) {
  const { inspect } = useAppActors();
  const invite = useActorRef(chatGameInviteMachine.provide(chatGameInviteEffects(onReload)), {
    input: { friendId },
    inspect,
  });
  const state = useSelector(invite, (snapshot) => snapshot.value);
  const games = useSelector(invite, (snapshot) => snapshot.context.games);
  const failure = useSelector(invite, (snapshot) => snapshot.context.failure);
  const cancel = () => invite.send({ type: 'invite.cancel' });
  const cancelButton = (
    <button type="button" className="secondary" onClick={cancel}>
      {texts.cancel}
    </button>
  );

  if (state === 'idle') {
    return (
      <div className="chat-invite">
        <button type="button" className="secondary" onClick={() => invite.send({ type: 'invite.open' })}>
          {texts.inviteToGame}
        </button>
      </div>
    );
  }
  return (
    <section className="chat-invite chat-invite--open" aria-label={texts.inviteTitle(friendName)}>
      <div aria-live="polite">
        {state === 'loadingGames' && <p className="social-empty">{texts.loadingGames}</p>}
        {state === 'noGames' && <p className="social-empty">{texts.noGames}</p>}
        {state === 'sending' && <p className="social-empty">{texts.sendingInvitation}</p>}
        {state === 'sent' && (
          <Notice tone="success" className="chat-invite__sent">
            {chatInviteTexts.sent}
          </Notice>
        )}
        {state === 'failed' && failure && (
          <Notice tone="error" className="social-alert">
            {failure}
          </Notice>
        )}
      </div>
      {state === 'choosing' && (
        <ul className="chat-invite__games">
          {games.map((game) => (
            <li key={game.id}>
              <span>{game.name}</span>
              <button type="button" onClick={() => invite.send({ type: 'invite.pick', gameId: game.id })}>
                {texts.invite}
              </button>
            </li>
          ))}
        </ul>
      )}
      {state === 'failed' && (
        <button type="button" onClick={() => invite.send({ type: 'invite.open' })}>
          {texts.retry}
        </button>
      )}
      {state !== 'sending' && state !== 'sent' && cancelButton}
    </section>
  );
}
