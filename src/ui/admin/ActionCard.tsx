import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { CharacterSummary } from '../../api/schemas/characters';
import type { GameResource, ResourceForm as ResourceFormBody } from '../../api/schemas/resources';
import { hasQuantity, isLinkable, type ResourceCategory } from '../../domain/resources/categories';
import type { CardPayload } from '../../effects/admin-resources';
import type { adminActionCardMachine, CardAction } from '../../machines/admin-action-card.machine';
import { lifecycleMoves } from '../../machines/resource-lifecycle.machine';
import { adminMessages } from './messages';
import { draftOf, emptyDraft } from './resource-fields';
import { ResourceForm } from './ResourceForm';
import { ResourceSummary } from './ResourceSummary';

export type CardActor = ActorRefFrom<typeof adminActionCardMachine>;

const text = adminMessages.card;

/** Sends one action of the card with what every action carries. */
export function submitter(card: CardActor, scope: Omit<CardPayload, 'form' | 'playerId' | 'quantity'>) {
  return (action: CardAction, extra: Partial<CardPayload> = {}) =>
    card.send({ type: 'action.submit', command: { action, payload: { ...scope, ...extra } } });
}

/** add-to-everyone quantity is parsed as an integer (platform.md §5). */
function QuantityForm({
  label,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
  children,
}: {
  label: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (quantity: number) => void;
  onCancel: () => void;
  children?: React.ReactNode;
}) {
  const id = useId();
  const [quantity, setQuantity] = useState('1');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = Number.parseInt(quantity, 10);
    onSubmit(Number.isNaN(parsed) ? 1 : parsed);
  };
  return (
    <form className="admin-form" aria-label={label} onSubmit={submit}>
      {children}
      <div className="admin-form__field">
        <label htmlFor={id}>{text.quantity}</label>
        <input
          id={id}
          type="number"
          min={1}
          step={1}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
        />
      </div>
      <div className="admin-form__buttons">
        <button type="submit" disabled={busy}>
          {busy ? text.sending : submitLabel}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {text.cancel}
        </button>
      </div>
    </form>
  );
}

