import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type Actor, type ActorRefFrom, type AnyEventObject } from 'xstate';
import { ApiError } from '../../src/api/request';
import type { StoredFile } from '../../src/api/schemas/files';
import type { MapChoice } from '../../src/domain/table/types';
import { mapNameOfFile } from '../../src/domain/files';
import {
  fileUploadMachine,
  type FileUploadEvent,
  type SendFileInput,
  type UploadOutcome,
} from '../../src/machines/file-upload.machine';
import { mapImportMachine, type CreateMapInput } from '../../src/machines/map-import.machine';
import { each, everyTransition, inSameState, itVisitsEveryState, testEveryPath } from '../helpers/every-path';
import { answerLatest, pendingCalls } from '../helpers/fake-effects';
import { settle, type Pending } from '../helpers/machine-model';

const picture = new Blob(['png']);
const stored = { id: 'F1', kind: 'map', size: 3, path: '/shatteredrealms/api/files/F1' } as StoredFile;
const crypt: MapChoice = { id: 'M1', name: 'Crypte du roi', link: stored.path };
const refusal = 'Ce fichier n’est pas une image : PNG, JPEG ou WebP attendu.';
const outcome = (file: StoredFile | null, error: string | null): UploadOutcome => ({
  key: 'map-import',
  file,
  error,
});

type Snapshot = ReturnType<typeof mapImportMachine.getInitialSnapshot>;

const uploadOf = (actor: Actor<typeof mapImportMachine>) =>
  actor.getSnapshot().children.upload as ActorRefFrom<typeof fileUploadMachine>;

/** What the MJ, the upload and the server can do in each state. */
function modelEvents(snapshot: Snapshot): AnyEventObject[] {
  const drop = { type: 'map.import', file: picture, name: 'Crypte du roi.png' };
  if (snapshot.matches('idle')) return [drop];
  if (snapshot.matches('uploading'))
    return [
      { type: 'xstate.done.actor.upload', output: outcome(stored, null) },
      { type: 'xstate.done.actor.upload', output: outcome(null, refusal) },
      { type: 'xstate.done.actor.upload', output: outcome(null, null) },
    ];
  if (snapshot.matches('creating'))
    return [
      { type: 'xstate.done.actor.createMap', output: crypt },
      {
        type: 'xstate.error.actor.createMap',
        error: new ApiError(400, 'Nom trop long', { error: 'Le nom est trop long.' }),
      },
    ];
  return [{ type: 'import.dismiss' }, drop];
}

/** The table's map import with its upload's sending and its map creation faked, and what it shows. */
function startImport() {
  const sends: Array<{ input: SendFileInput; report: (event: FileUploadEvent) => void; stopped: boolean }> =
    [];
  const creations: Pending<MapChoice>[] = [];
  const shown: MapChoice[] = [];
  const actor = createActor(
    mapImportMachine.provide({
      actors: {
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
        'create map': pendingCalls<MapChoice, CreateMapInput>(creations),
      },
      actions: { 'show map': (_, map: MapChoice) => void shown.push(map) },
    }),
    { input: { gameId: 'G1' } },
  ).start();
  return { actor, sends, creations, shown };
}

describe('a picture dropped on the table: every transition', () => {
  const paths = everyTransition(mapImportMachine, modelEvents, { gameId: 'G1' });
  itVisitsEveryState(paths, mapImportMachine);

  testEveryPath(paths, (path) => {
    const table = startImport();
    const { actor } = table;
    // The upload ends as its child says: the server stores or refuses the file, or the MJ cancels.
    const endUpload = async ({ event }: { event: AnyEventObject }) => {
      const { file, error } = event.output as UploadOutcome;
      if (file) table.sends.at(-1)!.report({ type: 'upload.stored', file });
      else if (error) table.sends.at(-1)!.report({ type: 'upload.failed', error });
      else actor.send({ type: 'import.cancel' });
      await settle();
    };
    return {
      events: {
        ...each(['map.import', 'import.dismiss'], ({ event }) => void actor.send(event as never)),
        'xstate.done.actor.upload': endUpload,
        ...each(
          ['xstate.done.actor.createMap', 'xstate.error.actor.createMap'],
          answerLatest(table.creations),
        ),
      },
      states: inSameState(actor, {
        // Nothing on its way; a cancelled upload's sending was stopped and left nothing.
        idle: () => {
          for (const send of table.sends) expect(send.stopped).toBe(true);
        },
        // The file goes as a map of this game, under its own name, with « Annuler ».
        uploading: () => {
          expect(table.sends.at(-1)!.input).toEqual({ gameId: 'G1', kind: 'map', file: picture });
          expect(uploadOf(actor).getSnapshot().context).toMatchObject({
            name: 'Crypte du roi',
          });
        },
        // The stored file becomes a map named after the file.
        creating: () => {
          expect(table.creations.at(-1)!.input).toEqual({
            gameId: 'G1',
            name: 'Crypte du roi',
            link: stored.path,
          });
        },
        // The server's words, verbatim; no map shown.
        refused: () => {
          expect([refusal, 'Le nom est trop long.']).toContain(actor.getSnapshot().context.error);
        },
      }),
      // The map is shown once the server made it, and only then.
      afterPath: () => {
        const made = path.steps.some((step) => step.event.type === 'xstate.done.actor.createMap');
        expect(table.shown).toEqual(made ? [crypt] : []);
      },
    };
  });
});

describe('a picture dropped on the table', () => {
  it('shows the map it became once, when the server made it', async () => {
    const table = startImport();
    table.actor.send({ type: 'map.import', file: picture, name: 'Crypte du roi.png' });
    table.sends[0]!.report({ type: 'upload.progress', loaded: 1, total: 3 });
    expect(uploadOf(table.actor).getSnapshot().context.loaded).toBe(1);
    table.sends[0]!.report({ type: 'upload.stored', file: stored });
    await settle();
    expect(table.shown).toEqual([]);
    table.creations[0]!.resolve(crypt);
    await settle();
    expect(table.shown).toEqual([crypt]);
    expect(table.actor.getSnapshot().value).toBe('idle');
  });

  it('takes one picture at a time: a second drop while one is sent is ignored', () => {
    const table = startImport();
    table.actor.send({ type: 'map.import', file: picture, name: 'a.png' });
    table.actor.send({ type: 'map.import', file: picture, name: 'b.png' });
    expect(table.sends).toHaveLength(1);
  });

  it.each([
    ['Crypte du roi.png', 'Crypte du roi'],
    ['plan.v2.webp', 'plan.v2'],
    ['.png', '.png'],
    ['sans extension', 'sans extension'],
  ])('names the map of « %s » « %s »', (file, name) => {
    expect(mapNameOfFile(file)).toBe(name);
  });
});
