import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENING_NOTES_MAX,
  recapMessages as m,
  type EveningRecap,
  type LastTimeAnswer,
  type RecapEvening,
} from '../../src/api/schemas/recap';
import type { TableEvent } from '../../src/domain/table/types';
import { drivers, rawQuery, startTestServer, type RegisteredUser, type TestServer } from '../helpers/server';
import {
  joined,
  MAP,
  monsterDraft,
  placeToken,
  playerDraft,
  serverState,
  tableParty,
  type TableClient,
  type TableParty,
} from '../helpers/table';

type Answer<T> = T & { error?: string };
const forbidden = "Vous n'êtes pas autorisé à accéder à cette partie...";

describe.each(drivers)('the recap of an evening (%s)', (driver) => {
  let t: TestServer;
  let p: TableParty;
  let mj: TableClient;
  let spectre: string;

  const recap = (user: RegisteredUser, query = '') =>
    t.api<Answer<EveningRecap>>('GET', `/game-data/${p.gameId}/recap${query}`, undefined, user.token);
  const notes = (user: RegisteredUser, body: unknown) =>
    t.api<Answer<EveningRecap>>('PUT', `/game-data/${p.gameId}/recap/notes`, body, user.token);
  const lastTime = (user: RegisteredUser) =>
    t.api<Answer<LastTimeAnswer>>('GET', `/game-data/${p.gameId}/recap/last-time`, undefined, user.token);

  beforeAll(async () => {
    t = await startTestServer({ driver });
    p = await tableParty(t);
    mj = await joined(t, p.mj, p.gameId);
    const aria = await placeToken(t, p.gameId, mj, playerDraft(p.ownerCharacter, { x: 10, y: 7.5 }));
    spectre = await placeToken(t, p.gameId, mj, monsterDraft(p, 'Spectre', { x: 15, y: 7.5, hidden: true }));
    const goblin = await placeToken(t, p.gameId, mj, monsterDraft(p, 'Gobelin', { x: 10, y: 15 }));
    for (const attackerId of [spectre, goblin, spectre]) {
      const answer = await mj.send('attack', {
        gameId: p.gameId,
        map: MAP,
        attackerId,
        attack: { kind: 'monster' },
        targetId: aria,
      });
      expect(answer).toEqual({ ok: true });
    }
  });
  afterAll(async () => {
    mj.socket.close();
    await t.close();
  });

  it('tells the MJ of the hidden spectre, the player nothing of it', async () => {
    const spectreName = (await serverState(t, p.gameId)).tokens[MAP]![spectre]!.name;
    const master = await recap(p.mj);
    expect(master.status).toBe(200);
    expect(master.body.evening).toMatchObject({ number: 1, firstSeq: 1 });
    expect(master.body.mayWriteNotes).toBe(true);
    const aria = master.body.recap.combatants.find((one) => one.name === 'Aria');
    expect(aria?.opponents).toEqual(expect.arrayContaining([spectreName, 'Gobelin 1']));
    const player = await recap(p.owner);
    expect(player.status).toBe(200);
    expect(player.body.mayWriteNotes).toBe(false);
    expect(JSON.stringify(player.body)).not.toContain('Spectre');
    expect(player.body.recap.combatants.find((one) => one.name === 'Aria')?.taken).toBe(aria?.taken);
  });

  it('lets members alone read it, and names a missing evening', async () => {
    expect(await recap(p.outsider)).toMatchObject({ status: 403, body: { error: forbidden } });
    expect(await recap(p.kicked)).toMatchObject({ status: 403, body: { error: forbidden } });
    expect(await recap(p.mj, '?evening=4')).toMatchObject({
      status: 404,
      body: { error: m.eveningNotFound },
    });
    expect(await recap(p.mj, '?evening=zéro')).toMatchObject({ status: 400, body: { error: m.badEvening } });
    const evenings = await t.api<RecapEvening[]>(
      'GET',
      `/game-data/${p.gameId}/recap/evenings`,
      undefined,
      p.other.token,
    );
    expect(evenings.body).toHaveLength(1);
  });

  it('takes the MJ’s lines, up to 2,000 characters, from the MJ alone', async () => {
    expect(await notes(p.owner, { evening: 1, notes: 'Moi aussi' })).toMatchObject({
      status: 403,
      body: { error: m.masterOnly },
    });
    expect(await notes(p.mj, { evening: 1, notes: 'x'.repeat(EVENING_NOTES_MAX + 1) })).toMatchObject({
      status: 400,
      body: { error: m.notesTooLong },
    });
    expect(await notes(p.mj, { evening: 2, notes: 'Ailleurs' })).toMatchObject({ status: 404 });
    const saved = await notes(p.mj, { evening: 1, notes: 'Le spectre rôde encore.' });
    expect(saved).toMatchObject({ status: 200, body: { notes: 'Le spectre rôde encore.' } });
    expect((await recap(p.owner)).body.notes).toBe('Le spectre rôde encore.');
  });

  it('exports the evening as the exporter read it, named for its date', async () => {
    const markdown = await t.api<string>(
      'GET',
      `/game-data/${p.gameId}/recap/export.md?timeZone=Europe/Paris`,
      undefined,
      p.owner.token,
    );
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get('content-disposition')).toMatch(
      /^attachment; filename="seance-\d{4}-\d\d-\d\d\.md"$/,
    );
    expect(markdown.body).toContain('## Résumé de la séance');
    expect(markdown.body).toContain('Le spectre rôde encore.');
    expect(markdown.body.replace('Le spectre rôde encore.', '')).not.toContain('pectre');
    const json = await t.api<{ events: TableEvent[] }>(
      'GET',
      `/game-data/${p.gameId}/recap/export.json`,
      undefined,
      p.owner.token,
    );
    expect(json.headers.get('content-disposition')).toMatch(/filename="seance-.*\.json"/);
    expect(json.body.events.some((event) => event.type === 'redacted')).toBe(true);
    expect(JSON.stringify(json.body)).not.toContain('Spectre');
    const whole = await t.api<{ events: TableEvent[] }>(
      'GET',
      `/game-data/${p.gameId}/recap/export.json`,
      undefined,
      p.mj.token,
    );
    expect(JSON.stringify(whole.body)).toContain('Spectre');
    expect(
      await t.api(
        'GET',
        `/game-data/${p.gameId}/recap/export.md?timeZone=Mars/Olympus`,
        undefined,
        p.mj.token,
      ),
    ).toMatchObject({ status: 400, body: { error: m.badTimeZone } });
  });

  it('tells « La dernière fois… » once per user after a pause, and not during the evening', async () => {
    expect((await lastTime(p.owner)).body).toEqual({ recap: null });
    await rawQuery(
      t,
      `update table_events set created_at = created_at - interval '2 days' where game_id = $1`,
      [p.gameId],
    );
    const told = await lastTime(p.owner);
    expect(told.body.recap?.evening).toMatchObject({ number: 1, firstSeq: 1 });
    expect(JSON.stringify(told.body)).not.toContain('Spectre');
    expect(
      await t.api('PUT', `/game-data/${p.gameId}/recap/last-time`, { firstSeq: 1 }, p.owner.token),
    ).toMatchObject({ status: 200 });
    expect((await lastTime(p.owner)).body).toEqual({ recap: null });
    expect((await lastTime(p.mj)).body.recap?.evening.number).toBe(1);
    expect(await lastTime(p.outsider)).toMatchObject({ status: 403 });
    expect(
      await t.api('PUT', `/game-data/${p.gameId}/recap/last-time`, { firstSeq: 1 }, p.outsider.token),
    ).toMatchObject({ status: 403 });
  });
});
