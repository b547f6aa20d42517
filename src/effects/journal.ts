import { filter, map, merge, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import { z } from 'zod';
import {
  createJournalPage,
  deleteJournalPage,
  listJournalPages,
  readJournalPage,
  saveJournalPage,
  shareJournalPage,
} from '../api/journal';
import { journalPage, journalPageRemovedEvent, type JournalSharing } from '../api/schemas/journal';
import {
  journalEditorMachine,
  type SaveJournalInput,
  type StoredJournalDraft,
} from '../machines/journal-editor.machine';
import { journalPagesMachine, type JournalPagesFact } from '../machines/journal-pages.machine';
import { serverEvents } from './server-events';
import type { SocketFact } from './socket';

/** The journal's socket events as facts: `journalPage` and `journalPageRemoved`. */
export function journalFacts(facts$: Observable<SocketFact>): Observable<JournalPagesFact> {
  return merge(
    serverEvents(facts$, 'journalPage', journalPage).pipe(
      map((page) => ({ type: 'journal.page.changed' as const, page })),
    ),
    serverEvents(facts$, 'journalPageRemoved', journalPageRemovedEvent).pipe(
      map(({ gameId, id }) => ({ type: 'journal.page.removed' as const, gameId, id })),
    ),
  );
}

/** The list's machine: REST calls, and the socket's facts plus a reload on each reconnection. */
export function journalPagesLogic(facts$: Observable<SocketFact>) {
  return journalPagesMachine.provide({
    actors: {
      'load pages': fromPromise(({ input, signal }: { input: { gameId: string }; signal: AbortSignal }) =>
        listJournalPages(input.gameId, signal),
      ),
      'journal facts': fromEventObservable(() =>
        merge(
          journalFacts(facts$),
          facts$.pipe(
            filter((fact) => fact.type === 'socket.connected'),
            map(() => ({ type: 'journal.reload' as const })),
          ),
        ),
      ),
      'create page': fromPromise(({ input }: { input: { gameId: string; title: string; shared: boolean } }) =>
        createJournalPage(input.gameId, { title: input.title, shared: input.shared }),
      ),
      'share page': fromPromise(({ input }: { input: { id: string; sharing: JournalSharing } }) =>
        shareJournalPage(input.id, input.sharing),
      ),
      'delete page': fromPromise(async ({ input }: { input: { id: string } }) => {
        await deleteJournalPage(input.id);
        return input.id;
      }),
    },
  });
}

const storedDraft = z.object({
  base: z.object({ version: z.number().int(), title: z.string(), body: z.string() }),
  draft: z.object({ title: z.string(), body: z.string() }),
});

const keyOf = (userId: string, pageId: string) => `journalDraft:${userId}:${pageId}`;

function recallDraft(userId: string, pageId: string): StoredJournalDraft | null {
  try {
    const text = localStorage.getItem(keyOf(userId, pageId));
    if (text === null) return null;
    const parsed = storedDraft.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The editor's machine: the page read and saved over REST, its socket facts, and the draft kept in
 * this browser under the user's and the page's ids until the server has it.
 */
export function journalEditorLogic(facts$: Observable<SocketFact>, userId: string) {
  return journalEditorMachine.provide({
    actors: {
      'load page': fromPromise(
        async ({ input, signal }: { input: { pageId: string }; signal: AbortSignal }) => ({
          page: await readJournalPage(input.pageId, signal),
          stored: recallDraft(userId, input.pageId),
        }),
      ),
      'save page': fromPromise(({ input: { pageId, title, body, base } }: { input: SaveJournalInput }) =>
        saveJournalPage(pageId, { title, body, base }),
      ),
      'journal facts': fromEventObservable(() => journalFacts(facts$)),
    },
    actions: {
      'remember draft': ({ context }) => {
        try {
          localStorage.setItem(
            keyOf(userId, context.pageId),
            JSON.stringify({ base: context.base, draft: context.draft } satisfies StoredJournalDraft),
          );
        } catch {
          // A browser that refuses the storage still saves to the server; only a reload mid-pause could lose.
        }
      },
      'forget draft': ({ context }) => {
        try {
          localStorage.removeItem(keyOf(userId, context.pageId));
        } catch {
          // Nothing stored, nothing to forget.
        }
      },
    },
  });
}
