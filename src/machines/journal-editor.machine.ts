import { assign, setup } from 'xstate';
import type { JournalPage, JournalSaveAnswer } from '../api/schemas/journal';
import { mergeText } from '../domain/journal/merge';
import { failureText } from './failure-text';
import type { JournalPagesFact } from './journal-pages.machine';
import { unprovidedEvents, unprovidedPromise } from './unprovided';

export const journalEditorFailures = {
  load: 'Impossible d’ouvrir cette page.',
  save: 'La page n’a pas pu être enregistrée\u00a0: votre texte est gardé dans ce navigateur.',
} as const;

/** What the editor holds of a page: a title and a text. */
export interface JournalText {
  title: string;
  body: string;
}

/** The version a draft was based on, as the server needs it to merge a late save. */
export interface JournalBase extends JournalText {
  version: number;
}

/** A draft kept in the browser until the server has it, so a reload or a failure loses nothing. */
export interface StoredJournalDraft {
  base: JournalBase;
  draft: JournalText;
}

export interface SaveJournalInput extends JournalText {
  pageId: string;
  base: JournalBase;
}

export type JournalEditorEvent =
  | JournalPagesFact
  | { type: 'journal.edit'; title?: string; body?: string }
  | { type: 'journal.flush' }
  | { type: 'journal.view.toggle' }
  | { type: 'journal.notice.dismiss' }
  | { type: 'journal.reload' };

export interface JournalEditorContext {
  pageId: string;
  isMaster: boolean;
  /** The page as the server last gave it. */
  page: JournalPage | null;
  /** What the draft was based on: sent with each save. */
  base: JournalBase;
  draft: JournalText;
  /** What the save under way sent. */
  sent: JournalText | null;
  view: 'edit' | 'read';
  /** What the server said of a merge, until dismissed. */
  notice: string | null;
  error: string | null;
}

const textOf = ({ title, body }: JournalText): JournalText => ({ title, body });
const baseOf = (page: JournalPage): JournalBase => ({
  version: page.version,
  title: page.title,
  body: page.body,
});
const sameText = (a: JournalText, b: JournalText) => a.title === b.title && a.body === b.body;

interface LoadedPage {
  page: JournalPage;
  stored: StoredJournalDraft | null;
}

/** A draft this browser kept of the page that the server does not have yet, if any. */
function recalledDraft({ page, stored }: LoadedPage): StoredJournalDraft | null {
  if (stored === null || stored.base.version > page.version) return null;
  return sameText(stored.draft, stored.base) ? null : stored;
}

/** Names in the markers of a clash between the stored page and what was typed while it saved. */
const localLabels = { ours: 'la page enregistrée', theirs: 'votre saisie' };

/**
 * One journal page being read and written (decision 0030): saved as one types, after a short pause
 * or at once when the field is left, each save naming the version it was based on so the server
 * can merge it with another that landed in between. The draft is kept in the browser until the
 * server has it, and found again on opening. What was typed while a save was under way is merged
 * over the page the server answers, so nothing typed is lost either.
 */
