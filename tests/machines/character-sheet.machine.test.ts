import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise, type ActorRefFrom } from 'xstate';
import type { CharacterSheet, HeldMemory } from '../../src/api/schemas/characters';
import type { EquippedMemory } from '../../src/domain/character/equipment';
import { characterMessages as m } from '../../src/domain/character/messages';
import { noSkillPoints } from '../../src/domain/character/skills';
import { startingStats } from '../../src/domain/character/stats';
import {
  baseNumbers,
  characterSheetMachine,
  sheetEquipment,
  sheetFailures,
  shownNumbers,
  type SheetData,
} from '../../src/machines/character-sheet.machine';
import type { equipmentMachine, EquipmentChange } from '../../src/machines/equipment.machine';
import { deferred, settle, type Pending } from '../helpers/machine-model';

const bucket = 'https://images.shatteredrealms.fr/';
const blade: HeldMemory = {
  id: 'm-blade',
  name: 'Lame FOR',
  description: '',
  type: 'Arme',
  rang: 1,
  stat: [{ stat: 'athletisme', bonus: 2 }],
  story: '',
  equipped: false,
};
const sheet = {
  id: 'c-1',
  name: 'Aria',
  assetLink: null,
  ...startingStats(),
  skills: noSkillPoints(),
  soulCore: 0,
  memories: [blade],
  items: [{ id: 'i-shard', name: 'Dormant Soul Shard', description: '', type: '', value: 0, quantity: 2 }],
  echoes: [],
  runes: [],
  aspectAbilities: [],
} as unknown as CharacterSheet;
const data = (value: CharacterSheet = sheet, vitals: SheetData['vitals'] = null): SheetData => ({
  sheet: value,
  attacks: {},
  enchantments: {},
  vitals,
  gameName: 'La Crypte',
});
const wearing = (value: CharacterSheet, equipped: boolean): CharacterSheet => ({
  ...value,
  memories: value.memories.map((memory) => ({ ...memory, equipped })),
});

function startSheet() {
  const calls: Record<'bucket' | 'sheet' | 'image' | 'shards' | 'equip', Pending<unknown>[]> = {
    bucket: [],
    sheet: [],
    image: [],
    shards: [],
    equip: [],
  };
  const news = new Subject<
    { type: 'sheet.reload' } | { type: 'vitals.changed'; vitals: NonNullable<SheetData['vitals']> }
  >();
  const watched: unknown[] = [];
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
        'consume shards': answeredByTest('shards') as never,
        'watch sheet news': fromEventObservable(({ input }: { input: { playerId: string } }) => {
          watched.push(input);
          return news;
        }),
        equipment: sheetEquipment({
          actors: { 'change equipment': answeredByTest('equip') as never },
        }),
      },
    }),
    { input: { playerId: 'c-1', gameId: 'G1' } },
  ).start();
  const equipment = () =>
    actor.getSnapshot().children.equipment as ActorRefFrom<typeof equipmentMachine> | undefined;
  return { actor, calls, news, watched, equipment };
}

async function ready() {
  const s = startSheet();
  s.calls.bucket[0]!.resolve(bucket);
  s.calls.sheet[0]!.resolve(data());
  await settle();
  return s;
}

