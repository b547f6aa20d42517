import { assign, setup } from 'xstate';
import type { Macro } from '../api/schemas/macros';
import { macroDraftRefusal } from '../domain/macros';
import { failureText } from './failure-text';
import { unprovidedPromise } from './unprovided';

/** The macros bar's texts of failure (table.md §8 "Game screen": failures are only logged in the original). */
export const macrosFailures = {
  load: 'Impossible de charger les macros',
  save: "Erreur lors de l'enregistrement de la macro",
  delete: 'Erreur lors de la suppression de la macro',
} as const;

/** The bar shows this many macros unless expanded (table.md §2 "Game screen"). */
export const MACROS_SHOWN = 3;

export interface MacroDraft {
  title: string;
  content: string;
}

export type MacrosEvent =
  | { type: 'macros.expand.toggle' }
  | { type: 'macros.reload' }
  | { type: 'macro.create.open' }
  | { type: 'macro.edit.open'; id: string }
  | { type: 'macro.delete.open'; id: string }
  | { type: 'macro.form.change'; title?: string; content?: string }
  | { type: 'macro.form.submit' }
  | { type: 'macro.delete.confirm' }
  | { type: 'macro.dialog.close' };

export interface MacrosContext {
  userId: string;
  macros: Macro[];
  expanded: boolean;
  /** The macro being edited or deleted; null while creating. */
  targetId: string | null;
  draft: MacroDraft;
  /** Shown in the open dialog: a validation or a server refusal. */
  formError: string | null;
  loadError: string | null;
}

export interface SaveMacroInput {
  id: string | null;
  draft: MacroDraft;
}

/**
 * The user's macros under the chat (table.md §2, §3 "Macro", §7): loads them, shows three unless
 * expanded, and runs the create / edit / delete dialogs — a dialog stays open with its error until
 * the save or the deletion succeeds. Sending a macro is the chat's business.
 */
export const macrosMachine = setup({
  types: {
    context: {} as MacrosContext,
    events: {} as MacrosEvent,
    input: {} as { userId: string },
  },
  actors: {
    'load macros': unprovidedPromise<Macro[], { userId: string }>('load macros'),
    /** Creates (id null) or updates; resolves with the stored macro. */
    'save macro': unprovidedPromise<Macro, SaveMacroInput & { userId: string }>('save macro'),
    'delete macro': unprovidedPromise<void, { id: string }>('delete macro'),
  },
  actions: {
    'show macros': assign({ macros: (_, macros: Macro[]) => macros, loadError: null }),
    'show load failure': assign({
      loadError: (_, { error }: { error: unknown }) => failureText(error, macrosFailures.load),
    }),
    'toggle expanded': assign({ expanded: ({ context }) => !context.expanded }),
    'open blank form': assign({ targetId: null, draft: { title: '', content: '' }, formError: null }),
    'open macro': assign(({ context, event }) => {
      const id = event.type === 'macro.edit.open' || event.type === 'macro.delete.open' ? event.id : null;
      const macro = context.macros.find((candidate) => candidate.id === id);
      return {
        targetId: macro?.id ?? null,
        draft: { title: macro?.title ?? '', content: macro?.content ?? '' },
        formError: null,
      };
    }),
    'change draft': assign({
      draft: ({ context, event }) =>
        event.type === 'macro.form.change'
          ? {
              title: event.title ?? context.draft.title,
              content: event.content ?? context.draft.content,
            }
          : context.draft,
    }),
    'show draft refusal': assign({ formError: ({ context }) => macroDraftRefusal(context.draft) }),
    'show failure': assign({
      formError: (_, { error, fallback }: { error: unknown; fallback: string }) =>
        failureText(error, fallback),
    }),
    'keep saved macro': assign({
      macros: ({ context }, saved: Macro) =>
        context.macros.some((macro) => macro.id === saved.id)
          ? context.macros.map((macro) => (macro.id === saved.id ? saved : macro))
          : [...context.macros, saved],
    }),
    'forget deleted macro': assign({
      macros: ({ context }) => context.macros.filter((macro) => macro.id !== context.targetId),
    }),
    'close dialog': assign({ targetId: null, formError: null }),
  },
  guards: {
    'draft is incomplete': ({ context }) => macroDraftRefusal(context.draft) !== null,
    'macro exists': ({ context, event }) =>
      (event.type === 'macro.edit.open' || event.type === 'macro.delete.open') &&
      context.macros.some((macro) => macro.id === event.id),
  },
}).createMachine({
  id: 'macros',
  context: ({ input }) => ({
    userId: input.userId,
    macros: [],
    expanded: false,
    targetId: null,
    draft: { title: '', content: '' },
    formError: null,
    loadError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'load macros',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: { type: 'show macros', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'show load failure', params: ({ event }) => event } },
      },
    },
    failed: { on: { 'macros.reload': 'loading' } },
    ready: {
      on: { 'macros.expand.toggle': { actions: 'toggle expanded' } },
      initial: 'browsing',
      states: {
        browsing: {
          on: {
            'macro.create.open': { target: 'editing', actions: 'open blank form' },
            'macro.edit.open': { guard: 'macro exists', target: 'editing', actions: 'open macro' },
            'macro.delete.open': {
              guard: 'macro exists',
              target: 'confirmingDeletion',
              actions: 'open macro',
            },
          },
        },
        editing: {
          tags: ['editing'],
          on: {
            'macro.form.change': { actions: 'change draft' },
            'macro.form.submit': [
              { guard: 'draft is incomplete', actions: 'show draft refusal' },
              { target: 'saving' },
            ],
            'macro.dialog.close': { target: 'browsing', actions: 'close dialog' },
          },
        },
        saving: {
          tags: ['busy', 'editing'],
          invoke: {
            src: 'save macro',
            input: ({ context }) => ({ id: context.targetId, draft: context.draft, userId: context.userId }),
            onDone: {
              target: 'browsing',
              actions: [{ type: 'keep saved macro', params: ({ event }) => event.output }, 'close dialog'],
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'show failure',
                params: ({ event }) => ({ error: event.error, fallback: macrosFailures.save }),
              },
            },
          },
        },
        confirmingDeletion: {
          tags: ['deleting'],
          on: {
            'macro.delete.confirm': 'deleting',
            'macro.dialog.close': { target: 'browsing', actions: 'close dialog' },
          },
        },
        deleting: {
          tags: ['busy', 'deleting'],
          invoke: {
            src: 'delete macro',
            input: ({ context }) => ({ id: context.targetId ?? '' }),
            onDone: { target: 'browsing', actions: ['forget deleted macro', 'close dialog'] },
            onError: {
              target: 'confirmingDeletion',
              actions: {
                type: 'show failure',
                params: ({ event }) => ({ error: event.error, fallback: macrosFailures.delete }),
              },
            },
          },
        },
      },
    },
  },
});