export const journalEditorMachine = setup({
  types: {
    context: {} as JournalEditorContext,
    events: {} as JournalEditorEvent,
    input: {} as { pageId: string; isMaster: boolean },
  },
  actors: {
    'load page': unprovidedPromise<LoadedPage, { pageId: string }>('load page'),
    'save page': unprovidedPromise<JournalSaveAnswer, SaveJournalInput>('save page'),
    'journal facts': unprovidedEvents<JournalPagesFact, { pageId: string }>('journal facts'),
  },
  actions: {
    /** Effects: keep the context's draft and base in the browser, or drop them once saved. */
    'remember draft': () => {},
    'forget draft': () => {},
    'show page': assign((_, loaded: LoadedPage) => {
      const { page } = loaded;
      const recalled = recalledDraft(loaded);
      return {
        page,
        base: recalled?.base ?? baseOf(page),
        draft: recalled ? textOf(recalled.draft) : textOf(page),
        error: null,
      };
    }),
    'show load failure': assign({
      error: (_, { error }: { error: unknown }) => failureText(error, journalEditorFailures.load),
    }),
    'change draft': assign({
      draft: ({ context, event }) =>
        event.type === 'journal.edit'
          ? { title: event.title ?? context.draft.title, body: event.body ?? context.draft.body }
          : context.draft,
    }),
    'take sharing': assign({
      page: ({ context }, { shared, playersMayWrite }: JournalPage) =>
        context.page && { ...context.page, shared, playersMayWrite },
    }),
    'adopt page': assign((_, page: JournalPage) => ({ page, base: baseOf(page), draft: textOf(page) })),
    'note sent': assign({ sent: ({ context }) => context.draft }),
    'take answer': assign(({ context }, answer: JournalSaveAnswer) => {
      const sent = context.sent ?? context.draft;
      const typedSince = !sameText(sent, context.draft);
      const body = typedSince
        ? mergeText(sent.body, answer.page.body, context.draft.body, localLabels).text
        : answer.page.body;
      const title = context.draft.title === sent.title ? answer.page.title : context.draft.title;
      return {
        page: answer.page,
        base: baseOf(answer.page),
        draft: { title, body },
        sent: null,
        notice: answer.message ?? context.notice,
        error: null,
      };
    }),
    'show save failure': assign({
      sent: null,
      error: (_, { error }: { error: unknown }) => failureText(error, journalEditorFailures.save),
    }),
    'toggle view': assign({ view: ({ context }) => (context.view === 'edit' ? 'read' : 'edit') }),
    'dismiss notice': assign({ notice: null }),
  },
  guards: {
    'may write': ({ context }) =>
      context.isMaster || (context.page !== null && context.page.shared && context.page.playersMayWrite),
    'recalls an unsaved draft': (_, loaded: LoadedPage) => recalledDraft(loaded) !== null,
    'was typed in during the save': ({ context }) =>
      context.sent !== null && !sameText(context.sent, context.draft),
    'is a newer copy of this page': ({ context, event }) =>
      event.type === 'journal.page.changed' &&
      event.page.id === context.pageId &&
      event.page.version > context.base.version,
    'is this page': ({ context, event }) =>
      (event.type === 'journal.page.removed'
        ? event.id
        : event.type === 'journal.page.changed'
          ? event.page.id
          : null) === context.pageId,
  },
  delays: {
    typingPause: 800,
    retryPause: 10_000,
  },
}).createMachine({
  id: 'journalEditor',
  context: ({ input }) => ({
    pageId: input.pageId,
    isMaster: input.isMaster,
    page: null,
    base: { version: 0, title: '', body: '' },
    draft: { title: '', body: '' },
    sent: null,
    view: input.isMaster ? 'edit' : 'read',
    notice: null,
    error: null,
  }),
  invoke: { src: 'journal facts', input: ({ context }) => ({ pageId: context.pageId }) },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'load page',
        input: ({ context }) => ({ pageId: context.pageId }),
        onDone: [
          {
            guard: { type: 'recalls an unsaved draft', params: ({ event }) => event.output },
            target: 'ready.dirty',
            actions: { type: 'show page', params: ({ event }) => event.output },
          },
          { target: 'ready.saved', actions: { type: 'show page', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'show load failure', params: ({ event }) => event } },
      },
    },
    failed: { on: { 'journal.reload': 'loading' } },
    gone: { type: 'final' },
    ready: {
      on: {
        'journal.page.removed': { guard: 'is this page', target: 'gone' },
        // Sharing is not a save: whatever the draft, who may write follows the MJ at once.
        'journal.page.changed': {
          guard: 'is this page',
          actions: { type: 'take sharing', params: ({ event }) => event.page },
        },
        'journal.view.toggle': { actions: 'toggle view' },
        'journal.notice.dismiss': { actions: 'dismiss notice' },
      },
      initial: 'saved',
      states: {
        saved: {
          tags: ['saved'],
          entry: 'forget draft',
          on: {
            'journal.edit': {
              guard: 'may write',
              target: 'dirty',
              actions: ['change draft', 'remember draft'],
            },
            // Nothing unsaved here: another's save is shown as it is.
            'journal.page.changed': {
              guard: 'is a newer copy of this page',
              actions: { type: 'adopt page', params: ({ event }) => event.page },
            },
          },
        },
        dirty: {
          tags: ['pending'],
          after: { typingPause: 'saving' },
          on: {
            'journal.edit': {
              guard: 'may write',
              target: 'dirty',
              reenter: true,
              actions: ['change draft', 'remember draft'],
            },
            'journal.flush': 'saving',
          },
        },
        saving: {
          tags: ['pending'],
          entry: 'note sent',
          on: { 'journal.edit': { guard: 'may write', actions: ['change draft', 'remember draft'] } },
          invoke: {
            src: 'save page',
            input: ({ context }) => ({ pageId: context.pageId, ...context.draft, base: context.base }),
            onDone: [
              {
                guard: 'was typed in during the save',
                target: 'dirty',
                actions: { type: 'take answer', params: ({ event }) => event.output },
              },
              { target: 'saved', actions: { type: 'take answer', params: ({ event }) => event.output } },
            ],
            onError: {
              target: 'unsaved',
              actions: { type: 'show save failure', params: ({ event }) => event },
            },
          },
        },
        unsaved: {
          tags: ['failed'],
          after: { retryPause: 'saving' },
          on: {
            'journal.edit': {
              guard: 'may write',
              target: 'dirty',
              actions: ['change draft', 'remember draft'],
            },
            'journal.flush': 'saving',
          },
        },
      },
    },
  },
});
