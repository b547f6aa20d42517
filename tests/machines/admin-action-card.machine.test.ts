import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import {
  adminActionCardMachine,
  CardFailure,
  type CardCommand,
  type CardDone,
} from '../../src/machines/admin-action-card.machine';
import { each, everyTransition, inSameState, testEveryPath } from '../helpers/every-path';
import { answerLatest, pendingCalls, sendTo } from '../helpers/fake-effects';
import { settle, visitedStates, type Pending } from '../helpers/machine-model';

const rune = { kind: 'resource', id: 'r-1' } as const;

const userEvents: AnyEventObject[] = [
  { type: 'card.open', target: null },
  { type: 'card.open', target: rune },
  { type: 'card.close' },
  { type: 'action.choose', action: 'assign' },
  { type: 'action.choose', action: 'export' },
  { type: 'action.back' },
  { type: 'action.submit', command: { action: 'export' } },
  { type: 'action.submit', command: { action: 'assign', payload: { playerId: 'c-1', quantity: 1 } } },
  { type: 'notice.dismiss' },
  { type: 'category.choose' },
];
/** The outcomes of the action being sent, offered only while one is. */
const outcomes: AnyEventObject[] = [
  { type: 'xstate.done.actor.perform', output: { action: 'export', notice: 'Exportée' } },
  { type: 'xstate.done.actor.perform', output: { action: 'delete', notice: 'Supprimée' } },
  { type: 'xstate.error.actor.perform', error: new CardFailure("Erreur lors de l'export : refusé") },
  { type: 'xstate.error.actor.perform', error: new CardFailure(null) },
];

function startCard() {
  const calls: Array<Pending<CardDone>> = [];
  let refreshes = 0;
  const actor = createActor(
    adminActionCardMachine.provide({
      actors: {
        perform: pendingCalls<CardDone, CardCommand>(calls),
      },
      actions: {
        'refresh lists': () => {
          refreshes += 1;
        },
      },
    }),
  ).start();
  return { actor, calls, refreshes: () => refreshes };
}

describe('admin action card: every transition', () => {
  const paths = everyTransition(adminActionCardMachine, (snapshot) =>
    snapshot.matches('submitting') ? outcomes : userEvents,
  );

  testEveryPath(paths, () => {
    const card = startCard();
    let answered = 0;
    const answer = answerLatest(card.calls);
    return {
      events: {
        ...each(
          userEvents.map((event) => event.type),
          sendTo(card.actor),
        ),
        ...each(
          outcomes.map((event) => event.type),
          (step) => {
            answered += 1;
            return answer(step);
          },
        ),
      },
      states: {
        ...inSameState(card.actor, {
          // Every answered action, success or failure, cleared the cache and reloaded the lists.
          '*': () => expect(card.refreshes()).toBe(answered),
        }),
        submitting: () => {
          expect(card.calls.at(-1)?.input).toEqual(expect.objectContaining({ action: expect.any(String) }));
        },
        closed: () => expect(card.actor.getSnapshot().context.target).toBeNull(),
      },
    };
  });

  it('reaches every state', () => {
    expect(visitedStates(paths)).toEqual(['closed', 'open', 'open.choosing', 'open.filling', 'submitting']);
  });
});

describe('admin action card', () => {
  it('opens the creation form when there is nothing selected', () => {
    const card = startCard();
    card.actor.send({ type: 'card.open', target: null });
    expect(card.actor.getSnapshot().matches({ open: 'filling' })).toBe(true);
    expect(card.actor.getSnapshot().context.action).toBe('create');
  });

  it('returns to the form it came from when the action fails, with the text to show', async () => {
    const card = startCard();
    card.actor.send({ type: 'card.open', target: rune });
    card.actor.send({ type: 'action.choose', action: 'addToAll' });
    card.actor.send({ type: 'action.submit', command: { action: 'addToAll', payload: { quantity: 2 } } });
    card.calls[0]!.reject(new CardFailure('Erreur lors de l’ajout'));
    await settle();
    expect(card.actor.getSnapshot().matches({ open: 'filling' })).toBe(true);
    expect(card.actor.getSnapshot().context).toMatchObject({
      action: 'addToAll',
      error: 'Erreur lors de l’ajout',
    });
    expect(card.refreshes()).toBe(1);
  });

  it('keeps the card on a resource still standing, and closes it on one that is gone', async () => {
    const card = startCard();
    card.actor.send({ type: 'card.open', target: rune });
    card.actor.send({ type: 'action.submit', command: { action: 'export' } });
    card.calls[0]!.resolve({
      action: 'export',
      notice: 'Ressource exportée vers le store global avec succès !',
    });
    await settle();
    expect(card.actor.getSnapshot().matches({ open: 'choosing' })).toBe(true);
    expect(card.actor.getSnapshot().context.notice).toBe(
      'Ressource exportée vers le store global avec succès !',
    );
    card.actor.send({ type: 'action.submit', command: { action: 'delete' } });
    card.calls[1]!.resolve({ action: 'delete', notice: 'Ressource supprimée avec succès !' });
    await settle();
    expect(card.actor.getSnapshot().value).toBe('closed');
    expect(card.refreshes()).toBe(2);
  });

  it('forgets its last word when another category is chosen, card open or not', async () => {
    const card = startCard();
    card.actor.send({ type: 'card.open', target: null });
    card.actor.send({ type: 'action.submit', command: { action: 'create' } });
    card.calls[0]!.resolve({ action: 'create', notice: 'Ressource enregistrée avec succès !' });
    await settle();
    expect(card.actor.getSnapshot().context.notice).toBe('Ressource enregistrée avec succès !');
    card.actor.send({ type: 'category.choose' });
    expect(card.actor.getSnapshot().context).toMatchObject({ notice: null, error: null });

    card.actor.send({ type: 'card.open', target: rune });
    card.actor.send({ type: 'action.submit', command: { action: 'export' } });
    card.calls[1]!.reject(new CardFailure("Erreur lors de l'export : refusé"));
    await settle();
    expect(card.actor.getSnapshot().context.error).toBe("Erreur lors de l'export : refusé");
    card.actor.send({ type: 'category.choose' });
    expect(card.actor.getSnapshot().value).toBe('closed');
    expect(card.actor.getSnapshot().context).toMatchObject({ target: null, notice: null, error: null });
  });
});
