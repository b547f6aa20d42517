import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { ApiError } from '../../src/api/request';
import type { StoredFile } from '../../src/api/schemas/files';
import {
  fileUploadMachine,
  type FileUploadEvent,
  type SendFileInput,
} from '../../src/machines/file-upload.machine';
import { gameFilesMachine } from '../../src/machines/game-files.machine';
import { pendingCalls } from '../helpers/fake-effects';
import { settle, type Pending } from '../helpers/machine-model';

const file = (id: string) =>
  ({ id, kind: 'map', size: 10, path: `/shatteredrealms/api/files/${id}` }) as StoredFile;
const crypt = file('F1');
const throne = file('F2');

function startPage() {
  const loads: Pending<StoredFile[]>[] = [];
  const deletions: Pending<void>[] = [];
  const sends: Array<{ input: SendFileInput; report: (event: FileUploadEvent) => void; stopped: boolean }> =
    [];
  const actor = createActor(
    gameFilesMachine.provide({
      actors: {
        'load files': pendingCalls<StoredFile[], { gameId: string }>(loads),
        'delete file': pendingCalls<void, { gameId: string; id: string }>(deletions),
        'upload file': fileUploadMachine.provide({
          actors: {
            'send file': fromCallback<FileUploadEvent, SendFileInput>(({ input, sendBack }) => {
              const send = { input, report: sendBack, stopped: false };
              sends.push(send);
              return () => {
                send.stopped = true;
              };
            }),
          },
        }),
      },
    }),
    { input: { gameId: 'G1' } },
  ).start();
  const context = () => actor.getSnapshot().context;
  const uploadStates = () => context().uploads.map(({ ref }) => ref.getSnapshot().value);
  return { actor, loads, deletions, sends, context, uploadStates };
}

const png = (name: string) => ({ file: new Blob(['png']), name, kind: 'map' as const });

describe('the game’s files on the admin page', () => {
  it('lists the game’s files, and loads them again after a failure', async () => {
    const page = startPage();
    expect(page.loads[0]!.input).toEqual({ gameId: 'G1' });
    page.loads[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(page.actor.getSnapshot().matches({ list: 'failed' })).toBe(true);
    page.actor.send({ type: 'files.refresh' });
    page.loads[1]!.resolve([crypt]);
    await settle();
    expect(page.actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    expect(page.context().files).toEqual([crypt]);
  });

  it('sends several files at once, each with its kind, and lists each as it is stored', async () => {
    const page = startPage();
    page.loads[0]!.resolve([crypt]);
    await settle();
    page.actor.send({
      type: 'files.add',
      files: [png('salle.png'), { file: new Blob(['ogg']), name: 'pluie.ogg', kind: 'audio' }],
    });
    expect(page.sends.map(({ input }) => input.kind)).toEqual(['map', 'audio']);
    expect(page.uploadStates()).toEqual(['sending', 'sending']);
    page.sends[0]!.report({ type: 'upload.progress', loaded: 1, total: 3 });
    page.sends[0]!.report({ type: 'upload.stored', file: throne });
    page.sends[1]!.report({
      type: 'upload.failed',
      error: 'Ce fichier n’est pas un son : Ogg ou MP3 attendu.',
    });
    await settle();
    expect(page.context().files).toEqual([crypt, throne]);
    expect(page.uploadStates()).toEqual(['stored', 'refused']);
    expect(page.context().uploads[1]!.ref.getSnapshot().context.error).toBe(
      'Ce fichier n’est pas un son : Ogg ou MP3 attendu.',
    );
  });

  it('lists a file sent again once: the server answers the one it has', async () => {
    const page = startPage();
    page.loads[0]!.resolve([crypt]);
    await settle();
    page.actor.send({ type: 'files.add', files: [png('crypte.png')] });
    page.sends[0]!.report({ type: 'upload.stored', file: crypt });
    await settle();
    expect(page.context().files).toEqual([crypt]);
  });

  it('cancels one upload, stopping its sending, and forgets it when dismissed', async () => {
    const page = startPage();
    page.actor.send({ type: 'files.add', files: [png('a.png'), png('b.png')] });
    page.actor.send({ type: 'upload.cancel', key: 'upload-1' });
    expect(page.uploadStates()).toEqual(['sending', 'cancelled']);
    expect(page.sends.map((send) => send.stopped)).toEqual([false, true]);
    page.actor.send({ type: 'upload.dismiss', key: 'upload-1' });
    expect(page.context().uploads.map(({ key }) => key)).toEqual(['upload-0']);
    page.actor.send({ type: 'files.add', files: [png('c.png')] });
    expect(page.context().uploads.map(({ key }) => key)).toEqual(['upload-0', 'upload-2']);
  });

  it('deletes a file only once the MJ confirms, and drops it from the list', async () => {
    const page = startPage();
    page.loads[0]!.resolve([crypt, throne]);
    await settle();
    page.actor.send({ type: 'file.delete', file: crypt });
    expect(page.context().asked).toEqual(crypt);
    page.actor.send({ type: 'delete.cancel' });
    expect(page.deletions).toHaveLength(0);
    expect(page.actor.getSnapshot().matches({ deletion: 'idle' })).toBe(true);
    page.actor.send({ type: 'file.delete', file: crypt });
    page.actor.send({ type: 'delete.confirm' });
    expect(page.deletions[0]!.input).toEqual({ gameId: 'G1', id: 'F1' });
    page.deletions[0]!.resolve();
    await settle();
    expect(page.context().files).toEqual([throne]);
  });

  it('keeps a file the server will not delete, with its words', async () => {
    const page = startPage();
    page.loads[0]!.resolve([crypt]);
    await settle();
    page.actor.send({ type: 'file.delete', file: crypt });
    page.actor.send({ type: 'delete.confirm' });
    const error = 'Ce fichier est l’image de la carte « Crypte » : changez-la avant de supprimer le fichier.';
    page.deletions[0]!.reject(new ApiError(409, error, { error }));
    await settle();
    expect(page.context()).toMatchObject({ files: [crypt], asked: null, deleteError: error });
  });
});
