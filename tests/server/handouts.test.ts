import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StoredFile } from '../../src/api/schemas/files';
import type {
  HandoutLibrary,
  HandoutShownEvent,
  HandoutTakenBackEvent,
  HandoutView,
} from '../../src/api/schemas/handouts';
import type { ShownHandout } from '../../src/domain/handouts';
import { downloadFile, noisyPicture, uploadFile } from '../helpers/files';
import { insertAcceptedPlayer, insertGame } from '../helpers/game-fixtures';
import { drivers, startTestServer, type RegisteredUser, type TestServer } from '../helpers/server';
import { heardOn, joined, type TableClient } from '../helpers/table';

/**
 * Handouts (decision 0029): only the MJ prepares, shows and takes back; a player holds a handout,
 * its name and its picture only while it is shown to them, and the others never hear of it.
 */
describe.each(drivers)('handouts (%s)', (driver) => {
  let t: TestServer;
  let mj: RegisteredUser;
  let first: RegisteredUser;
  let second: RegisteredUser;
  let stranger: RegisteredUser;
  let gameId: string;
  let strangersGame: string;
  let picture: StoredFile;
  let letter: HandoutView;
  let portrait: HandoutView;
  let firstAtTable: TableClient;
  let secondAtTable: TableClient;
  const heard = {
    first: { shown: [] as HandoutShownEvent[], taken: [] as HandoutTakenBackEvent[] },
    second: { shown: [] as HandoutShownEvent[], taken: [] as HandoutTakenBackEvent[] },
  };

  const documentsOf = async (user: RegisteredUser) =>
    t.api<ShownHandout[] & { error?: string }>(
      'GET',
      `/game-data/${gameId}/documents`,
      undefined,
      user.token,
    );
  const show = (id: string, body: unknown, token = mj.token) =>
    t.api<HandoutView & { error?: string }>('POST', `/game-data/${gameId}/handouts/${id}/show`, body, token);
  const takeBack = (id: string, token = mj.token) =>
    t.api<HandoutView & { error?: string }>(
      'POST',
      `/game-data/${gameId}/handouts/${id}/take-back`,
      {},
      token,
    );
  const readPicture = async (user: RegisteredUser) =>
    (await downloadFile(t, picture.path, user.token)).status;

  beforeAll(async () => {
    t = await startTestServer({ driver });
    [mj, first, second, stranger] = await t.registerMany(4);
    gameId = await insertGame(t.database.db, mj.userId, 'Les Terres Brisées');
    strangersGame = await insertGame(t.database.db, stranger.userId, 'Autre partie');
    await insertAcceptedPlayer(t.database.db, gameId, mj.userId, first.userId);
    await insertAcceptedPlayer(t.database.db, gameId, mj.userId, second.userId);
    const uploaded = await uploadFile(
      t,
      gameId,
      'handout',
      await noisyPicture(400, 300).png().toBuffer(),
      mj.token,
    );
    expect(uploaded.status, uploaded.body.error).toBe(201);
    picture = uploaded.body;
    [firstAtTable, secondAtTable] = await Promise.all([joined(t, first, gameId), joined(t, second, gameId)]);
    for (const [who, client] of [
      ['first', firstAtTable],
      ['second', secondAtTable],
    ] as const) {
      heard[who].shown = heardOn(client.socket, 'handoutShown');
      heard[who].taken = heardOn(client.socket, 'handoutTakenBack');
    }
  });
  afterAll(() => t.close());

  it('is prepared by the MJ alone: a text or a picture of the game, never both', async () => {
    const created = await t.api<HandoutView>(
      'POST',
      `/game-data/${gameId}/handouts`,
      { title: 'Lettre du baron', text: 'Mon cher ami,\n\nLe pont est tombé.' },
      mj.token,
    );
    expect(created.status).toBe(201);
    letter = created.body;
    const withPicture = await t.api<HandoutView>(
      'POST',
      `/game-data/${gameId}/handouts`,
      { title: 'Portrait de la comtesse', fileId: picture.id },
      mj.token,
    );
    expect(withPicture.status).toBe(201);
    portrait = withPicture.body;

    const refusals = await Promise.all([
      t.api('POST', `/game-data/${gameId}/handouts`, { title: 'Faux', text: 'x' }, first.token),
      t.api(
        'POST',
        `/game-data/${gameId}/handouts`,
        { title: 'Les deux', text: 'x', fileId: picture.id },
        mj.token,
      ),
      t.api('POST', `/game-data/${gameId}/handouts`, { title: '  ', text: 'x' }, mj.token),
      t.api(
        'POST',
        `/game-data/${strangersGame}/handouts`,
        { title: 'Volée', fileId: picture.id },
        stranger.token,
      ),
      t.api('GET', `/game-data/${gameId}/handouts`, undefined, first.token),
    ]);
    expect(refusals.map((answer) => answer.status)).toEqual([403, 400, 400, 400, 403]);
    expect(refusals[1]!.body).toEqual({ error: 'Un document est un texte ou une image, l’un des deux.' });
    expect(refusals[3]!.body).toEqual({ error: 'Cette image n’est pas une aide de jeu de cette partie.' });

    const library = await t.api<HandoutLibrary>('GET', `/game-data/${gameId}/handouts`, undefined, mj.token);
    expect(library.body.handouts.map((handout) => handout.title)).toEqual([
      'Portrait de la comtesse',
      'Lettre du baron',
    ]);
    expect(library.body.players.map((player) => player.userId).toSorted()).toEqual(
      [first.userId, second.userId].toSorted(),
    );
  });

  it('is nothing to a player before it is shown: no document, and its picture is 404', async () => {
    expect((await documentsOf(first)).body).toEqual([]);
    expect(await readPicture(first)).toBe(404);
    expect(await readPicture(mj)).toBe(200);
  });

  it('is shown only by the MJ, only to the game’s players', async () => {
    const refusals = await Promise.all([
      show(portrait.id, { to: 'all' }, first.token),
      takeBack(portrait.id, first.token),
      show(portrait.id, { to: 'chosen', userIds: [stranger.userId] }),
      show(portrait.id, { to: 'chosen', userIds: [] }),
      show('00000000-0000-4000-8000-000000000000', { to: 'all' }),
      t.api(
        'POST',
        `/game-data/${strangersGame}/handouts/${portrait.id}/show`,
        { to: 'all' },
        stranger.token,
      ),
    ]);
    expect(refusals.map((answer) => answer.status)).toEqual([403, 403, 400, 400, 404, 404]);
    expect(refusals[2]!.body).toEqual({
      error: 'Seuls les joueurs de la partie peuvent recevoir un document.',
    });
    expect(refusals[3]!.body).toEqual({ error: 'Choisissez au moins un joueur.' });
    expect((await documentsOf(first)).body).toEqual([]);
    expect(heard.first.shown).toEqual([]);
  });

  it('reaches the chosen player at once and in their documents; the other hears nothing, not even its name', async () => {
    expect((await show(letter.id, { to: 'chosen', userIds: [first.userId] })).status).toBe(200);
    const shown = await show(portrait.id, { to: 'chosen', userIds: [first.userId] });
    expect(shown.body.recipients.map((recipient) => recipient.userId)).toEqual([first.userId]);

    await vi.waitFor(() => expect(heard.first.shown).toHaveLength(2));
    expect(heard.first.shown[0]).toMatchObject({
      gameId,
      handout: {
        id: letter.id,
        title: 'Lettre du baron',
        text: 'Mon cher ami,\n\nLe pont est tombé.',
        fileId: null,
      },
    });
    expect(heard.first.shown[1]!.handout).toMatchObject({
      title: 'Portrait de la comtesse',
      fileId: picture.id,
    });

    const documents = (await documentsOf(first)).body;
    expect(documents.map((document) => document.title)).toEqual([
      'Portrait de la comtesse',
      'Lettre du baron',
    ]);
    expect(await readPicture(first)).toBe(200);

    expect((await documentsOf(second)).body).toEqual([]);
    expect(await readPicture(second)).toBe(404);
  });

  it('is read by no one outside the game', async () => {
    expect((await documentsOf(stranger)).status).toBe(403);
    expect(await readPicture(stranger)).toBe(403);
  });

  it('taken back, leaves the player’s documents and its picture is 404 again', async () => {
    expect((await takeBack(portrait.id)).body.recipients).toEqual([]);
    await vi.waitFor(() => expect(heard.first.taken).toEqual([{ gameId, handoutId: portrait.id }]));
    expect(await readPicture(first)).toBe(404);
    expect((await documentsOf(first)).body.map((document) => document.title)).toEqual(['Lettre du baron']);
  });

  it('shown to all reaches every player; deleted, it is taken back from each', async () => {
    expect((await show(portrait.id, { to: 'all' })).body.recipients).toHaveLength(2);
    await vi.waitFor(() => expect(heard.second.shown).toHaveLength(1));
    // The second player's first event is this one: the letter and the earlier showing never reached them.
    expect(heard.second.shown[0]!.handout.id).toBe(portrait.id);
    expect(heard.second.taken).toEqual([]);
    expect(await readPicture(second)).toBe(200);

    expect(
      (await t.api('DELETE', `/game-data/${gameId}/handouts/${portrait.id}`, undefined, first.token)).status,
    ).toBe(403);
    expect(
      (await t.api('DELETE', `/game-data/${gameId}/handouts/${portrait.id}`, undefined, mj.token)).status,
    ).toBe(200);
    await vi.waitFor(() => expect(heard.second.taken).toEqual([{ gameId, handoutId: portrait.id }]));
    expect(await readPicture(second)).toBe(404);
    expect((await documentsOf(second)).body).toEqual([]);
    expect(JSON.stringify(await documentsOf(second))).not.toContain('Lettre du baron');
  });
});
