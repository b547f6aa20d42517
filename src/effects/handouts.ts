import { filter, map, merge, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import { readStoredFile, uploadFile } from '../api/files';
import { createHandout, deleteHandout, listHandouts, showHandout, takeBackHandout } from '../api/handouts';
import type { CreateHandoutRequest } from '../api/schemas/handouts';
import { tableEvent } from '../api/schemas/table';
import type { HandoutAudience, ShownHandout } from '../domain/handouts';
import { documentsMachine, type DocumentsFact } from '../machines/documents.machine';
import { handoutLibraryMachine, type UploadFact } from '../machines/handout-library.machine';
import { serverEvents } from './server-events';
import type { SocketFact } from './socket';

/**
 * What the table tells the player of their documents (decision 0041): the list their copy of the
 * table holds, and each handout shown to them heard live on the socket (the socket is in one game's
 * rooms at a time, and a player hears only their own).
 */
export function documentFacts(
  facts$: Observable<SocketFact>,
  held$: Observable<ShownHandout[]>,
): Observable<DocumentsFact> {
  return merge(
    held$.pipe(map((documents) => ({ type: 'documents.held' as const, documents }))),
    serverEvents(facts$, 'broadcastMessage', tableEvent).pipe(
      filter((event) => event.type === 'handout.shown'),
      map(({ payload: { handout, shownAt } }) => ({
        type: 'handout.shown' as const,
        handout: { ...handout, shownAt },
      })),
    ),
  );
}

/** The player's documents: their copy of the table's, kept up from the socket, pictures shown from blob URLs. */
export function documentsLogic(facts$: Observable<SocketFact>, held$: Observable<ShownHandout[]>) {
  return documentsMachine.provide({
    actors: {
      'document news': fromEventObservable(() => documentFacts(facts$, held$)),
      'read picture': fromPromise(
        async ({ input, signal }: { input: { fileId: string }; signal: AbortSignal }) =>
          URL.createObjectURL(await readStoredFile(input.fileId, 'full', signal)),
      ),
    },
    actions: {
      'release picture': (_, url: string) => {
        if (url !== '') URL.revokeObjectURL(url);
      },
    },
  });
}

/** The MJ's library: its calls, and a picture's upload as progress then the stored file. */
export const handoutLibraryLogic = handoutLibraryMachine.provide({
  actors: {
    'load library': fromPromise(({ input }: { input: { gameId: string } }) => listHandouts(input.gameId)),
    'upload picture': fromEventObservable(
      ({ input }: { input: { gameId: string; picture: Blob } }): Observable<UploadFact> =>
        uploadFile(input.gameId, 'handout', input.picture).pipe(
          map((event) =>
            event.type === 'progress'
              ? { type: 'upload.progress' as const, loaded: event.loaded, total: event.total }
              : { type: 'upload.stored' as const, fileId: event.file.id },
          ),
        ),
    ),
    'create handout': fromPromise(({ input }: { input: { gameId: string; body: CreateHandoutRequest } }) =>
      createHandout(input.gameId, input.body),
    ),
    'show handout': fromPromise(
      ({ input }: { input: { gameId: string; id: string; audience: HandoutAudience } }) =>
        showHandout(input.gameId, input.id, input.audience),
    ),
    'take handout back': fromPromise(({ input }: { input: { gameId: string; id: string } }) =>
      takeBackHandout(input.gameId, input.id),
    ),
    'delete handout': fromPromise(async ({ input }: { input: { gameId: string; id: string } }) => {
      await deleteHandout(input.gameId, input.id);
    }),
  },
});
