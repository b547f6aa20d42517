import { useActorRef, useSelector } from '@xstate/react';
import { Fragment, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { SKILL_NAMES } from '../../domain/character/skills';
import { DICE_SIDES, PRESET_COUNTS } from '../../domain/dice/notation';
import { MESSAGE_MAX_LENGTH } from '../../domain/table/messages';
import type { TableRole } from '../../domain/table/types';
import { gameChatLogic, macrosLogic } from '../../effects/game-chat';
import { speechSupported } from '../../effects/speech';
import { pendingText, type ChatEntry, type gameChatMachine } from '../../machines/game-chat.machine';
import { MACROS_SHOWN, type macrosMachine } from '../../machines/macros.machine';
import { useAppActors } from '../app/AppActorsContext';
import { skillLabels } from '../creation/labels';
import { chatTime, dayLabel, gameChatTexts as texts, sameDay } from './messages';
import { sanitizeMessage } from './sanitize';
import './game-chat.css';

export interface GameChatProps {
  gameId: string;
  /** The character a player speaks as; null for the MJ and an admin. */
  playerId: string | null;
  role: TableRole;
}

type ChatActor = ActorRefFrom<typeof gameChatMachine>;
type MacrosActor = ActorRefFrom<typeof macrosMachine>;

/** The default faces: a hooded figure for players, a spell sigil for the MJ and the system. */
function DefaultAvatar({ kind }: { kind: 'player' | 'master' }) {
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
 * Drawn, not emoji: a browser without an emoji font (Debian's Chromium, many Linux desktops) would
 * show an empty box.
 */
function DieIcon() {
  return (
    <svg className="game-chat__glyph" viewBox="0 0 16 16" aria-hidden="true">
      <rect
        x="1.5"
        y="1.5"
        width="13"
        height="13"
        rx="3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
      <circle cx="5" cy="5" r="1.3" fill="currentColor" />
      <circle cx="8" cy="8" r="1.3" fill="currentColor" />
      <circle cx="11" cy="11" r="1.3" fill="currentColor" />
    </svg>
  );
}

function SpeakerIcon({ on }: { on: boolean }) {
  return (
    <svg className="game-chat__glyph" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M2 6h3l4-3v10L5 10H2z" fill="currentColor" />
      {on ? (
        <path
          d="M11 5.5a3.5 3.5 0 0 1 0 5M12.5 3.5a6 6 0 0 1 0 9"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.3"
        />
      ) : (
        <path d="M11 6l4 4M15 6l-4 4" fill="none" stroke="currentColor" strokeWidth="1.3" />
      )}
    </svg>
  );
}

function ChatLine({ entry }: { entry: ChatEntry }) {
  const { payload } = entry;
  return (
    <li className={`game-chat__line game-chat__line--${payload.type}`} data-seq={entry.seq}>
      <Avatar entry={entry} />
      <div className="game-chat__bubble">
        <span className="game-chat__meta">
          <span className="game-chat__name">{payload.playerName}</span>
          <time dateTime={entry.createdAt}>{chatTime(entry.createdAt)}</time>
        </span>
        <span
          className="game-chat__text"
          // Sanitised: see sanitize.ts and its tests.
          dangerouslySetInnerHTML={{ __html: sanitizeMessage(payload.message) }}
        />
      </div>
    </li>
  );
}

function DiceMenu({ chat, onDone }: { chat: ChatActor; onDone: () => void }) {
  const [sides, setSides] = useState<number | null>(null);
  const [count, setCount] = useState<number | null>(null);
  const [freeCount, setFreeCount] = useState('');
  const [bonus, setBonus] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    chat.send({ type: 'dice.form.submit', form: { sides, count, freeCount, bonus } });
    if (sides !== null && (count !== null || freeCount.trim() !== '')) onDone();
  };
  return (
    <form className="game-chat__popover game-chat__dice" onSubmit={submit} aria-label={texts.diceTitle}>
      <fieldset>
        <legend>{texts.diceType}</legend>
        {DICE_SIDES.map((die) => (
          <button
            key={die}
            type="button"
            className={`game-chat__chip ${sides === die ? 'game-chat__chip--on' : ''}`}
            aria-pressed={sides === die}
            onClick={() => setSides(die)}
          >
            d{die}
          </button>
        ))}
      </fieldset>
      <fieldset>
        <legend>{texts.diceCount}</legend>
        {PRESET_COUNTS.map((preset) => (
          <button
            key={preset}
            type="button"
            className={`game-chat__chip ${count === preset ? 'game-chat__chip--on' : ''}`}
            aria-pressed={count === preset}
            onClick={() => {
              setCount(preset);
              setFreeCount('');
            }}
          >
            {preset}
          </button>
        ))}
        <input
          className="game-chat__small-input"
          inputMode="numeric"
          aria-label={texts.freeCount}
          placeholder={texts.freeCount}
          value={freeCount}
          onChange={(event) => {
            setFreeCount(event.target.value);
            setCount(null);
          }}
        />
      </fieldset>
      <label className="game-chat__bonus">
        {texts.bonus}
        <input
          className="game-chat__small-input"
          inputMode="numeric"
          placeholder="+0"
          value={bonus}
          onChange={(event) => setBonus(event.target.value)}
        />
      </label>
      <button type="submit">{texts.roll}</button>
    </form>
  );
}

function SkillsMenu({ chat, onDone }: { chat: ChatActor; onDone: () => void }) {
  const bonuses = useSelector(chat, (snapshot) => snapshot.context.skillBonuses);
  if (bonuses === null) return null;
  return (
    <ul className="game-chat__popover game-chat__skills" aria-label={texts.skillsTitle}>
      {SKILL_NAMES.map((skill) => {
        const bonus = bonuses[skill] ?? 0;
        return (
          <li key={skill}>
            <button
              type="button"
              onClick={() => {
                chat.send({ type: 'skill.roll', skill, label: skillLabels[skill] });
                onDone();
              }}
            >
              <span>{skillLabels[skill]}</span>
              <span className="game-chat__skill-bonus">{bonus >= 0 ? `+${bonus}` : bonus}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function MacroDialog({ macros }: { macros: MacrosActor }) {
  const editing = useSelector(macros, (snapshot) => snapshot.hasTag('editing'));
  const deleting = useSelector(macros, (snapshot) => snapshot.hasTag('deleting'));
  const busy = useSelector(macros, (snapshot) => snapshot.hasTag('busy'));
  const { draft, formError, targetId } = useSelector(macros, (snapshot) => snapshot.context);
  const titleId = useId();
  if (!editing && !deleting) return null;
  const close = () => macros.send({ type: 'macro.dialog.close' });
  return (
    <div className="game-chat__dialog-backdrop">
      <section className="game-chat__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        {editing ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              macros.send({ type: 'macro.form.submit' });
            }}
          >
            <h3 id={titleId}>{targetId === null ? texts.newMacro : texts.editMacro}</h3>
            <label>
              {texts.macroTitle}
              <input
                value={draft.title}
                maxLength={50}
                onChange={(event) => macros.send({ type: 'macro.form.change', title: event.target.value })}
              />
            </label>
            <label>
              {texts.macroContent}
              <textarea
                value={draft.content}
                maxLength={MESSAGE_MAX_LENGTH}
                rows={3}
                onChange={(event) => macros.send({ type: 'macro.form.change', content: event.target.value })}
              />
            </label>
            {formError && (
              <p className="game-chat__alert" role="alert">
                {formError}
              </p>
            )}
            <div className="game-chat__dialog-actions">
              <button type="button" className="secondary" onClick={close}>
                {texts.cancel}
              </button>
              <button type="submit" disabled={busy}>
                {texts.save}
              </button>
            </div>
          </form>
        ) : (
          <>
            <h3 id={titleId}>{texts.confirmDelete(draft.title)}</h3>
            {formError && (
              <p className="game-chat__alert" role="alert">
                {formError}
              </p>
            )}
            <div className="game-chat__dialog-actions">
              <button type="button" className="secondary" onClick={close}>
                {texts.cancel}
              </button>
              <button
                type="button"
                className="danger"
                disabled={busy}
                onClick={() => macros.send({ type: 'macro.delete.confirm' })}
              >
                {texts.delete}
              </button>
            </div>
          </>
        )}
      </section>
    </div>
  );
}

function MacrosBar({ macros, chat }: { macros: MacrosActor; chat: ChatActor }) {
  const list = useSelector(macros, (snapshot) => snapshot.context.macros);
  const expanded = useSelector(macros, (snapshot) => snapshot.context.expanded);
  const loadError = useSelector(macros, (snapshot) => snapshot.context.loadError);
  const shown = expanded ? list : list.slice(0, MACROS_SHOWN);
  return (
    <div className="game-chat__macros" aria-label={texts.macrosTitle} role="group">
      {loadError && <span className="game-chat__muted">{loadError}</span>}
      {!loadError && list.length === 0 && <span className="game-chat__muted">{texts.noMacros}</span>}
      {shown.map((macro) => (
        <span key={macro.id} className="game-chat__macro">
          <button
            type="button"
            className="game-chat__macro-send"
            title={macro.content}
            aria-label={texts.sendMacro(macro.title)}
            onClick={() => chat.send({ type: 'chat.say', text: macro.content })}
          >
            {macro.title}
          </button>
          <button
            type="button"
            className="game-chat__icon"
            aria-label={`${texts.edit} ${macro.title}`}
            onClick={() => macros.send({ type: 'macro.edit.open', id: macro.id })}
          >
            ✎
          </button>
          <button
            type="button"
            className="game-chat__icon"
            aria-label={`${texts.delete} ${macro.title}`}
            onClick={() => macros.send({ type: 'macro.delete.open', id: macro.id })}
          >
            ×
          </button>
        </span>
      ))}
      {list.length > MACROS_SHOWN && (
        <button
          type="button"
          className="game-chat__chip"
          onClick={() => macros.send({ type: 'macros.expand.toggle' })}
        >
          {expanded ? texts.fewerMacros : texts.moreMacros(list.length - MACROS_SHOWN)}
        </button>
      )}
      <button
        type="button"
        className="game-chat__chip"
        aria-label={texts.newMacro}
        title={texts.newMacro}
        onClick={() => macros.send({ type: 'macro.create.open' })}
      >
        +
      </button>
      <MacroDialog macros={macros} />
    </div>
  );
}

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
  const [menu, setMenu] = useState<'dice' | 'skills' | null>(null);
  const end = useRef<HTMLLIElement>(null);
  const inputId = useId();

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [entries.length, pending.length, collapsed]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
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
          <ol className="game-chat__lines" aria-live="polite">
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
                  <li className="game-chat__day" role="separator">
                    <span>{dayLabel(entry.createdAt)}</span>
                  </li>
                )}
                <ChatLine entry={entry} />
              </Fragment>
            ))}
            {pending.map((line) => (
              <li key={line.id} className="game-chat__line game-chat__line--pending">
                <DefaultAvatar kind={role === 'player' ? 'player' : 'master'} />
                <div className="game-chat__bubble">
                  <span className="game-chat__meta">{texts.pending}</span>
                  <span className="game-chat__text">{pendingText(line.content)}</span>
                </div>
              </li>
            ))}
            <li ref={end} aria-hidden="true" className="game-chat__end" />
          </ol>
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
          <MacrosBar macros={macros} chat={chat} />
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
              autoComplete="off"
              placeholder={texts.placeholder}
              value={draft}
              onChange={(event) => chat.send({ type: 'chat.draft.change', text: event.target.value })}
              onKeyDown={onKeyDown}
            />
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
