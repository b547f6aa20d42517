import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  journalMessages as m,
  type JournalPage,
  type JournalPageRemoved,
  type JournalPageSummary,
  type JournalSaveAnswer,
} from '../../src/api/schemas/journal';
import { JOURNAL_BODY_MAX, JOURNAL_PAGES_PER_GAME } from '../../src/domain/journal/rules';
import { conflictMarkers } from '../../src/domain/journal/merge';
import { journalPages } from '../../server/db/schema/index';
import { insertAcceptedPlayer, insertGame } from '../helpers/game-fixtures';
import { drivers, startTestServer, type RegisteredUser, type TestServer } from '../helpers/server';

type Answer<T> = T & { error?: string };

/** The events of `name` a socket heard, gathered from now on. */
function heard<T>(socket: Socket, name: string): T[] {
  const events: T[] = [];
  socket.on(name, (payload: T) => events.push(payload));
  return events;
}

describe.each(drivers)('the journal (%s)', (driver) => {
  let t: TestServer;
  let mj: RegisteredUser;
  let player: RegisteredUser;
  let outsider: RegisteredUser;
  let gameId: string;

  beforeAll(async () => {
    t = await startTestServer({ driver });
    [mj, player, outsider] = await t.registerMany(3);
    gameId = await insertGame(t.database.db, mj.userId, 'Les Terres Brisées');
    await insertAcceptedPlayer(t.database.db, gameId, mj.userId, player.userId);
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>, user = mj, game = gameId) =>
    t.api<Answer<JournalPage>>('POST', `/game-data/${game}/journal`, body, user.token);
  const list = (user: RegisteredUser) =>
    t.api<Answer<JournalPageSummary[]>>('GET', `/game-data/${gameId}/journal`, undefined, user.token);
  const read = (user: RegisteredUser, id: string) =>
    t.api<Answer<JournalPage>>('GET', `/journal/${id}`, undefined, user.token);
  const save = (user: RegisteredUser, base: JournalPage, edit: { title?: string; body: string }) =>
    t.api<Answer<JournalSaveAnswer>>(
      'PUT',
      `/journal/${base.id}`,
      {
        title: edit.title ?? base.title,
        body: edit.body,
        base: { version: base.version, title: base.title, body: base.body },
      },
      user.token,
    );
  const share = (id: string, shared: boolean, playersMayWrite: boolean, user = mj) =>
    t.api<Answer<JournalPage>>('PUT', `/journal/${id}/sharing`, { shared, playersMayWrite }, user.token);

  it('lets the MJ create, read, save and delete pages', async () => {
    const created = await create({ title: '  Séance 1 ', body: '# Arrivée\nLe port.', shared: true });
    expect(created).toMatchObject({
      status: 201,
      body: {
        title: 'Séance 1',
        body: '# Arrivée\nLe port.',
        shared: true,
        playersMayWrite: false,
        version: 1,
        gameId,
      },
    });
    const page = created.body;
    expect(page.updatedBy).toBe(mj.displayName);
    const saved = await save(mj, page, { body: '# Arrivée\nLe port, sous la pluie.' });
    expect(saved.body).toMatchObject({ outcome: 'saved', message: null, page: { version: 2 } });
    expect((await read(mj, page.id)).body.body).toBe('# Arrivée\nLe port, sous la pluie.');
    const deleted = await t.api('DELETE', `/journal/${page.id}`, undefined, mj.token);
    expect(deleted).toMatchObject({ status: 200, body: { message: m.deleted } });
    expect((await read(mj, page.id)).status).toBe(404);
  });

  it('never lets a private page reach a player, not even its title', async () => {
    const secret = (await create({ title: 'Le traître est Bran', body: 'Il trahira en séance 3.' })).body;
    const open = (await create({ title: 'Chronique', body: 'Tout le monde lit.', shared: true })).body;
    const seen = await list(player);
    expect(seen.status).toBe(200);
    expect(seen.body.map((page) => page.id)).toContain(open.id);
    expect(JSON.stringify(seen.body)).not.toContain('traître');
    expect((await list(mj)).body.map((page) => page.id)).toEqual(
      expect.arrayContaining([secret.id, open.id]),
    );
    expect(await read(player, secret.id)).toMatchObject({ status: 404, body: { error: m.notFound } });
    expect(await read(player, open.id)).toMatchObject({ status: 200, body: { body: 'Tout le monde lit.' } });
    expect(await save(player, secret, { body: 'effacé' })).toMatchObject({ status: 404 });
    expect((await read(mj, secret.id)).body.body).toBe('Il trahira en séance 3.');
  });

  it('lets a player write only where the MJ allows, and never share, create or delete', async () => {
    const page = (await create({ title: 'Notes du groupe', body: 'Début', shared: true })).body;
    expect(await save(player, page, { body: 'Début, suite' })).toMatchObject({
      status: 403,
      body: { error: m.readOnly },
    });
    const writable = (await share(page.id, true, true)).body;
    expect(writable.playersMayWrite).toBe(true);
    expect(await save(player, writable, { body: 'Début, suite' })).toMatchObject({
      status: 200,
      body: { outcome: 'saved', page: { body: 'Début, suite', updatedBy: player.displayName } },
    });
    expect(await share(page.id, false, false, player)).toMatchObject({
      status: 403,
      body: { error: m.masterOnly },
    });
    expect(await t.api('DELETE', `/journal/${page.id}`, undefined, player.token)).toMatchObject({
      status: 403,
    });
    expect(await create({ title: 'À moi' }, player)).toMatchObject({ status: 403 });
    expect((await read(mj, page.id)).status).toBe(200);
  });

  it('refuses outsiders everything', async () => {
    const page = (await create({ title: 'Ouverte', shared: true, playersMayWrite: true })).body;
    expect((await list(outsider)).status).toBe(403);
    expect((await read(outsider, page.id)).status).toBe(403);
    expect((await save(outsider, page, { body: 'intrus' })).status).toBe(403);
    expect((await read(mj, page.id)).body.body).toBe('');
  });

  it('merges two saves based on one version when they touch different lines', async () => {
    const base = (
      await create({
        title: 'Carnet',
        body: 'Le groupe arrive.\nUn orage éclate.\nFin.',
        shared: true,
        playersMayWrite: true,
      })
    ).body;
    await save(mj, base, { body: 'Le groupe arrive au port.\nUn orage éclate.\nFin.' });
    const late = await save(player, base, { body: 'Le groupe arrive.\nUn violent orage éclate.\nFin.' });
    expect(late.body).toMatchObject({
      outcome: 'merged',
      message: m.merged,
      page: { version: 3, body: 'Le groupe arrive au port.\nUn violent orage éclate.\nFin.' },
    });
  });

  it('keeps both versions of lines both changed, and says so in French', async () => {
    const base = (await create({ title: 'Butin', body: 'Or : 10', shared: true, playersMayWrite: true }))
      .body;
    await save(mj, base, { body: 'Or : 12' });
    const late = await save(player, base, { title: 'Butin partagé', body: 'Or : 15' });
    expect(late).toMatchObject({ status: 200, body: { outcome: 'conflicted', message: m.conflicted(1) } });
    expect(late.body.page.body).toBe(
      [
        conflictMarkers.first(mj.displayName),
        'Or : 12',
        conflictMarkers.second(player.displayName),
        'Or : 15',
        conflictMarkers.end,
      ].join('\n'),
    );
    expect(late.body.page.title).toBe('Butin partagé');
  });

  it('refuses a base version from the future, a long title, a long text, and changes nothing', async () => {
    const page = (await create({ title: 'Bornes', body: 'texte' })).body;
    expect(await save(mj, { ...page, version: 9 }, { body: 'autre' })).toMatchObject({
      status: 400,
      body: { error: m.badVersion },
    });
    expect(await save(mj, page, { title: 'x'.repeat(81), body: 'autre' })).toMatchObject({
      status: 400,
      body: { error: m.titleTooLong },
    });
    expect(await save(mj, page, { body: 'x'.repeat(JOURNAL_BODY_MAX + 1) })).toMatchObject({
      status: 400,
      body: { error: m.bodyTooLong },
    });
    expect(await create({ title: '   ' })).toMatchObject({ status: 400, body: { error: m.titleRequired } });
    expect((await read(mj, page.id)).body).toMatchObject({ body: 'texte', version: 1 });
    expect((await read(mj, 'pas-un-id')).status).toBe(404);
  });

  it('caps the pages of a game', async () => {
    const [owner] = await t.registerMany(1);
    const full = await insertGame(t.database.db, owner.userId, 'Pleine');
    await t.database.db
      .insert(journalPages)
      .values(
        Array.from({ length: JOURNAL_PAGES_PER_GAME - 1 }, (_, i) => ({ gameId: full, title: `Page ${i}` })),
      );
    expect((await create({ title: 'La dernière' }, owner, full)).status).toBe(201);
    expect(await create({ title: 'De trop' }, owner, full)).toMatchObject({
      status: 409,
      body: { error: m.tooMany },
    });
  });

  it('tells each change to whoever may read the page, and takes a page back from players', async () => {
    const [mjSocket, playerSocket] = await Promise.all([t.socket(mj.token), t.socket(player.token)]);
    const mjPages = heard<JournalPage>(mjSocket, 'journalPage');
    const playerPages = heard<JournalPage>(playerSocket, 'journalPage');
    const playerRemovals = heard<JournalPageRemoved>(playerSocket, 'journalPageRemoved');
    const secret = (await create({ title: 'Plans du MJ' })).body;
    const open = (await create({ title: 'Affiche', shared: true })).body;
    await share(open.id, false, false);
    // The removal is the last thing emitted, to both sockets' users one after the other.
    await expect.poll(() => playerRemovals.length).toBe(1);
    await expect.poll(() => mjPages.length).toBe(3);
    expect(mjPages.map((page) => page.id)).toEqual([secret.id, open.id, open.id]);
    expect(playerPages.map((page) => page.id)).toEqual([open.id]);
    expect(JSON.stringify(playerPages)).not.toContain('Plans du MJ');
    expect(playerRemovals).toEqual([{ gameId, id: open.id }]);
  });
});
