import { assign, raise, sendTo, setup, stopChild, type ActorRefFrom } from 'xstate';
import type { GameFiles, StoredFile } from '../api/schemas/files';
import type { FileKind } from '../domain/files';
import { failureText } from './failure-text';
import { fileUploadMachine, type UploadOutcome } from './file-upload.machine';
import { unprovidedPromise } from './unprovided';

export type FileUploadRef = ActorRefFrom<typeof fileUploadMachine>;

/** A file the MJ brought, and the kind they file it under. */
export interface AddedFile {
  file: Blob;
  name: string;
  kind: FileKind;
}

export interface GameFilesContext {
  gameId: string;
  files: StoredFile[];
  /** What the game's files weigh against its quota, as the server last counted; null before. */
  usage: { usedBytes: number; quotaBytes: number } | null;
  /** This page's uploads, newest last, each its own actor until dismissed. */
  uploads: Array<{ key: string; ref: FileUploadRef }>;
  added: number;
  /** The file whose deletion waits for the MJ's « oui ». */
  asked: StoredFile | null;
  /** Why the last deletion was refused (« Ce fichier est l’image de la carte… »). */
  deleteError: string | null;
}

export type GameFilesEvent =
  | { type: 'files.add'; files: AddedFile[] }
  | { type: 'upload.cancel'; key: string }
  | { type: 'upload.dismiss'; key: string }
  | { type: 'files.refresh' }
  | { type: 'file.delete'; file: StoredFile }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: `xstate.done.actor.${string}`; output: UploadOutcome };

export const gameFilesTexts = {
  loadFailed: 'Les fichiers n’ont pas pu être chargés.',
  deleteFailed: 'Le fichier n’a pas pu être supprimé.',
} as const;

type DoneUpload = { type: string; output: UploadOutcome };

const withFile = (files: StoredFile[], file: StoredFile) => [
  ...files.filter((known) => known.id !== file.id),
  file,
];

/**
 * The game's files on the admin page (decision 0026): the list the MJ manages, and the uploads of
 * this visit, one child actor each so that several files go at once, each with its own progress,
 * outcome and « Annuler ». A stored file joins the list; a deletion is asked first. The quota's
 * figures are the server's: the list is read again after a file is stored or deleted, rather than
 * added up here from sizes that leave out the variants the server made.
 */
export const gameFilesMachine = setup({
  types: {
    context: {} as GameFilesContext,
    events: {} as GameFilesEvent,
    input: {} as { gameId: string },
  },
  actors: {
    'load files': unprovidedPromise<GameFiles, { gameId: string }>('load files'),
    'delete file': unprovidedPromise<void, { gameId: string; id: string }>('delete file'),
    'upload file': fileUploadMachine,
  },
  actions: {
    'start uploads': assign(({ context, event, spawn }) => {
      if (event.type !== 'files.add') return {};
      const started = event.files.map(({ file, name, kind }, index) => {
        const key = `upload-${context.added + index}`;
        return {
          key,
          ref: spawn('upload file', { id: key, input: { key, gameId: context.gameId, kind, file, name } }),
        };
      });
      return { uploads: [...context.uploads, ...started], added: context.added + started.length };
    }),
    'cancel upload': sendTo(
      ({ context, event }) =>
        context.uploads.find((upload) => 'key' in event && upload.key === event.key)!.ref,
      { type: 'upload.cancel' },
    ),
    'stop upload': stopChild(({ event }) => ('key' in event ? event.key : '')),
    'forget upload': assign({
      uploads: ({ context, event }) =>
        context.uploads.filter((upload) => !('key' in event) || upload.key !== event.key),
    }),
    'list stored file': assign({
      files: ({ context }, file: StoredFile) => withFile(context.files, file),
    }),
    'keep files': assign((_, { files, usedBytes, quotaBytes }: GameFiles) => ({
      files,
      usage: { usedBytes, quotaBytes },
    })),
    'count again': raise({ type: 'files.refresh' }),
    'ask deletion': assign((_, file: StoredFile) => ({ asked: file, deleteError: null })),
    'forget question': assign({ asked: null }),
    'drop deleted file': assign({
      files: ({ context }) => context.files.filter((file) => file.id !== context.asked?.id),
      asked: null,
    }),
    'keep delete refusal': assign((_, error: unknown) => ({
      deleteError: failureText(error, gameFilesTexts.deleteFailed),
      asked: null,
    })),
  },
  guards: {
    'stored a file': ({ event }) => 'output' in event && event.output.file !== null,
    'stored new bytes': ({ event }) => 'output' in event && event.output.file?.existing === false,
    'is an upload of this page': ({ context, event }) =>
      'key' in event && context.uploads.some((upload) => upload.key === event.key),
  },
}).createMachine({
  id: 'gameFiles',
  context: ({ input }) => ({
    gameId: input.gameId,
    files: [],
    usage: null,
    uploads: [],
    added: 0,
    asked: null,
    deleteError: null,
  }),
  type: 'parallel',
  on: {
    'files.add': { actions: 'start uploads' },
    'upload.cancel': { guard: 'is an upload of this page', actions: 'cancel upload' },
    'upload.dismiss': { guard: 'is an upload of this page', actions: ['stop upload', 'forget upload'] },
    'xstate.done.actor.*': [
      {
        guard: 'stored new bytes',
        actions: [
          { type: 'list stored file', params: ({ event }) => (event as DoneUpload).output.file! },
          'count again',
        ],
      },
      {
        guard: 'stored a file',
        actions: { type: 'list stored file', params: ({ event }) => (event as DoneUpload).output.file! },
      },
    ],
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          // Asked again while loading (a file stored meanwhile): the answer under way may not count it.
          on: { 'files.refresh': { target: 'loading', reenter: true } },
          invoke: {
            src: 'load files',
            input: ({ context }) => ({ gameId: context.gameId }),
            onDone: { target: 'ready', actions: { type: 'keep files', params: ({ event }) => event.output } },
            onError: 'failed',
          },
        },
        ready: { on: { 'files.refresh': 'loading' } },
        failed: { on: { 'files.refresh': 'loading' } },
      },
    },
    deletion: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'file.delete': {
              target: 'asking',
              actions: { type: 'ask deletion', params: ({ event }) => event.file },
            },
          },
        },
        asking: {
          on: {
            'delete.confirm': 'deleting',
            'delete.cancel': { target: 'idle', actions: 'forget question' },
          },
        },
        deleting: {
          invoke: {
            src: 'delete file',
            input: ({ context }) => ({ gameId: context.gameId, id: context.asked!.id }),
            onDone: { target: 'idle', actions: ['drop deleted file', 'count again'] },
            onError: {
              target: 'idle',
              actions: {
                type: 'keep delete refusal',
                params: ({ event }: { event: { error: unknown } }) => event.error,
              },
            },
          },
        },
      },
    },
  },
});
