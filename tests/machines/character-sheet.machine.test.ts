import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CharacterSheet } from '../../src/api/schemas/characters';
import { characterMessages as m } from '../../src/domain/character/messages';
import { characterSheetMachine, sheetFailures } from '../../src/machines/character-sheet.machine';
import { deferred, settle, type Pending } from '../helpers/machine-model';

const bucket = 'https://images.shatteredrealms.fr/';
const sheet = { id: 'c-1', name: 'Aria', assetLink: null } as unknown as CharacterSheet;

function startSheet() {
  const calls: Record<'bucket' | 'sheet' | 'image', Pending<unknown>[]> = {
    bucket: [],
    sheet: [],
    image: [],
  };
  const answeredByTest = (name: keyof typeof calls) =>
    fromPromise(({ input }: { input: unknown }) => {
      const call = deferred<unknown>(input);
      calls[name].push(call);
      return call.promise;
    });
  const actor = createActor(
    characterSheetMachine.provide({
      actors: {
        'load image bucket': answeredByTest('bucket') as never,
        'load sheet': answeredByTest('sheet') as never,
        'update image': answeredByTest('image') as never,
      },
    }),
    { input: { playerId: 'c-1', gameId: 'G1' } },
  ).start();
  return { actor, calls };
}

async function ready() {
  const s = startSheet();
  s.calls.bucket[0]!.resolve(bucket);
  s.calls.sheet[0]!.resolve(sheet);
  await settle();
  return s;
}

describe('character sheet', () => {
  it('reads the sheet of the player in its game', async () => {
    const s = await ready();
    expect(s.calls.sheet[0]!.input).toEqual({ playerId: 'c-1', gameId: 'G1' });
    expect(s.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(s.actor.getSnapshot().context.sheet).toBe(sheet);
  });

  it("shows the server's refusal, or its own text, and reads again on demand", async () => {
    const s = startSheet();
    s.calls.sheet[0]!.reject({
      body: { error: "Vous n'êtes pas autorisé à modifier ou consulter ce personnage." },
    });
    await settle();
    expect(s.actor.getSnapshot().value).toBe('failed');
    expect(s.actor.getSnapshot().context.loadError).toMatch(/pas autorisé/);
    s.actor.send({ type: 'sheet.reload' });
    s.calls.sheet[1]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(s.actor.getSnapshot().context.loadError).toBe(sheetFailures.load);
  });

  it('refuses an image link off the rule before any call', async () => {
    const s = await ready();
    s.actor.send({ type: 'image.change', link: 'https://ailleurs.fr/Player_Aria.png' });
    expect(s.actor.getSnapshot().context.imageError).toBe(m.invalidImageLink);
    expect(s.calls.image).toHaveLength(0);
    s.actor.send({ type: 'image.feedback.dismiss' });
    expect(s.actor.getSnapshot().context.imageError).toBeNull();
  });

  it("saves a good link and keeps the server's sheet; a failure reads 'Erreur.'", async () => {
    const s = await ready();
    s.actor.send({ type: 'image.change', link: ` ${bucket}Player_Aria.png ` });
    expect(s.calls.image[0]!.input).toEqual({ playerId: 'c-1', assetLink: `${bucket}Player_Aria.png` });
    const updated = { ...sheet, assetLink: `${bucket}Player_Aria.png` };
    s.calls.image[0]!.resolve(updated);
    await settle();
    expect(s.actor.getSnapshot().context.sheet).toEqual(updated);
    s.actor.send({ type: 'image.change', link: '' });
    expect(s.calls.image[1]!.input).toEqual({ playerId: 'c-1', assetLink: null });
    s.calls.image[1]!.reject(new Error('500'));
    await settle();
    expect(s.actor.getSnapshot().context.imageError).toBe(m.imageUpdateFailed);
  });

  it('keeps the sheet on screen while reading it again', async () => {
    const s = await ready();
    s.actor.send({ type: 'sheet.reload' });
    expect(s.actor.getSnapshot().matches({ ready: 'reloading' })).toBe(true);
    expect(s.actor.getSnapshot().context.sheet).toBe(sheet);
    s.calls.sheet[1]!.resolve({ ...sheet, soulCore: 40 });
    await settle();
    expect(s.actor.getSnapshot().context.sheet).toMatchObject({ soulCore: 40 });
  });
});
