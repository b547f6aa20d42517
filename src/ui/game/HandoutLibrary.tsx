import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { handoutLibraryLogic } from '../../effects/handouts';
import { useAppActors } from '../app/AppActorsContext';
import { Dialog } from '../components/Dialog';
import { Notice } from '../components/Notice';
import { handoutMessages } from './messages';
import './handouts.css';

/**
 * The MJ's handouts (decision 0029): a « Documents » button in the table's toolbar opening the
 * game's library, where a handout is written or brought as a picture, shown to every player or to
 * those ticked, taken back and deleted.
 */
export function HandoutLibrary({ gameId }: { gameId: string }) {
  const { inspect } = useAppActors();
  const library = useActorRef(handoutLibraryLogic, { input: { gameId }, inspect });
  const open = useSelector(library, (snapshot) => snapshot.matches({ panel: 'open' }));
  const context = useSelector(library, (snapshot) => snapshot.context);
  const state = useSelector(library, (snapshot) => snapshot.value.library);
  const busy = state !== 'ready';
  const formId = useId();
  const names = new Map(context.players.map((player) => [player.userId, player.displayName]));
  const choosing =
    context.audience && context.handouts.find((handout) => handout.id === context.audience?.id);

  return (
    <>
      <button
        type="button"
        className="secondary"
        aria-pressed={open}
        onClick={() => library.send({ type: 'panel.toggle' })}
      >
        {handoutMessages.documents}
      </button>
      {open && (
        <Dialog
          title={handoutMessages.library}
          closeLabel={handoutMessages.close}
          onClose={() => library.send({ type: 'panel.close' })}
          size="wide"
        >
          {context.error && <Notice tone="error">{context.error}</Notice>}
          {state === 'failed' && (
            <button
              type="button"
              className="secondary"
              onClick={() => library.send({ type: 'library.retry' })}
            >
              {handoutMessages.retry}
            </button>
          )}
          <form
            className="handouts__form"
            aria-labelledby={`${formId}-title`}
            onSubmit={(event) => {
              event.preventDefault();
              library.send({ type: 'draft.submit' });
            }}
          >
            <h3 id={`${formId}-title`}>{handoutMessages.newHandout}</h3>
            <label>
              {handoutMessages.title}
              <input
                value={context.draft.title}
                maxLength={120}
                onChange={(event) => library.send({ type: 'draft.change', title: event.target.value })}
              />
            </label>
            <fieldset className="handouts__kinds">
              <legend>{handoutMessages.kind}</legend>
              {(['text', 'picture'] as const).map((kind) => (
                <label key={kind}>
                  <input
                    type="radio"
                    name={`${formId}-kind`}
                    checked={context.draft.kind === kind}
                    onChange={() => library.send({ type: 'draft.change', kind })}
                  />
                  {kind === 'text' ? handoutMessages.kindText : handoutMessages.kindPicture}
                </label>
              ))}
            </fieldset>
            {context.draft.kind === 'text' ? (
              <div className="handouts__field">
                <label htmlFor={`${formId}-text`}>{handoutMessages.text}</label>
                <textarea
                  id={`${formId}-text`}
                  rows={6}
                  value={context.draft.text}
                  aria-describedby={`${formId}-hint`}
                  onChange={(event) => library.send({ type: 'draft.change', text: event.target.value })}
                />
                <small id={`${formId}-hint`}>{handoutMessages.textHint}</small>
              </div>
            ) : (
              <label>
                {handoutMessages.pictureFile}
                <input
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  onChange={(event) =>
                    library.send({ type: 'draft.change', picture: event.target.files?.[0] ?? null })
                  }
                />
              </label>
            )}
            {context.progress !== null && (
              <progress
                max={100}
                value={context.progress}
                aria-label={handoutMessages.uploading(context.progress)}
              >
                {handoutMessages.uploading(context.progress)}
              </progress>
            )}
            <button type="submit" disabled={busy}>
              {typeof state === 'object' ? handoutMessages.saving : handoutMessages.create}
            </button>
          </form>
          {context.handouts.length === 0 ? (
            <p className="handouts__empty">{handoutMessages.emptyLibrary}</p>
          ) : (
            <ul className="handouts__list" aria-label={handoutMessages.library}>
              {context.handouts.map((handout) => (
                <li key={handout.id} className="handouts__item">
                  <span className="handouts__title">{handout.title}</span>
                  <span className="handouts__meta">
                    {handout.fileId === null ? handoutMessages.letter : handoutMessages.picture} ·{' '}
                    {handoutMessages.shownTo(
                      handout.recipients.map((recipient) => names.get(recipient.userId) ?? recipient.userId),
                    )}
                  </span>
                  <span className="handouts__actions">
                    <button
                      type="button"
                      className="secondary"
                      disabled={busy || context.players.length === 0}
                      onClick={() => library.send({ type: 'audience.open', id: handout.id })}
                    >
                      {handoutMessages.show}
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      disabled={busy || handout.recipients.length === 0}
                      onClick={() => library.send({ type: 'handout.takeBack', id: handout.id })}
                    >
                      {handoutMessages.takeBack}
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      disabled={busy}
                      onClick={() => library.send({ type: 'handout.delete', id: handout.id })}
                    >
                      {handoutMessages.delete}
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {context.players.length === 0 && state === 'ready' && (
            <p className="handouts__empty">{handoutMessages.noPlayers}</p>
          )}
        </Dialog>
      )}
      {open && choosing && context.audience && (
        <Dialog
          title={handoutMessages.showTo(choosing.title)}
          closeLabel={handoutMessages.cancel}
          onClose={() => library.send({ type: 'audience.cancel' })}
          size="small"
        >
          <form
            className="handouts__audience"
            onSubmit={(event) => {
              event.preventDefault();
              library.send({ type: 'audience.submit' });
            }}
          >
            {context.error && <Notice tone="error">{context.error}</Notice>}
            {context.players.map((player) => (
              <label key={player.userId}>
                <input
                  type="checkbox"
                  checked={context.audience?.userIds.includes(player.userId) ?? false}
                  onChange={() => library.send({ type: 'audience.toggle', userId: player.userId })}
                />
                {player.displayName}
              </label>
            ))}
            <span className="handouts__actions">
              <button type="submit" disabled={busy}>
                {handoutMessages.confirmShow}
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => library.send({ type: 'audience.cancel' })}
              >
                {handoutMessages.cancel}
              </button>
            </span>
          </form>
        </Dialog>
      )}
    </>
  );
}