function AssignForm({
  category,
  characters,
  busy,
  onSubmit,
  onCancel,
}: {
  category: ResourceCategory;
  characters: CharacterSummary[];
  busy: boolean;
  onSubmit: (playerId: string, quantity: number) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [playerId, setPlayerId] = useState('');
  if (characters.length === 0) {
    return (
      <div className="admin-form">
        <p>{text.noCharacters}</p>
        <button type="button" className="secondary" onClick={onCancel}>
          {text.cancel}
        </button>
      </div>
    );
  }
  const picker = (
    <div className="admin-form__field">
      <label htmlFor={id}>{text.player}</label>
      <select id={id} value={playerId} required onChange={(event) => setPlayerId(event.target.value)}>
        <option value="">{text.choosePlayer}</option>
        {characters.map((character) => (
          <option key={character.id} value={character.id}>
            {character.name}
          </option>
        ))}
      </select>
    </div>
  );
  const give = (quantity: number) => {
    if (playerId !== '') onSubmit(playerId, quantity);
  };
  if (hasQuantity(category)) {
    return (
      <QuantityForm
        label={text.assign}
        submitLabel={text.give}
        busy={busy}
        onSubmit={give}
        onCancel={onCancel}
      >
        {picker}
      </QuantityForm>
    );
  }
  return (
    <form
      className="admin-form"
      aria-label={text.assign}
      onSubmit={(event) => {
        event.preventDefault();
        give(1);
      }}
    >
      {picker}
      <div className="admin-form__buttons">
        <button type="submit" disabled={busy || playerId === ''}>
          {busy ? text.sending : text.give}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {text.cancel}
        </button>
      </div>
    </form>
  );
}

/**
 * The action card of table.md §2 for a resource of the game, or the creation form when nothing is
 * selected: every action the resource's category and lifecycle allow.
 */
export function ActionCard({
  card,
  gameId,
  category,
  resource,
  characters,
  memories,
}: {
  card: CardActor;
  gameId: string;
  category: ResourceCategory;
  resource: GameResource | null;
  characters: CharacterSummary[];
  /** The game's memories, for the forms that name one. */
  memories: GameResource[];
}) {
  const state = useSelector(card, (snapshot) => ({
    open: snapshot.matches('open') || snapshot.matches('submitting'),
    filling: snapshot.matches({ open: 'filling' }),
    busy: snapshot.matches('submitting'),
    action: snapshot.context.action,
  }));
  if (!state.open) return null;
  const submit = submitter(card, { gameId, category, targetId: resource?.id ?? null });
  const back = () => card.send({ type: 'action.back' });
  const close = () => card.send({ type: 'card.close' });
  const saveForm = (form: ResourceFormBody) => submit(resource === null ? 'create' : 'update', { form });

  if (resource === null) {
    return (
      <section className="action-card" aria-label={text.newTitle}>
        <header className="action-card__header">
          <h2>{text.newTitle}</h2>
        </header>
        <ResourceForm
          gameId={gameId}
          key={`new-${category}`}
          category={category}
          initial={emptyDraft(category)}
          memories={memories}
          busy={state.busy}
          onSubmit={saveForm}
          onCancel={close}
        />
      </section>
    );
  }

  const moves = lifecycleMoves({
    kind: 'resource',
    exportedToGlobal: resource.exportedToGlobal,
    importedFromGlobal: resource.importedFromGlobal,
  });
  const linkable = isLinkable(category);

  return (
    <section className="action-card" aria-label={`${text.title} : ${resource.name}`}>
      <header className="action-card__header">
        <h2>{resource.name}</h2>
        <button type="button" className="secondary" onClick={close}>
          {text.close}
        </button>
      </header>
      <p className="action-card__marks">
        {resource.exportedToGlobal && <span className="badge">{text.exported}</span>}
        {resource.importedFromGlobal && <span className="badge">{text.imported}</span>}
      </p>
      {!state.filling && <ResourceSummary category={category} resource={resource} memories={memories} />}
      {state.filling && state.action === 'update' && (
        <ResourceForm
          gameId={gameId}
          key={resource.id}
          category={category}
          initial={draftOf(category, resource)}
          memories={memories}
          busy={state.busy}
          onSubmit={saveForm}
          onCancel={back}
        />
      )}
      {state.filling && state.action === 'assign' && (
        <AssignForm
          category={category}
          characters={characters}
          busy={state.busy}
          onSubmit={(playerId, quantity) => submit('assign', { playerId, quantity })}
          onCancel={back}
        />
      )}
      {state.filling && state.action === 'addToAll' && (
        <QuantityForm
          label={text.addToAll}
          submitLabel={text.add}
          busy={state.busy}
          onSubmit={(quantity) => submit('addToAll', { quantity })}
          onCancel={back}
        />
      )}
      {!state.filling && (
        <>
          <div className="action-card__actions">
            <button
              type="button"
              disabled={state.busy}
              onClick={() => card.send({ type: 'action.choose', action: 'update' })}
            >
              {text.update}
            </button>
            {linkable && (
              <button
                type="button"
                disabled={state.busy}
                onClick={() => card.send({ type: 'action.choose', action: 'assign' })}
              >
                {text.assign}
              </button>
            )}
            {linkable && (
              <button
                type="button"
                disabled={state.busy}
                onClick={() => card.send({ type: 'action.choose', action: 'addToAll' })}
              >
                {text.addToAll}
              </button>
            )}
            {moves.has('resource.exported') && (
              <button type="button" disabled={state.busy} onClick={() => submit('export')}>
                {text.export}
              </button>
            )}
            {moves.has('import.removed') && (
              <button type="button" disabled={state.busy} onClick={() => submit('removeImport')}>
                {text.removeImport}
              </button>
            )}
            {moves.has('resource.deleted') && (
              <button type="button" className="danger" disabled={state.busy} onClick={() => submit('delete')}>
                {text.delete}
              </button>
            )}
          </div>
          {linkable && (
            <section className="action-card__holders" aria-label={text.holders}>
              <h3>{text.holders}</h3>
              {(resource.holders ?? []).length === 0 ? (
                <p>{text.noHolders}</p>
              ) : (
                <ul>
                  {(resource.holders ?? []).map((holder) => (
                    <li key={holder.linkId}>
                      <span>
                        {holder.characterName}
                        {hasQuantity(category) && ` × ${holder.quantity}`}
                      </span>
                      <button
                        type="button"
                        className="secondary"
                        disabled={state.busy}
                        aria-label={`${text.unassign} ${holder.characterName}`}
                        onClick={() => submit('unassign', { playerId: holder.characterId })}
                      >
                        {text.unassign}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
        </>
      )}
    </section>
  );
}
