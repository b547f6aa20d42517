import { describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, setup, type AnyEventObject } from 'xstate';
import type { StoredFile } from '../../src/api/schemas/files';
import { fileSizeCaps, type FileKind } from '../../src/domain/files';
import {
  fileUploadMachine,
  type FileUploadEvent,
  type FileUploadInput,
  type SendFileInput,
  type UploadOutcome,
} from '../../src/machines/file-upload.machine';
import { each, everyTransition, testEveryPath } from '../helpers/every-path';
import { settle, visitedStates } from '../helpers/machine-model';

const MB = 1024 * 1024;
const stored = { id: 'F1', kind: 'map', size: 2 * MB, path: '/shatteredrealms/api/files/F1' } as StoredFile;
const input: FileUploadInput = {
  key: 'upload-0',
  gameId: 'G1',
  kind: 'map',
  file: new Blob([new Uint8Array(2 * MB)]),
  name: 'crypte.png',
};

type Snapshot = ReturnType<typeof fileUploadMachine.getInitialSnapshot>;

/** What the server and the MJ can do while the file is on its way. */
function modelEvents(snapshot: Snapshot): AnyEventObject[] {
  if (!snapshot.matches('sending')) return [];
  return [
    ...(snapshot.context.loaded === 0 ? [{ type: 'upload.progress', loaded: MB, total: 2 * MB }] : []),
    { type: 'upload.stored', file: stored },
    { type: 'upload.failed', error: 'Ce fichier n’est pas une image : PNG, JPEG ou WebP attendu.' },
    { type: 'upload.cancel' },
  ];
}

/**
 * The upload as the page runs it: a child of a parent that hears its outcome, its sending faked
 * so the test tells what the server says and sees when the sending stops.
 */
function startUpload(given: FileUploadInput = input) {
  const sends: Array<{ input: SendFileInput; report: (event: FileUploadEvent) => void; stopped: boolean }> =
    [];
  const upload = fileUploadMachine.provide({
    actors: {
      'send file': fromCallback<FileUploadEvent, SendFileInput>(({ input: asked, sendBack }) => {
        const send = { input: asked, report: sendBack, stopped: false };
        sends.push(send);
        return () => {
          send.stopped = true;
        };
      }),
    },
  });
  const host = setup({
    types: { context: {} as { outcomes: UploadOutcome[] } },
    actors: { upload },
  }).createMachine({
    context: { outcomes: [] },
    invoke: {
      id: 'upload',
      src: 'upload',
      input: given,
      onDone: {
        actions: assign({
          outcomes: ({ context, event }) => [...context.outcomes, event.output as UploadOutcome],
        }),
      },
    },
  });
  const parent = createActor(host).start();
  // A finished child leaves its parent's children: its last snapshot is still its own.
  let last = parent.getSnapshot().children.upload!;
  const child = () => (last = parent.getSnapshot().children.upload ?? last);
  return { parent, child, sends, outcomes: () => parent.getSnapshot().context.outcomes };
}

describe('a file upload: every transition', () => {
  const paths = everyTransition(fileUploadMachine, modelEvents, input);

  it('visits every state the upload rests in (checking is passed through at once)', () => {
    expect(visitedStates(paths)).toEqual(['cancelled', 'refused', 'sending', 'stored']);
  });

  testEveryPath(paths, () => {
    const upload = startUpload();
    const send = async ({ event }: { event: AnyEventObject }) => {
      if (event.type === 'upload.cancel') upload.child().send(event as FileUploadEvent);
      else upload.sends.at(-1)!.report(event as FileUploadEvent);
      await settle();
    };
    const context = () => upload.child().getSnapshot().context;
    return {
      events: each(['upload.progress', 'upload.stored', 'upload.failed', 'upload.cancel'], send),
      states: {
        '*': (expected) => {
          expect(upload.child().getSnapshot().value).toEqual(expected.value);
          expect(context()).toMatchObject({ key: 'upload-0', name: 'crypte.png', kind: 'map' });
        },
        // Sends the file's bytes under its kind to its game, once, and shows how far it went.
        sending: (expected) => {
          expect(upload.sends).toHaveLength(1);
          expect(upload.sends[0]!.input).toEqual({ gameId: 'G1', kind: 'map', file: input.file });
          expect(upload.sends[0]!.stopped).toBe(false);
          expect(context()).toMatchObject({ loaded: expected.context.loaded, total: 2 * MB });
          expect(upload.outcomes()).toEqual([]);
        },
        // The page lists the stored file; the bar ends full.
        stored: () => {
          expect(context()).toMatchObject({ stored, loaded: 2 * MB, total: 2 * MB, error: null });
          expect(upload.outcomes()).toEqual([{ key: 'upload-0', file: stored, error: null }]);
        },
        // The server's words, verbatim, and nothing listed.
        refused: () => {
          const error = 'Ce fichier n’est pas une image : PNG, JPEG ou WebP attendu.';
          expect(context()).toMatchObject({ stored: null, error });
          expect(upload.outcomes()).toEqual([{ key: 'upload-0', file: null, error }]);
        },
        // Cancelling stops the sending (the request is aborted): neither a file nor a refusal.
        cancelled: () => {
          expect(upload.sends[0]!.stopped).toBe(true);
          expect(upload.outcomes()).toEqual([{ key: 'upload-0', file: null, error: null }]);
        },
      },
    };
  });
});

describe('a file upload', () => {
  it.each<FileKind>(['map', 'portrait', 'audio'])(
    'refuses a file above its kind’s cap (%s) before sending a byte, in the server’s words',
    (kind) => {
      const heavy = new Blob([new Uint8Array(fileSizeCaps[kind] + 1)]);
      const upload = startUpload({ ...input, kind, file: heavy });
      expect(upload.sends).toEqual([]);
      expect(upload.child().getSnapshot().value).toBe('refused');
      const error = {
        map: 'Une carte ne peut pas dépasser 25 Mo.',
        portrait: 'Un portrait ne peut pas dépasser 5 Mo.',
        audio: 'Un son ne peut pas dépasser 20 Mo.',
      }[kind as 'map' | 'portrait' | 'audio'];
      expect(upload.outcomes()).toEqual([{ key: 'upload-0', file: null, error }]);
    },
  );

  it('sends a file exactly at its cap', () => {
    const upload = startUpload({ ...input, kind: 'portrait', file: new Blob([new Uint8Array(5 * MB)]) });
    expect(upload.sends).toHaveLength(1);
  });
});
