import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileMessages, type StoredFile } from '../../src/api/schemas/files';
import type { HandoutLibrary, HandoutView } from '../../src/api/schemas/handouts';
import type { HistoryEvents, HistoryPoint } from '../../src/api/schemas/history';
import type { ShownHandout } from '../../src/domain/handouts';
import { documentsOf as documentsInCopy } from '../../src/domain/table/handouts';
import type { TableEvent } from '../../src/domain/table/types';
import { downloadFile, noisyPicture, uploadFile } from '../helpers/files';
import { insertAcceptedPlayer, insertGame } from '../helpers/game-fixtures';
import { drivers, startTestServer, type RegisteredUser, type TestServer } from '../helpers/server';
import { joined, seat, serverState, type TableClient } from '../helpers/table';

/**
 * Handouts (decisions 0029, 0041): only the MJ prepares, shows and takes back; a player holds a
 * handout, its name and its picture only while it is shown to them, and the others never hear of
 * it — live, in a catch-up or in a replay.
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
  /** The handout events a seated player's socket heard (a redacted seq is no handout event). */
  const heard = (client: TableClient) => ({
    shown: client.heard.flatMap((event) => (event.type === 'handout.shown' ? [event.payload] : [])),
    taken: client.heard.flatMap((event) => (event.type === 'handout.takenBack' ? [event.payload] : [])),
  });
  const history = <T>(path: string, user: RegisteredUser) =>
    t.api<T>('GET', `/game-data/${gameId}/history${path}`, undefined, user.token);

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
    expect(heard(firstAtTable).shown).toEqual([]);
  });

  it('reaches the chosen player at once and in their documents; the other hears nothing, not even its name', async () => {
    expect((await show(letter.id, { to: 'chosen', userIds: [first.userId] })).status).toBe(200);
    const shown = await show(portrait.id, { to: 'chosen', userIds: [first.userId] });
    expect(shown.body.recipients.map((recipient) => recipient.userId)).toEqual([first.userId]);

    await vi.waitFor(() => expect(heard(firstAtTable).shown).toHaveLength(2));
    expect(heard(firstAtTable).shown[0]).toMatchObject({
      handout: {
        id: letter.id,
        title: 'Lettre du baron',
        text: 'Mon cher ami,\n\nLe pont est tombé.',
        fileId: null,
      },
      recipients: [first.userId],
    });
    expect(heard(firstAtTable).shown[1]!.handout).toMatchObject({
      title: 'Portrait de la comtesse',
      fileId: picture.id,
    });
    // The other player's copy went on by two seqs of which they know nothing.
    const { lastSeq } = await serverState(t, gameId);
    await secondAtTable.reach(lastSeq);
    expect(heard(secondAtTable).shown).toEqual([]);
    expect(JSON.stringify(secondAtTable.heard)).not.toContain(letter.id);
    expect(JSON.stringify(secondAtTable.inbox.state)).not.toContain('Lettre du baron');
    expect(documentsInCopy(firstAtTable.inbox.state.handouts, first.userId).map(({ id }) => id)).toEqual([
      portrait.id,
      letter.id,
    ]);

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
    await vi.waitFor(() =>
      expect(heard(firstAtTable).taken).toEqual([{ handoutId: portrait.id, recipients: [first.userId] }]),
    );
    expect(await readPicture(first)).toBe(404);
    expect((await documentsOf(first)).body.map((document) => document.title)).toEqual(['Lettre du baron']);
  });

  it('shown to all reaches every player; deleted, it is taken back from each', async () => {
    expect((await show(portrait.id, { to: 'all' })).body.recipients).toHaveLength(2);
    await vi.waitFor(() => expect(heard(secondAtTable).shown).toHaveLength(1));
    // The second player's first handout is this one: the letter and the earlier showing never reached them.
    expect(heard(secondAtTable).shown[0]!.handout.id).toBe(portrait.id);
    expect(heard(secondAtTable).shown[0]!.recipients).toEqual([second.userId]);
    expect(heard(secondAtTable).taken).toEqual([]);
    expect(await readPicture(second)).toBe(200);

    // Its picture is not deleted from under it: the players' documents would keep a broken picture.
    const fileDeleted = await t.api<{ error?: string }>(
      'DELETE',
      `/game-data/${gameId}/files/${picture.id}`,
      undefined,
      mj.token,
    );
    expect(fileDeleted.status).toBe(409);
    expect(fileDeleted.body.error).toBe(fileMessages.inHandout(portrait.title));
    expect(await readPicture(second)).toBe(200);

    expect(
      (await t.api('DELETE', `/game-data/${gameId}/handouts/${portrait.id}`, undefined, first.token)).status,
    ).toBe(403);
    expect(
      (await t.api('DELETE', `/game-data/${gameId}/handouts/${portrait.id}`, undefined, mj.token)).status,
    ).toBe(200);
    await vi.waitFor(() =>
      expect(heard(secondAtTable).taken).toEqual([{ handoutId: portrait.id, recipients: [second.userId] }]),
    );
    expect(await readPicture(second)).toBe(404);
    expect((await documentsOf(second)).body).toEqual([]);
    expect(JSON.stringify(await documentsOf(second))).not.toContain('Lettre du baron');
  });

  it('shown while a player’s socket was down, reaches them with the catch-up as they come back', async () => {
    const missed = await t.api<HandoutView>(
      'POST',
      `/game-data/${gameId}/handouts`,
      { title: 'Carte du passeur', text: 'Au gué, trois pierres blanches.' },
      mj.token,
    );
    firstAtTable.socket.disconnect();
    expect((await show(missed.body.id, { to: 'chosen', userIds: [first.userId] })).status).toBe(200);

    const back = await seat(t, first, gameId, firstAtTable.inbox);
    await back.catchUp();
    expect(heard(back).shown.map(({ handout }) => handout.title)).toEqual(['Carte du passeur']);
    expect(documentsInCopy(back.inbox.state.handouts, first.userId).map(({ title }) => title)).toEqual([
      'Carte du passeur',
      'Lettre du baron',
    ]);
    firstAtTable = back;
  });

  it('is in a player’s replay only when it was theirs; the MJ replays every one', async () => {
    const { lastSeq } = await serverState(t, gameId);
    const titlesAt = async (user: RegisteredUser) =>
      Object.values((await history<HistoryPoint>(`/state?seq=${lastSeq}`, user)).body.state.handouts ?? {})
        .map(({ title }) => title)
        .toSorted();
    expect(await titlesAt(first)).toEqual(['Carte du passeur', 'Lettre du baron']);
    expect(await titlesAt(second)).toEqual([]);
    expect(await titlesAt(mj)).toEqual(['Carte du passeur', 'Lettre du baron']);

    // Played on from the start, the second player's events name the portrait they were shown, never the letter.
    const played = (await history<HistoryEvents>('/events?after=0', second)).body.events as TableEvent[];
    expect(played.filter((event) => event.type === 'handout.shown')).toHaveLength(1);
    expect(JSON.stringify(played)).toContain('Portrait de la comtesse');
    expect(JSON.stringify(played)).not.toContain('Lettre du baron');
    expect(JSON.stringify(played)).not.toContain(letter.id);
  });
});
