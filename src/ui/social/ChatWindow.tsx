import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { MESSAGE_MAX } from '../../domain/social';
import { privateChatEffects, type SocialSocket } from '../../effects/social';
import { privateChatMachine } from '../../machines/private-chat.machine';
import { useAppActors } from '../app/AppActorsContext';
import { ChatGameInvite } from './ChatGameInvite';
import { Presence } from './FriendsMenu';
import { formatTime, socialMessages as texts } from './messages';
import { SocialAlert } from './SocialAlert';
import { useStickToBottom } from '../components/use-stick-to-bottom';
import { Dialog } from '../components/Dialog';

/** The chat window (platform.md §2): a private conversation with one friend and their status. */
export function ChatWindow({
  friendId,
  socket,
  onClose,
}: {
  friendId: string;
  socket: SocialSocket;
  onClose: () => void;
}) {
  const { inspect } = useAppActors();
  const chat = useActorRef(privateChatMachine.provide(privateChatEffects(socket)), {
    input: { friendId, me: socket.me },
    inspect,
  });
  const inputId = useId();
  const friend = useSelector(chat, (snapshot) => snapshot.context.friend);
  const messages = useSelector(chat, (snapshot) => snapshot.context.messages);
  const pending = useSelector(chat, (snapshot) => snapshot.context.pending);
  const alert = useSelector(chat, (snapshot) => snapshot.context.alert);
  const loadError = useSelector(chat, (snapshot) => snapshot.context.loadError);
  const heard = useSelector(chat, (snapshot) => snapshot.context.heard);
  const loading = useSelector(chat, (snapshot) => snapshot.matches({ conversation: 'loading' }));
  const sending = useSelector(chat, (snapshot) => snapshot.matches({ conversation: { ready: 'sending' } }));
  const [draft, setDraft] = useState('');

  const { ref: linesRef, onScroll: onLinesScroll } = useStickToBottom<HTMLOListElement>(
    messages.length,
    pending.length,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === '' || sending) return;
    chat.send({ type: 'chat.send', content: draft });
    setDraft('');
  };

  const name = friend?.display_name ?? '';
  return (
    <Dialog
      title={texts.chatTitle(name)}
      beside={friend && <Presence online={friend.isOnline} />}
      closeLabel={texts.close}
      onClose={onClose}
      className="chat-window"
    >
      {alert && <SocialAlert text={alert} onDismiss={() => chat.send({ type: 'chat.alert.dismiss' })} />}
      <p className="visually-hidden" role="status">
        {heard ? texts.heard(heard.senderName, heard.content) : ''}
      </p>
      {/* Focusable, so a keyboard reader can scroll back through the conversation. */}
      <ol
        className="chat-window__messages"
        aria-label={texts.linesLabel}
        tabIndex={0}
        ref={linesRef}
        onScroll={onLinesScroll}
      >
        {loading && <li className="social-empty">{texts.loadingConversation}</li>}
        {loadError && <li className="social-alert">{loadError}</li>}
        {!loading && !loadError && messages.length === 0 && pending.length === 0 && (
          <li className="social-empty">{texts.emptyConversation}</li>
        )}
        {messages.map((message) => (
          <li
            key={message.id}
            className={`chat-message ${message.senderId === socket.me.id ? 'chat-message--mine' : ''}`}
          >
            <span className="chat-message__meta">
              {message.senderName} · <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
            </span>
            <span className="chat-message__content">{message.content}</span>
          </li>
        ))}
        {pending.map((message) => (
          <li
            key={message.id}
            className="chat-message chat-message--mine chat-message--pending"
            data-pending-id={message.id}
          >
            <span className="chat-message__meta">
              {message.senderName} · {texts.pending}
            </span>
            <span className="chat-message__content">{message.content}</span>
          </li>
        ))}
      </ol>
      <ChatGameInvite
        friendId={friendId}
        friendName={name}
        onReload={() => chat.send({ type: 'chat.reload' })}
      />
      <form className="chat-window__form" onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          {texts.messageLabel}
        </label>
        <input
          id={inputId}
          value={draft}
          maxLength={MESSAGE_MAX}
          placeholder={texts.messageLabel}
          autoComplete="off"
          disabled={loading || loadError !== null}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" disabled={sending || draft.trim() === ''}>
          {texts.send}
        </button>
      </form>
    </Dialog>
  );
}
