import { assign, sendTo, setup } from 'xstate';
import type { StoredFile } from '../api/schemas/files';
import { mapNameOfFile } from '../domain/files';
import type { MapChoice } from '../domain/table/types';
import { failureText } from './failure-text';
import { fileUploadMachine, type UploadOutcome } from './file-upload.machine';
import { unprovidedPromise } from './unprovided';

export type MapImportEvent =
  /** The MJ dropped or picked a picture on the table. */
  { type: 'map.import'; file: Blob; name: string } | { type: 'import.cancel' } | { type: 'import.dismiss' };

export interface MapImportContext {
  gameId: string;
  file: Blob | null;
  /** The map's name: the file's without its extension. */
  name: string;
  stored: StoredFile | null;
  error: string | null;
}

export interface CreateMapInput {
  gameId: string;
  name: string;
  link: string;
}

export const mapImportTexts = {
  createFailed: 'La carte n’a pas pu être créée.',
} as const;

/** The key of the one upload the table runs at a time. */
const UPLOAD_KEY = 'map-import';

/**
 * A picture the MJ drops on the table (decision 0028): sent as a map file by its own upload
 * child, with its progress and « Annuler », then made a map resource named after the file and
 * shown to everyone through the table's map change. The server's refusal stays until dismissed or
 * another picture is dropped; a cancelled upload leaves nothing behind.
 */
export const mapImportMachine = setup({
  types: {
    context: {} as MapImportContext,
    events: {} as MapImportEvent,
    input: {} as { gameId: string },
  },
  actors: {
    'upload file': fileUploadMachine,
    'create map': unprovidedPromise<MapChoice, CreateMapInput>('create map'),
  },
  actions: {
    'take file': assign((_, { file, name }: { file: Blob; name: string }) => ({
      file,
      name: mapNameOfFile(name),
      stored: null,
      error: null,
    })),
    'keep stored file': assign((_, stored: StoredFile) => ({ stored })),
    'keep refusal': assign((_, error: string) => ({ error, file: null })),
    'forget file': assign({ file: null, stored: null, error: null }),
    'show map': (_, _map: MapChoice) => {},
  },
  guards: {
    'stored the file': (_, outcome: UploadOutcome) => outcome.file !== null,
    'was refused': (_, outcome: UploadOutcome) => outcome.error !== null,
  },
}).createMachine({
  id: 'mapImport',
  context: ({ input }) => ({ gameId: input.gameId, file: null, name: '', stored: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'map.import': { target: 'uploading', actions: { type: 'take file', params: ({ event }) => event } },
      },
    },
    uploading: {
      invoke: {
        id: 'upload',
        src: 'upload file',
        input: ({ context }) => ({
          key: UPLOAD_KEY,
          gameId: context.gameId,
          kind: 'map' as const,
          file: context.file!,
          name: context.name,
        }),
        onDone: [
          {
            guard: { type: 'stored the file', params: ({ event }) => event.output as UploadOutcome },
            target: 'creating',
            actions: {
              type: 'keep stored file',
              params: ({ event }) => (event.output as UploadOutcome).file!,
            },
          },
          {
            guard: { type: 'was refused', params: ({ event }) => event.output as UploadOutcome },
            target: 'refused',
            actions: { type: 'keep refusal', params: ({ event }) => (event.output as UploadOutcome).error! },
          },
          { target: 'idle', actions: 'forget file' },
        ],
      },
      on: {
        'import.cancel': { actions: sendTo('upload', { type: 'upload.cancel' }) },
      },
    },
    creating: {
      invoke: {
        id: 'createMap',
        src: 'create map',
        input: ({ context }) => ({ gameId: context.gameId, name: context.name, link: context.stored!.path }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'show map', params: ({ event }) => event.output }, 'forget file'],
        },
        onError: {
          target: 'refused',
          actions: {
            type: 'keep refusal',
            params: ({ event }) => failureText(event.error, mapImportTexts.createFailed),
          },
        },
      },
    },
    refused: {
      on: {
        'import.dismiss': { target: 'idle', actions: 'forget file' },
        'map.import': { target: 'uploading', actions: { type: 'take file', params: ({ event }) => event } },
      },
    },
  },
});
