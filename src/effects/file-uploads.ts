import { fromCallback, fromPromise } from 'xstate';
import { deleteFile, listFiles, uploadFile } from '../api/files';
import { createResource } from '../api/resources';
import type { GameFiles } from '../api/schemas/files';
import type { MapChoice } from '../domain/table/types';
import { failureText } from '../machines/failure-text';
import { fileUploadMachine, type FileUploadEvent, type SendFileInput } from '../machines/file-upload.machine';
import { mapImportMachine, type CreateMapInput } from '../machines/map-import.machine';

/** Said when an upload fails without the server's words (the connection dropped). */
const uploadFailed = 'Le fichier n’a pas pu être envoyé : réessayez.';

/** Sends a file with `uploadFile`, its progress and outcome told to the machine; stopping aborts it. */
export const sendFile = fromCallback<FileUploadEvent, SendFileInput>(({ input, sendBack }) => {
  const subscription = uploadFile(input.gameId, input.kind, input.file).subscribe({
    next: (event) =>
      sendBack(
        event.type === 'progress'
          ? { type: 'upload.progress', loaded: event.loaded, total: event.total }
          : { type: 'upload.stored', file: event.file },
      ),
    error: (error: unknown) => sendBack({ type: 'upload.failed', error: failureText(error, uploadFailed) }),
  });
  return () => subscription.unsubscribe();
});

export const fileUploadEffects = { actors: { 'send file': sendFile } };

export const loadFiles = fromPromise<GameFiles, { gameId: string }>(({ input }) => listFiles(input.gameId));

export const removeFile = fromPromise<void, { gameId: string; id: string }>(async ({ input }) => {
  await deleteFile(input.gameId, input.id);
});

/** A map resource showing a stored picture: what a picture dropped at the table becomes. */
export const createMapOf = fromPromise<MapChoice, CreateMapInput>(async ({ input }) => {
  const created = await createResource(input.gameId, 'map', { name: input.name, link: input.link });
  return { id: created.id, name: created.name, link: input.link };
});

/** The table's map import, its upload and its map creation provided. */
export const mapImportLogic = mapImportMachine.provide({
  actors: { 'upload file': fileUploadMachine.provide(fileUploadEffects), 'create map': createMapOf },
});
