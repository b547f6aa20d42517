import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { ApiError } from '../../src/api/request';
import type { GameFiles, StoredFile } from '../../src/api/schemas/files';
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
const QUOTA = 200 * 1024 * 1024;
/** The list as the server answers it, its files weighing `usedBytes` together. */
const listed = (files: StoredFile[], usedBytes = 0): GameFiles => ({ files, usedBytes, quotaBytes: QUOTA });

function startPage() {
  const loads: Pending<GameFiles>[] = [];
  const deletions: Pending<void>[] = [];
  const sends: Array<{ input: SendFileInput; report: (event: FileUploadEvent) => void; stopped: boolean }> =
    [];
  const actor = createActor(
    gameFilesMachine.provide({
      actors: {
        'load files': pendingCalls<GameFiles, { gameId: string }>(loads),
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

const png = (name: string) => ({ file: new File(['png'], name), name, kind: 'map' as const });

describe('the game’s files on the admin page', () => {
  it('lists the game’s files, and loads them again after a failure', async () => {
    const page = startPage();
    expect(page.loads[0]!.input).toEqual({ gameId: 'G1' });
    page.loads[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(page.actor.getSnapshot().matches({ list: 'failed' })).toBe(true);
    page.actor.send({ type: 'files.refresh' });
    page.loads[1]!.resolve(listed([crypt]));
    await settle();
    expect(page.actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    expect(page.context().files).toEqual([crypt]);
  });

  it('sends several files at once, each with its kind, and lists each as it is stored', async () => {
    const page = startPage();
    page.loads[0]!.resolve(listed([crypt]));
    await settle();
    page.actor.send({
      type: 'files.add',
      files: [png('salle.png'), { file: new File(['ogg'], 'pluie.ogg'), name: 'pluie.ogg', kind: 'audio' }],
    });
    expect(page.sends.map(({ input }) => input.kind)).toEqual(['map', 'audio']);
    // Each sends the MJ's own file, whose name the server keeps (decision 0026).
    expect(page.sends.map(({ input }) => (input.file as File).name)).toEqual(['salle.png', 'pluie.ogg']);
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

  it('lists a file sent again once, under its first name: the server answers the one it has', async () => {
    const page = startPage();
    const named = { ...crypt, name: 'crypte.png' };
    page.loads[0]!.resolve(listed([named]));
    await settle();
    page.actor.send({ type: 'files.add', files: [png('copie de la crypte.png')] });
    page.sends[0]!.report({ type: 'upload.stored', file: { ...named, existing: true } });
    await settle();
    expect(page.context().files.map(({ id, name }) => [id, name])).toEqual([['F1', 'crypte.png']]);
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
    page.loads[0]!.resolve(listed([crypt, throne]));
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
    page.loads[0]!.resolve(listed([crypt]));
    await settle();
    page.actor.send({ type: 'file.delete', file: crypt });
    page.actor.send({ type: 'delete.confirm' });
    const error = 'Ce fichier est l’image de la carte « Crypte » : changez-la avant de supprimer le fichier.';
    page.deletions[0]!.reject(new ApiError(409, error, { error }));
    await settle();
    expect(page.context()).toMatchObject({ files: [crypt], asked: null, deleteError: error });
  });

  it('shows the server’s count of the quota, counted again after a new file and a deletion', async () => {
    const page = startPage();
    page.loads[0]!.resolve(listed([crypt], 1_000));
    await settle();
    expect(page.context().usage).toEqual({ usedBytes: 1_000, quotaBytes: QUOTA });

    // The same bytes again: nothing new on the server, nothing to count.
    page.actor.send({ type: 'files.add', files: [png('crypte.png')] });
    page.sends[0]!.report({ type: 'upload.stored', file: { ...crypt, existing: true } });
    await settle();
    expect(page.loads).toHaveLength(1);

    const fresh = { ...throne, existing: false };
    page.actor.send({ type: 'files.add', files: [png('trone.png')] });
    page.sends[1]!.report({ type: 'upload.stored', file: fresh });
    await settle();
    expect(page.loads).toHaveLength(2);
    // The list stays on screen while it is counted again.
    expect(page.context().files.map((stored) => stored.id)).toEqual(['F1', 'F2']);
    page.loads[1]!.resolve(listed([crypt, throne], 3_000));
    await settle();
    expect(page.context().usage).toEqual({ usedBytes: 3_000, quotaBytes: QUOTA });

    page.actor.send({ type: 'file.delete', file: crypt });
    page.actor.send({ type: 'delete.confirm' });
    page.deletions[0]!.resolve();
    await settle();
    expect(page.loads).toHaveLength(3);
    page.loads[2]!.resolve(listed([throne], 2_000));
    await settle();
    expect(page.context()).toMatchObject({ files: [throne], usage: { usedBytes: 2_000 } });
  });

  it('counts again from a new answer when a file is stored while the list loads', async () => {
    const page = startPage();
    page.actor.send({ type: 'files.add', files: [png('trone.png')] });
    page.sends[0]!.report({ type: 'upload.stored', file: { ...throne, existing: false } });
    await settle();
    // The first answer may have been counted before the file was stored: it is asked again.
    expect(page.loads).toHaveLength(2);
    page.loads[1]!.resolve(listed([throne], 2_000));
    await settle();
    expect(page.context().usage).toEqual({ usedBytes: 2_000, quotaBytes: QUOTA });
  });
});
