import { memo, useMemo } from 'react';
import type { ChatEntry } from '../../machines/game-chat.machine';
import { chatTime, gameChatTexts as texts } from './messages';
import { sanitizeMessage } from './sanitize';

/** The default faces: a hooded figure for players, a spell sigil for the MJ and the system. */
export function DefaultAvatar({ kind }: { kind: 'player' | 'master' }) {
  return (
    <svg className={`game-chat__avatar game-chat__avatar--${kind}`} viewBox="0 0 32 32" aria-hidden="true">
      <circle cx="16" cy="16" r="15" />
      {kind === 'player' ? (
        <path d="M16 6c-5 0-8 4-8 9v10h16V15c0-5-3-9-8-9zm0 5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7z" />
      ) : (
        <path d="M16 4l3 8 8 1-6 5 2 9-7-5-7 5 2-9-6-5 8-1z" />
      )}
    </svg>
  );
}

function Avatar({ entry }: { entry: ChatEntry }) {
  const { avatar, senderId } = entry.payload;
  if (avatar && /^https:\/\//i.test(avatar)) {
    return (
      <img className="game-chat__avatar" src={avatar} alt="" loading="lazy" referrerPolicy="no-referrer" />
    );
  }
  return <DefaultAvatar kind={senderId === null ? 'master' : 'player'} />;
}

/**
 * One line of the chat, rendered once: a new line re-renders the list, never the lines already
 * there (the machine keeps their entries as they were), and a line's HTML is sanitised once.
 */
export const ChatLine = memo(function ChatLine({ entry }: { entry: ChatEntry }) {
  const { payload } = entry;
  const html = useMemo(() => ({ __html: sanitizeMessage(payload.message) }), [payload.message]);
  // A roll out of sight reaches its other readers without its dice (decision 0021).
  const hiddenRoll = payload.rollMode !== undefined && payload.roll === undefined;
  const modifiers = [
    payload.type,
    ...(payload.whisperTo === undefined ? [] : ['whisper']),
    ...(hiddenRoll ? ['hidden-roll'] : []),
  ];
  return (
    <li
      className={`game-chat__line ${modifiers.map((modifier) => `game-chat__line--${modifier}`).join(' ')}`}
      data-seq={entry.seq}
    >
      <Avatar entry={entry} />
      <div className="game-chat__bubble">
        <span className="game-chat__meta">
          <span className="game-chat__name">{payload.playerName}</span>
          {payload.whisperTo !== undefined && (
            <span className="game-chat__whisper">{texts.whisperTo(payload.whisperTo)}</span>
          )}
          {payload.rollMode !== undefined && !hiddenRoll && (
            <span className="game-chat__whisper">{texts.rollModeTag[payload.rollMode]}</span>
          )}
          <time dateTime={entry.createdAt}>{chatTime(entry.createdAt)}</time>
        </span>
        {payload.label && <span className="game-chat__label">{payload.label}</span>}
        <span
          className="game-chat__text"
          // Sanitised: see sanitize.ts and its tests.
          dangerouslySetInnerHTML={html}
        />
      </div>
    </li>
  );
});
