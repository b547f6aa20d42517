import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { MESSAGE_MAX_LENGTH } from '../../domain/table/messages';
import { MACROS_SHOWN } from '../../machines/macros.machine';
import type { ChatActor, MacrosActor } from './chat-actors';
import { gameChatTexts as texts } from './messages';
import { Dialog } from '../components/Dialog';
import { Notice } from '../components/Notice';
import { useScrollEdges } from '../components/use-scroll-edges';

/** The dialog's refusal, if any, then Annuler beside its own action. */
function DialogFooter({
  error,
  onCancel,
  children,
}: {
  error: string | null;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <>
      {error && <Notice tone="error">{error}</Notice>}
      <div className="dialog__actions">
        <button type="button" className="secondary" onClick={onCancel}>
          {texts.cancel}
        </button>
        {children}
      </div>
    </>
  );
}

function MacroDialog({ macros }: { macros: MacrosActor }) {
  const editing = useSelector(macros, (snapshot) => snapshot.hasTag('editing'));
  const deleting = useSelector(macros, (snapshot) => snapshot.hasTag('deleting'));
  const busy = useSelector(macros, (snapshot) => snapshot.hasTag('busy'));
  const { draft, formError, targetId } = useSelector(macros, (snapshot) => snapshot.context);
  if (!editing && !deleting) return null;
  const close = () => macros.send({ type: 'macro.dialog.close' });
  const title = editing
    ? targetId === null
      ? texts.newMacro
      : texts.editMacro
    : texts.confirmDelete(draft.title);
  return (
    <Dialog title={title} closeLabel={texts.close} onClose={close} size="small">
      {editing ? (
        <form
          className="game-chat__macro-form"
          onSubmit={(event) => {
            event.preventDefault();
            macros.send({ type: 'macro.form.submit' });
          }}
        >
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
          <DialogFooter error={formError} onCancel={close}>
            <button type="submit" disabled={busy}>
              {texts.save}
            </button>
          </DialogFooter>
        </form>
      ) : (
        <DialogFooter error={formError} onCancel={close}>
          <button
            type="button"
            className="danger"
            disabled={busy}
            onClick={() => macros.send({ type: 'macro.delete.confirm' })}
          >
            {texts.delete}
          </button>
        </DialogFooter>
      )}
    </Dialog>
  );
}

/**
 * The macros, one row that scrolls sideways. When it hides some, the hidden side fades out and
 * arrows on either end bring the rest into view; they stay while the row overflows, inert at the
 * end they reached, so keyboard focus is never dropped under one's feet.
 */
export function MacrosBar({ macros, chat }: { macros: MacrosActor; chat: ChatActor }) {
  const list = useSelector(macros, (snapshot) => snapshot.context.macros);
  const expanded = useSelector(macros, (snapshot) => snapshot.context.expanded);
  const loadError = useSelector(macros, (snapshot) => snapshot.context.loadError);
  const shown = expanded ? list : list.slice(0, MACROS_SHOWN);
  const { ref, edges, scroll } = useScrollEdges<HTMLDivElement>();
  const overflows = edges.before || edges.after;
  const arrow = (direction: -1 | 1) => {
    const more = direction < 0 ? edges.before : edges.after;
    return (
      <button
        type="button"
        className={`game-chat__scroll game-chat__scroll--${direction < 0 ? 'before' : 'after'}`}
        aria-label={direction < 0 ? texts.previousMacros : texts.nextMacros}
        aria-disabled={!more}
        onClick={() => more && scroll(direction)}
      >
        {direction < 0 ? '‹' : '›'}
      </button>
    );
  };
  return (
    <div className="game-chat__macros-frame">
      {overflows && arrow(-1)}
      <div
        ref={ref}
        className={[
          'game-chat__macros',
          edges.before ? 'game-chat__macros--more-before' : '',
          edges.after ? 'game-chat__macros--more-after' : '',
        ]
          .filter(Boolean)
          .join(' ')}
        aria-label={texts.macrosTitle}
        role="group"
      >
        {loadError && <span className="game-chat__muted">{loadError}</span>}
        {!loadError && list.length === 0 && <span className="game-chat__muted">{texts.noMacros}</span>}
        {shown.map((macro) => (
          <span key={macro.id} className="game-chat__macro">
            <button
              type="button"
              className="game-chat__macro-send"
              title={macro.content}
              aria-label={texts.sendMacro(macro.title)}
              onClick={() => chat.send({ type: 'chat.say', text: macro.content, label: macro.title })}
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
      </div>
      {overflows && arrow(1)}
      <MacroDialog macros={macros} />
    </div>
  );
}
