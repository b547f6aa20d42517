import { useActorRef, useSelector } from '@xstate/react';
import { Fragment, useId, useState, type KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { MESSAGE_MAX_LENGTH } from '../../domain/table/messages';
import type { TableRole } from '../../domain/table/types';
import { gameChatLogic, macrosLogic } from '../../effects/game-chat';
import { speechSupported } from '../../effects/speech';
import { pendingText } from '../../machines/game-chat.machine';
import type { WhisperNamesEvent, whisperNamesMachine } from '../../machines/whisper-names.machine';
import { useAppActors } from '../app/AppActorsContext';
import { ChatLine, DefaultAvatar } from './ChatLine';
import { DiceMenu, SkillsMenu } from './ChatMenus';
import { DieIcon, SpeakerIcon } from './icons';
import { MacrosBar } from './MacrosBar';
import { useStickToBottom } from '../components/use-stick-to-bottom';
import { dayLabel, gameChatTexts as texts, sameDay } from './messages';
import './game-chat.css';

export interface GameChatProps {
  gameId: string;
  /** The character a player speaks as; null for the MJ and an admin. */
  playerId: string | null;
  role: TableRole;
}

/** The keys of the names offered after /w, while the list is open. */
const namingKeys: Record<string, WhisperNamesEvent> = {
  ArrowDown: { type: 'names.next' },
  ArrowUp: { type: 'names.previous' },
  Tab: { type: 'names.choose' },
  Enter: { type: 'names.choose' },
  Escape: { type: 'names.close' },
};

/**
 * The game table's chat panel (table.md §2 "Game screen"): the log's chat lines with avatars, times
 * and day separators, the input with its commands, the dice and skill menus, the macros bar and
 * voice reading. Collapsible; the arrows show at widths of 1000 px and less.
 */
export function GameChat({ gameId, playerId, role }: GameChatProps) {
  const { auth, socketFacts$, requestOnSocket, inspect } = useAppActors();
  const userId = useSelector(auth, (snapshot) => snapshot.context.user?.id ?? '');
  const chat = useActorRef(gameChatLogic({ facts$: socketFacts$, request: requestOnSocket }), {
    input: { gameId, playerId, role, userId, speechSupported: speechSupported() },
    inspect,
  });
  const macros = useActorRef(macrosLogic(), { input: { userId }, inspect });
  const entries = useSelector(chat, (snapshot) => snapshot.context.entries);
  const pending = useSelector(chat, (snapshot) => snapshot.context.pending);
  const draft = useSelector(chat, (snapshot) => snapshot.context.draft);
  const alert = useSelector(chat, (snapshot) => snapshot.context.alert);
  const loadError = useSelector(chat, (snapshot) => snapshot.context.loadError);
  const collapsed = useSelector(chat, (snapshot) => snapshot.context.collapsed);
  const voice = useSelector(chat, (snapshot) => snapshot.context.voice);
  const loading = useSelector(chat, (snapshot) => snapshot.matches({ history: 'loading' }));
  const shaking = useSelector(chat, (snapshot) => snapshot.matches({ input: 'shaking' }));
  const canRollSkills = useSelector(chat, (snapshot) => snapshot.matches({ skills: 'ready' }));
  const rollMode = useSelector(chat, (snapshot) => snapshot.context.rollMode);
  const names = useSelector(
    chat,
    (snapshot) => snapshot.children.whisperNames as ActorRefFrom<typeof whisperNamesMachine>,
  );
  const offered = useSelector(names, (snapshot) => snapshot.context.offered);
  const active = useSelector(names, (snapshot) => snapshot.context.active);
  const [menu, setMenu] = useState<'dice' | 'skills' | null>(null);
  const inputId = useId();
  const namesId = useId();
  const naming = offered.length > 0;

  const {
    ref: linesRef,
    onScroll: onLinesScroll,
    behind,
    toBottom,
  } = useStickToBottom<HTMLOListElement>(`${entries.length} ${collapsed}`, pending.length);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const key = naming && !event.shiftKey ? namingKeys[event.key] : undefined;
    if (key) {
      // Escape closes the list, not whatever else at the table listens for it.
      event.preventDefault();
      event.stopPropagation();
      names.send(key);
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey) return;
    event.preventDefault();
    chat.send({ type: 'chat.send' });
  };

  return (
    <aside className={`game-chat ${collapsed ? 'game-chat--collapsed' : ''}`} aria-label={texts.title}>
      <header className="game-chat__header">
        <button
          type="button"
          className="game-chat__arrow"
          aria-expanded={!collapsed}
          aria-label={collapsed ? texts.expand : texts.collapse}
          onClick={() => chat.send({ type: 'panel.toggle' })}
        >
          {collapsed ? '‹' : '›'}
        </button>
        <h2 className="game-chat__title">{texts.title}</h2>
        <button
          type="button"
          className={`game-chat__icon ${voice ? 'game-chat__icon--on' : ''}`}
          aria-pressed={voice}
          aria-label={voice ? texts.voiceOn : texts.voiceOff}
          title={voice ? texts.voiceOn : texts.voiceOff}
          onClick={() => chat.send({ type: 'voice.toggle' })}
        >
          <SpeakerIcon on={voice} />
        </button>
      </header>
      {!collapsed && (
        <>
          {/* Focusable, so a keyboard reader can scroll back through the log. */}
          <ol
            className="game-chat__lines"
            aria-label={texts.linesLabel}
            tabIndex={0}
            ref={linesRef}
            onScroll={onLinesScroll}
          >
            {loading && <li className="game-chat__muted">{texts.loading}</li>}
            {loadError && (
              <li className="game-chat__alert">
                {loadError}{' '}
                <button
                  type="button"
                  className="secondary"
                  onClick={() => chat.send({ type: 'chat.reload' })}
                >
                  {texts.retry}
                </button>
              </li>
            )}
            {!loading && !loadError && entries.length === 0 && pending.length === 0 && (
              <li className="game-chat__muted">{texts.empty}</li>
            )}
            {entries.map((entry, index) => (
              <Fragment key={entry.seq}>
                {(index === 0 || !sameDay(entries[index - 1]!.createdAt, entry.createdAt)) && (
                  <li className="game-chat__day">
                    <span>{dayLabel(entry.createdAt)}</span>
                  </li>
                )}
                <ChatLine entry={entry} />
              </Fragment>
            ))}
            {pending.map((line) => (
              <li
                key={line.id}
                className={`game-chat__line game-chat__line--pending ${line.failed ? 'game-chat__line--failed' : ''}`}
              >
                <DefaultAvatar kind={role === 'player' ? 'player' : 'master'} />
                <div className="game-chat__bubble">
                  <span className="game-chat__meta">{line.failed ? texts.failed : texts.pending}</span>
                  <span className="game-chat__text">{pendingText(line.content)}</span>
                  {line.failed && (
                    <span className="game-chat__retry">
                      <button type="button" onClick={() => chat.send({ type: 'chat.retry', id: line.id })}>
                        {texts.retry}
                      </button>
                      <button
                        type="button"
                        className="secondary"
                        onClick={() => chat.send({ type: 'chat.discard', id: line.id })}
                      >
                        {texts.discard}
                      </button>
                    </span>
                  )}
                </div>
              </li>
            ))}
          </ol>
          {behind && (
            <button type="button" className="game-chat__new-lines" onClick={toBottom}>
              {texts.newLines} ↓
            </button>
          )}
          {alert && (
            <p className="game-chat__alert game-chat__alert--floating" role="alert">
              <span>{alert}</span>
              <button
                type="button"
                className="game-chat__icon"
                aria-label={texts.dismiss}
                onClick={() => chat.send({ type: 'chat.alert.dismiss' })}
              >
                ×
              </button>
            </p>
          )}
          <div className="game-chat__bar">
            <div className="game-chat__tools">
              {menu === 'dice' && <DiceMenu chat={chat} onDone={() => setMenu(null)} />}
              {menu === 'skills' && <SkillsMenu chat={chat} onDone={() => setMenu(null)} />}
              <button
                type="button"
                className={`game-chat__chip ${menu === 'dice' ? 'game-chat__chip--on' : ''}`}
                aria-expanded={menu === 'dice'}
                onClick={() => setMenu(menu === 'dice' ? null : 'dice')}
              >
                <DieIcon /> {texts.diceMenu}
                {rollMode && <span className="game-chat__chip-mode"> · {texts.rollModeShort[rollMode]}</span>}
              </button>
              {canRollSkills && (
                <button
                  type="button"
                  className={`game-chat__chip ${menu === 'skills' ? 'game-chat__chip--on' : ''}`}
                  aria-expanded={menu === 'skills'}
                  onClick={() => setMenu(menu === 'skills' ? null : 'skills')}
                >
                  {texts.skillsMenu}
                </button>
              )}
            </div>
            <MacrosBar macros={macros} chat={chat} />
          </div>
          <form
            className={`game-chat__form ${shaking ? 'game-chat__form--shaking' : ''}`}
            onSubmit={(event) => {
              event.preventDefault();
              chat.send({ type: 'chat.send' });
            }}
          >
            <label htmlFor={inputId} className="visually-hidden">
              {texts.inputLabel}
            </label>
            <input
              id={inputId}
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={naming}
              aria-controls={namesId}
              aria-activedescendant={naming ? `${namesId}-${active}` : undefined}
              autoComplete="off"
              placeholder={texts.placeholder}
              value={draft}
              onChange={(event) => chat.send({ type: 'chat.draft.change', text: event.target.value })}
              onKeyDown={onKeyDown}
            />
            <ul
              id={namesId}
              className="game-chat__names"
              role="listbox"
              aria-label={texts.whisperNames}
              hidden={!naming}
            >
              {offered.map((name, index) => (
                <li
                  key={name}
                  id={`${namesId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={index === active ? 'game-chat__name--active' : undefined}
                  ref={
                    index === active ? (option) => option?.scrollIntoView({ block: 'nearest' }) : undefined
                  }
                  // The input keeps the focus, and with it the keyboard.
                  onPointerDown={(event) => event.preventDefault()}
                  onClick={() => names.send({ type: 'names.choose', index })}
                >
                  {name}
                </li>
              ))}
            </ul>
            <p className="visually-hidden" role="status">
              {naming ? texts.whisperNamesOffered(offered.length) : ''}
            </p>
            <span className="game-chat__count" aria-hidden="true">
              {draft.length}/{MESSAGE_MAX_LENGTH}
            </span>
            <button type="submit">{texts.send}</button>
          </form>
        </>
      )}
    </aside>
  );
}
