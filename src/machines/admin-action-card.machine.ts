import { assign, setup } from 'xstate';
import { unprovidedPromise } from './unprovided';

export const cardActions = [
  'create',
  'update',
  'delete',
  'assign',
  'unassign',
  'addToAll',
  'export',
  'import',
  'removeImport',
  'removeFromStore',
] as const;
export type CardAction = (typeof cardActions)[number];

/** Actions that need a form before they are sent. */
export const formActions: readonly CardAction[] = ['create', 'update', 'assign', 'addToAll'];

/** What the card acts on: a resource of the game, an entry of the store, or nothing yet (creating). */
export type CardTarget = { kind: 'resource'; id: string } | { kind: 'entry'; id: string } | null;

/** One submitted action; the payload was checked by the form with the shared zod schema. */
export interface CardCommand {
  action: CardAction;
  payload?: unknown;
}

export type ActionCardEvent =
  | { type: 'card.open'; target: CardTarget }
  | { type: 'card.close' }
  | { type: 'action.choose'; action: CardAction }
  | { type: 'action.back' }
  | { type: 'action.submit'; command: CardCommand }
  | { type: 'notice.dismiss' }
  /** The page shows another category: what the card said was about the one left behind. */
  | { type: 'category.choose' };

export interface ActionCardContext {
  target: CardTarget;
  /** The action whose form is open. */
  action: CardAction | null;
  /** The last success text. */
  notice: string | null;
  /** The last failure text shown (some failures are only logged, table.md §8). */
  error: string | null;
}

/**
 * The admin action card (table.md §4): pick an action for the selected resource — or create one —
 * fill its form when it has one, send it, and then the REST cache is cleared and the lists
 * reloaded, whatever happened, so the screen always shows what the server holds. After a create,
 * a delete, an import or a removal the target no longer stands as it was, so the card closes.
 * Choosing another category closes it too and clears its last word, which spoke of the other list.
 */
export const adminActionCardMachine = setup({
  types: {
    context: {} as ActionCardContext,
    events: {} as ActionCardEvent,
  },
  actors: {
    /** Runs the command; answers the success text, rejects with the text to show (or null when only logged). */
    perform: unprovidedPromise<CardDone, CardCommand>('perform'),
  },
  actions: {
    'open on target': assign({
      target: ({ event }) => (event.type === 'card.open' ? event.target : null),
      action: ({ event }) => (event.type === 'card.open' && event.target === null ? 'create' : null),
      error: null,
    }),
    'open form': assign({
      action: ({ event }) => (event.type === 'action.choose' ? event.action : null),
      error: null,
    }),
    'close form': assign({ action: null }),
    'forget target': assign({ target: null, action: null, error: null }),
    'show notice': assign({ notice: (_, { text }: { text: string }) => text, error: null }),
    'show error': assign({ error: (_, { text }: { text: string | null }) => text, notice: null }),
    'dismiss notice': assign({ notice: null }),
    'clear feedback': assign({ notice: null, error: null }),
    /** Provided: clears the GET cache and reloads the lists. */
    'refresh lists': () => {},
  },
  guards: {
    'opens on nothing': ({ event }) => event.type === 'card.open' && event.target === null,
    'action has a form': ({ event }) => event.type === 'action.choose' && formActions.includes(event.action),
    'target is changed for good': (_, { action }: { action: CardAction }) =>
      ['create', 'delete', 'import', 'removeImport', 'removeFromStore'].includes(action),
  },
}).createMachine({
  id: 'adminActionCard',
  context: { target: null, action: null, notice: null, error: null },
  on: { 'notice.dismiss': { actions: 'dismiss notice' } },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'category.choose': { actions: 'clear feedback' },
        'card.open': [
          { guard: 'opens on nothing', target: 'open.filling', actions: 'open on target' },
          { target: 'open.choosing', actions: 'open on target' },
        ],
      },
    },
    open: {
      on: {
        'card.close': { target: 'closed', actions: 'forget target' },
        'category.choose': { target: 'closed', actions: ['forget target', 'clear feedback'] },
        'card.open': [
          { guard: 'opens on nothing', target: '.filling', actions: 'open on target' },
          { target: '.choosing', actions: 'open on target' },
        ],
      },
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            'action.choose': { guard: 'action has a form', target: 'filling', actions: 'open form' },
            'action.submit': { target: '#adminActionCard.submitting' },
          },
        },
        filling: {
          on: {
            'action.back': { target: 'choosing', actions: 'close form' },
            'action.submit': { target: '#adminActionCard.submitting' },
          },
        },
        /** Where the card comes back after a submit that failed or left the target standing. */
        hist: { type: 'history' },
      },
    },
    submitting: {
      invoke: {
        id: 'perform',
        src: 'perform',
        input: ({ event }) => (event as Extract<ActionCardEvent, { type: 'action.submit' }>).command,
        onDone: [
          {
            guard: {
              type: 'target is changed for good',
              params: ({ event }) => ({ action: (event.output as CardDone).action }),
            },
            target: 'closed',
            actions: [
              { type: 'show notice', params: ({ event }) => ({ text: (event.output as CardDone).notice }) },
              'forget target',
              'refresh lists',
            ],
          },
          {
            target: 'open.choosing',
            actions: [
              { type: 'show notice', params: ({ event }) => ({ text: (event.output as CardDone).notice }) },
              'close form',
              'refresh lists',
            ],
          },
        ],
        onError: {
          target: 'open.hist',
          actions: [
            { type: 'show error', params: ({ event }) => ({ text: shownFailure(event.error) }) },
            'refresh lists',
          ],
        },
      },
    },
  },
});

/** What `perform` answers on success. */
export interface CardDone {
  action: CardAction;
  notice: string;
}

/** `perform` rejects with this: the text to show, or null when the spec only logs it. */
export class CardFailure extends Error {
  override readonly name = 'CardFailure';
  constructor(readonly shown: string | null) {
    super(shown ?? 'failure only logged');
  }
}

function shownFailure(error: unknown): string | null {
  return error instanceof CardFailure ? error.shown : null;
}

/**
 * table.md §8 "Admin" and platform.md §8: what a failed action shows, the server's text in place
 * of {message}. Assign, unassign and delete failures are only logged.
 */
export const cardFailureTexts: Record<CardAction, ((message: string) => string) | null> = {
  create: (message) => `Erreur lors de la création/modification : ${message}`,
  update: (message) => `Erreur lors de la création/modification : ${message}`,
  import: (message) => `Erreur lors de l'import : ${message}`,
  removeImport: (message) => `Erreur lors de la suppression de l'import : ${message}`,
  removeFromStore: (message) => `Erreur lors de la suppression du store : ${message}`,
  export: (message) => `Erreur lors de l'export : ${message}`,
  addToAll: (message) => `Erreur lors de l'ajout à tous les joueurs : ${message}`,
  assign: null,
  unassign: null,
  delete: null,
};