describe('character sheet', () => {
  it('reads the sheet of the player in its game', async () => {
    const s = await ready();
    expect(s.calls.sheet[0]!.input).toEqual({ playerId: 'c-1', gameId: 'G1' });
    expect(s.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(s.actor.getSnapshot().context.sheet).toBe(sheet);
    expect(s.actor.getSnapshot().context.gameName).toBe('La Crypte');
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
    s.calls.sheet[1]!.resolve(data({ ...sheet, soulCore: 40 }));
    await settle();
    expect(s.actor.getSnapshot().context.sheet).toMatchObject({ soulCore: 40 });
  });

  it('runs the equipment while the sheet is on screen, from what the character wears', async () => {
    const s = startSheet();
    expect(s.equipment()).toBeUndefined();
    s.calls.sheet[0]!.resolve(data(wearing(sheet, true)));
    await settle();
    expect(s.watched).toEqual([{ playerId: 'c-1' }]);
    const { equipped, base, shown } = s.equipment()!.getSnapshot().context;
    expect(equipped.map((item) => item.memoryId)).toEqual(['m-blade']);
    expect(base).toEqual(baseNumbers(sheet));
    expect(shown.skills.athletisme).toBe(base.skills.athletisme + 2);
  });

  it('reads the sheet again after its own change, and tells the equipment what the server has', async () => {
    const s = await ready();
    s.equipment()!.send({
      type: 'equipment.equip',
      memory: { memoryId: 'm-blade', name: 'Lame FOR', type: 'Arme', stat: blade.stat },
    });
    expect(s.calls.equip[0]!.input).toEqual({
      playerId: 'c-1',
      memoryId: 'm-blade',
      action: 'equip',
    } satisfies EquipmentChange);
    s.calls.equip[0]!.resolve([
      { memoryId: 'm-blade', name: 'Lame FOR', type: 'Arme', stat: blade.stat },
    ] satisfies EquippedMemory[]);
    await settle();
    expect(s.actor.getSnapshot().matches({ ready: 'reloading' })).toBe(true);
    const attacks = { 'm-blade': [] };
    s.calls.sheet[1]!.resolve({ ...data(wearing(sheet, true)), attacks });
    await settle();
    expect(s.actor.getSnapshot().context.attacks).toEqual(attacks);
    expect(
      s
        .equipment()!
        .getSnapshot()
        .context.equipped.map((item) => item.memoryId),
    ).toEqual(['m-blade']);
  });

  it("reads it again on the socket's equipmentChange, and the equipment follows", async () => {
    const s = await ready();
    s.news.next({ type: 'sheet.reload' });
    s.calls.sheet[1]!.resolve(data(wearing(sheet, true)));
    await settle();
    expect(s.equipment()!.getSnapshot().context.shown.skills.athletisme).toBe(
      baseNumbers(sheet).skills.athletisme + 2,
    );
  });

  it('shows its health at the table as read, then as each playerUpdate tells it, without reading again', async () => {
    const s = startSheet();
    s.calls.sheet[0]!.resolve(
      data(sheet, { currentHP: 30, maxHP: 30, currentSoulEssence: 100, maxSoulEssence: 100 }),
    );
    await settle();
    expect(s.actor.getSnapshot().context.vitals).toMatchObject({ currentHP: 30 });
    const hurt = { currentHP: 18, maxHP: 30, currentSoulEssence: 90, maxSoulEssence: 100 };
    s.news.next({ type: 'vitals.changed', vitals: hurt });
    expect(s.actor.getSnapshot().context.vitals).toEqual(hurt);
    expect(s.calls.sheet).toHaveLength(1);
  });

  it('refuses a shard quantity the character does not hold before any call', async () => {
    const s = await ready();
    for (const quantity of [0, 3, 1.5, Number.NaN]) {
      s.actor.send({ type: 'shard.consume', itemId: 'i-shard', quantity });
      expect(s.actor.getSnapshot().context.shardFeedback).toEqual({
        ok: false,
        text: m.shardQuantityInvalid,
      });
    }
    s.actor.send({ type: 'shard.consume', itemId: 'i-unknown', quantity: 1 });
    expect(s.calls.shards).toHaveLength(0);
    s.actor.send({ type: 'shard.feedback.dismiss' });
    expect(s.actor.getSnapshot().context.shardFeedback).toBeNull();
  });

  it("consumes shards on the server and keeps its sheet; a refusal shows the server's text", async () => {
    const s = await ready();
    s.actor.send({ type: 'shard.consume', itemId: 'i-shard', quantity: 2 });
    expect(s.actor.getSnapshot().matches({ ready: 'consumingShards' })).toBe(true);
    expect(s.calls.shards[0]!.input).toEqual({
      destinationId: 'c-1',
      selectedObjectId: 'i-shard',
      quantity: 2,
    });
    const after = { ...sheet, soulCore: 18, items: [] };
    s.calls.shards[0]!.resolve({ message: 'consommés', consumed: 2, sheet: after });
    await settle();
    expect(s.actor.getSnapshot().context).toMatchObject({
      sheet: { soulCore: 18 },
      shardFeedback: { ok: true, text: 'consommés' },
    });
    s.actor.send({ type: 'sheet.reload' });
    s.calls.sheet[1]!.resolve(data());
    await settle();
    s.actor.send({ type: 'shard.consume', itemId: 'i-shard', quantity: 1 });
    s.calls.shards[1]!.reject({ body: { error: m.soulCoreFull } });
    await settle();
    expect(s.actor.getSnapshot().context.shardFeedback).toEqual({ ok: false, text: m.soulCoreFull });
    s.actor.send({ type: 'shard.consume', itemId: 'i-shard', quantity: 1 });
    s.calls.shards[2]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(s.actor.getSnapshot().context.shardFeedback).toEqual({ ok: false, text: sheetFailures.shard });
  });

  it('reads the sheet again once a call ends when a change was told during it, keeping the call’s answer', async () => {
    const s = await ready();
    s.actor.send({ type: 'shard.consume', itemId: 'i-shard', quantity: 1 });
    // The server tells of the consumption before it answers it.
    s.news.next({ type: 'sheet.reload' });
    expect(s.actor.getSnapshot().matches({ ready: 'consumingShards' })).toBe(true);
    expect(s.calls.sheet).toHaveLength(1);
    s.calls.shards[0]!.resolve({ message: 'consommé', consumed: 1, sheet: { ...sheet, soulCore: 9 } });
    await settle();
    expect(s.actor.getSnapshot().matches({ ready: 'reloading' })).toBe(true);
    expect(s.actor.getSnapshot().context.shardFeedback).toEqual({ ok: true, text: 'consommé' });
    s.calls.sheet[1]!.resolve(data({ ...sheet, soulCore: 36 }));
    await settle();
    expect(s.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(s.actor.getSnapshot().context).toMatchObject({
      sheet: { soulCore: 36 },
      shardFeedback: { ok: true, text: 'consommé' },
      reloadDue: false,
    });

    s.actor.send({ type: 'image.change', link: '' });
    s.news.next({ type: 'sheet.reload' });
    s.calls.image[0]!.resolve({ ...sheet, assetLink: null });
    await settle();
    expect(s.calls.sheet).toHaveLength(3);
  });
  it('takes a consumption or an image asked while the sheet is read again, and reads it again after', async () => {
    const s = await ready();
    s.actor.send({ type: 'sheet.reload' });
    // A click during the reload an equipment change started used to be dropped unsaid.
    s.actor.send({ type: 'shard.consume', itemId: 'i-shard', quantity: 1 });
    expect(s.actor.getSnapshot().matches({ ready: 'consumingShards' })).toBe(true);
    expect(s.calls.shards[0]!.input).toEqual({
      destinationId: 'c-1',
      selectedObjectId: 'i-shard',
      quantity: 1,
    });
    s.calls.shards[0]!.resolve({ message: 'consommé', consumed: 1, sheet: { ...sheet, soulCore: 27 } });
    await settle();
    expect(s.actor.getSnapshot().matches({ ready: 'reloading' })).toBe(true);
    s.calls.sheet[2]!.resolve(data({ ...sheet, soulCore: 27 }));
    await settle();
    expect(s.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);

    s.actor.send({ type: 'sheet.reload' });
    s.actor.send({ type: 'shard.consume', itemId: 'i-shard', quantity: 5 });
    expect(s.actor.getSnapshot().matches({ ready: 'reloading' })).toBe(true);
    expect(s.actor.getSnapshot().context.shardFeedback).toEqual({ ok: false, text: m.shardQuantityInvalid });
    s.actor.send({ type: 'image.change', link: '' });
    expect(s.actor.getSnapshot().matches({ ready: 'savingImage' })).toBe(true);
    s.calls.image[0]!.resolve({ ...sheet, assetLink: null });
    await settle();
    expect(s.actor.getSnapshot().matches({ ready: 'reloading' })).toBe(true);
    expect(s.calls.sheet).toHaveLength(5);
  });
});

describe('the numbers a sheet shows', () => {
  it('add the worn memories’ bonuses: the table’s « Compétences » rolls what the sheet says', () => {
    const base = baseNumbers(sheet).skills.athletisme;
    expect(shownNumbers(sheet).skills.athletisme).toBe(base);
    expect(shownNumbers(wearing(sheet, true)).skills.athletisme).toBe(base + 2);
    expect(shownNumbers(wearing(sheet, true)).skills.perception).toBe(baseNumbers(sheet).skills.perception);
  });
});
