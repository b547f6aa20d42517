import { filter, map, merge, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import { readStoredFile, uploadFile } from '../api/files';
import {
  createHandout,
  deleteHandout,
  listDocuments,
  listHandouts,
  showHandout,
  takeBackHandout,
} from '../api/handouts';
import { handoutShownEvent, handoutTakenBackEvent, type CreateHandoutRequest } from '../api/schemas/handouts';
import type { HandoutAudience } from '../domain/handouts';
import { documentsMachine, type DocumentsFact } from '../machines/documents.machine';
import { handoutLibraryMachine, type UploadFact } from '../machines/handout-library.machine';
import { serverEvents } from './server-events';
import type { SocketFact } from './socket';

/** What the socket says of this game's documents to the player (decision 0029). */
export function documentFacts(facts$: Observable<SocketFact>, gameId: string): Observable<DocumentsFact> {
  return merge(
    serverEvents(facts$, 'handoutShown', handoutShownEvent).pipe(
      filter((notice) => notice.gameId === gameId),
      map(({ handout }) => ({ type: 'handout.shown' as const, handout })),
    ),
    serverEvents(facts$, 'handoutTakenBack', handoutTakenBackEvent).pipe(
      filter((notice) => notice.gameId === gameId),
      map(({ handoutId }) => ({ type: 'handout.takenBack' as const, handoutId })),
    ),
    facts$.pipe(
      filter((fact) => fact.type === 'socket.connected'),
      map(() => ({ type: 'socket.reconnected' as const })),
    ),
  );
}

/** The player's documents: read over REST, kept up from the socket, pictures shown from blob URLs. */
export function documentsLogic(facts$: Observable<SocketFact>) {
  return documentsMachine.provide({
    actors: {
      'load documents': fromPromise(({ input }: { input: { gameId: string } }) =>
        listDocuments(input.gameId),
      ),
      'document news': fromEventObservable(({ input }: { input: { gameId: string } }) =>
        documentFacts(facts$, input.gameId),
      ),
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
