import { assign, setup } from 'xstate';
import type { StoredFile } from '../api/schemas/files';
import { fileSizeCaps, tooLargeText, type FileKind } from '../domain/files';
import { unprovidedCallback } from './unprovided';

/** What an upload's effect tells its machine: bytes sent, then the stored file or the refusal's words. */
export type UploadReport =
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.stored'; file: StoredFile }
  | { type: 'upload.failed'; error: string };

export type FileUploadEvent = UploadReport | { type: 'upload.cancel' };

/**
 * How an upload ended, its output to the machine that started it (`xstate.done.actor.<key>`):
 * the stored file, or the refusal's words, or neither when the MJ cancelled.
 */
export interface UploadOutcome {
  key: string;
  file: StoredFile | null;
  error: string | null;
}

export interface FileUploadInput {
  /** Tells this upload from the others of the same page. */
  key: string;
  gameId: string;
  kind: FileKind;
  file: Blob;
  name: string;
}

export interface FileUploadContext extends FileUploadInput {
  loaded: number;
  total: number;
  stored: StoredFile | null;
  error: string | null;
}

export interface SendFileInput {
  gameId: string;
  kind: FileKind;
  file: Blob;
}

/**
 * One file on its way to the game's files (decision 0026): refused before a byte is sent when it
 * is heavier than its kind's cap, in the server's own words; else sent with its progress, until the
 * server stores it or refuses it, or the MJ cancels; its output says which.
 */
export const fileUploadMachine = setup({
  types: {
    context: {} as FileUploadContext,
    events: {} as FileUploadEvent,
    input: {} as FileUploadInput,
  },
  actors: {
    'send file': unprovidedCallback<FileUploadEvent, SendFileInput>('send file'),
  },
  guards: {
    'is heavier than its kind allows': ({ context }) => context.file.size > fileSizeCaps[context.kind],
  },
  actions: {
    'refuse as too heavy': assign({
      error: ({ context }) => tooLargeText(context.kind),
    }),
    'keep progress': assign((_, { loaded, total }: { loaded: number; total: number }) => ({ loaded, total })),
    'keep stored file': assign((_, file: StoredFile) => ({
      stored: file,
      loaded: file.size,
      total: file.size,
    })),
    'keep refusal': assign((_, error: string) => ({ error })),
  },
}).createMachine({
  id: 'fileUpload',
  context: ({ input }) => ({ ...input, loaded: 0, total: input.file.size, stored: null, error: null }),
  output: ({ context }): UploadOutcome => ({ key: context.key, file: context.stored, error: context.error }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'is heavier than its kind allows', target: 'refused', actions: 'refuse as too heavy' },
        { target: 'sending' },
      ],
    },
    sending: {
      invoke: {
        src: 'send file',
        input: ({ context }) => ({ gameId: context.gameId, kind: context.kind, file: context.file }),
      },
      on: {
        'upload.progress': {
          actions: { type: 'keep progress', params: ({ event }) => event },
        },
        'upload.stored': {
          target: 'stored',
          actions: { type: 'keep stored file', params: ({ event }) => event.file },
        },
        'upload.failed': {
          target: 'refused',
          actions: { type: 'keep refusal', params: ({ event }) => event.error },
        },
        'upload.cancel': 'cancelled',
      },
    },
    stored: { type: 'final' },
    refused: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
