import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameFiles, StoredFile } from '../../src/api/schemas/files';
import type { GameResource } from '../../src/api/schemas/resources';
import { downloadFile, mp3Sound, noisyPicture, uploadFile } from '../helpers/files';
import { insertGame } from '../helpers/game-fixtures';
import { drivers, startTestServer, type RegisteredUser, type TestServer } from '../helpers/server';

describe.each(drivers)('a resource’s stored picture (%s)', (driver) => {
  let t: TestServer;
  let mj: RegisteredUser;
  let otherMj: RegisteredUser;
  let gameId: string;
  let otherGameId: string;
  let map: StoredFile;
  let portrait: StoredFile;
  let sound: StoredFile;
  let handout: StoredFile;
  let foreign: StoredFile;

  async function uploaded(
    game: string,
    kind: Parameters<typeof uploadFile>[2],
    bytes: Uint8Array,
    token: string,
  ) {
    const response = await uploadFile(t, game, kind, bytes, token);
    expect(response.status, response.body.error).toBe(201);
    return response.body;
  }

  beforeAll(async () => {
    t = await startTestServer({ driver });
    [mj, otherMj] = await t.registerMany(2);
    gameId = await insertGame(t.database.db, mj.userId, 'Les Terres Brisées');
    otherGameId = await insertGame(t.database.db, otherMj.userId, 'Autre partie');
    const picture = await noisyPicture(320, 200).png().toBuffer();
    map = await uploaded(gameId, 'map', picture, mj.token);
    portrait = await uploaded(gameId, 'portrait', await noisyPicture(64, 64, 2).png().toBuffer(), mj.token);
    sound = await uploaded(gameId, 'audio', mp3Sound(), mj.token);
    handout = await uploaded(gameId, 'handout', await noisyPicture(90, 60, 3).png().toBuffer(), mj.token);
    foreign = await uploaded(otherGameId, 'map', picture, otherMj.token);
  });
  afterAll(() => t.close());

  const create = (category: 'map' | 'monster', body: object) =>
    t.api<GameResource & { error?: string }>('POST', `/game-data/${gameId}/${category}`, body, mj.token);
  const mapsOfGame = async () =>
    (await t.api<GameResource[]>('GET', `/game-data/${gameId}/map`, undefined, mj.token)).body;

  it('a map and a monster may show a picture stored for their game', async () => {
    const made = await create('map', { name: 'Crypte', link: map.path });
    expect(made.status, made.body.error).toBe(201);
    expect(made.body).toMatchObject({ link: map.path });
    const monster = await create('monster', { name: 'Gobelin', assetLink: portrait.path });
    expect(monster.status, monster.body.error).toBe(201);
  });

  it.each([
    ['another game’s file', () => foreign.path],
    ['a sound', () => sound.path],
    ['a handout, which players may not read', () => handout.path],
    ['a file that does not exist', () => map.path.replace(map.id, '00000000-0000-4000-8000-000000000000')],
    ['an id that is no file id', () => map.path.replace(map.id, 'pas-un-id')],
  ])('refuses %s in French and stores nothing', async (_, path) => {
    const before = await mapsOfGame();
    const refused = await create('map', { name: 'Ailleurs', link: path() });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(
      'L’image choisie n’est pas un fichier de cette partie : envoyez-la comme carte, portrait ou image de personnage.',
    );
    expect(await mapsOfGame()).toEqual(before);
  });

  it('refuses a monster’s token naming another game’s file, and an edit doing so', async () => {
    const monster = await create('monster', { name: 'Orque', assetLink: null });
    expect((await create('monster', { name: 'Troll', assetLink: foreign.path })).status).toBe(400);
    const edit = await t.api(
      'PUT',
      `/game-data/${gameId}/monster/${monster.body.id}`,
      { name: 'Orque', assetLink: foreign.path },
      mj.token,
    );
    expect(edit.status).toBe(400);
  });

  it('keeps a file a map shows: its deletion is refused with the map’s name, then allowed once unused', async () => {
    const kept = await uploaded(gameId, 'map', await noisyPicture(200, 120, 7).png().toBuffer(), mj.token);
    const crypt = await create('map', { name: 'Salle du trône', link: kept.path });
    const refused = await t.api<{ error: string }>(
      'DELETE',
      `/game-data/${gameId}/files/${kept.id}`,
      undefined,
      mj.token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      'Ce fichier est l’image de la carte « Salle du trône » : changez-la avant de supprimer le fichier.',
    );
    const listed = await t.api<GameFiles>('GET', `/game-data/${gameId}/files`, undefined, mj.token);
    expect(listed.body.files.map((file) => file.id)).toContain(kept.id);

    await t.api('DELETE', `/game-data/${gameId}/map/${crypt.body.id}`, undefined, mj.token);
    const deleted = await t.api('DELETE', `/game-data/${gameId}/files/${kept.id}`, undefined, mj.token);
    expect(deleted.status).toBe(200);
  });

  it('keeps a file a monster shows as its token', async () => {
    const refused = await t.api<{ error: string }>(
      'DELETE',
      `/game-data/${gameId}/files/${portrait.id}`,
      undefined,
      mj.token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('du monstre « Gobelin »');
  });

  it('a map exported to the store brings its stored picture into the game that imports it', async () => {
    const made = await create('map', { name: 'Crypte exportée', link: map.path });
    const exported = await t.api<{ resource: GameResource }>(
      'POST',
      `/game-data/${gameId}/map/export`,
      { resourceId: made.body.id },
      mj.token,
    );
    expect(exported.status).toBe(200);
    const imported = await t.api<{ resource: GameResource & { link: string } }>(
      'POST',
      `/game-data/${otherGameId}/map/import`,
      { resourceId: exported.body.resource.storeEntryId },
      otherMj.token,
    );
    expect(imported.status).toBe(201);
    // The other game stores the same picture already (`foreign`): its copy is named, nothing copied.
    expect(imported.body.resource.link).toBe(foreign.path);

    const monster = await create('monster', { name: 'Gobelin exporté', assetLink: portrait.path });
    const sent = await t.api<{ resource: GameResource }>(
      'POST',
      `/game-data/${gameId}/monster/export`,
      { resourceId: monster.body.id },
      mj.token,
    );
    const brought = await t.api<{ resource: GameResource & { assetLink: string } }>(
      'POST',
      `/game-data/${otherGameId}/monster/import`,
      { resourceId: sent.body.resource.storeEntryId },
      otherMj.token,
    );
    expect(brought.status).toBe(201);
    const copyPath = brought.body.resource.assetLink;
    expect(copyPath).not.toBe(portrait.path);
    // The importing game's own file: its MJ reads it, the same bytes, and it counts in its list.
    const listed = await t.api<GameFiles>('GET', `/game-data/${otherGameId}/files`, undefined, otherMj.token);
    const copy = listed.body.files.find((file) => file.path === copyPath)!;
    expect(copy).toMatchObject({ kind: 'portrait', sha256: portrait.sha256 });
    const [original, copied] = await Promise.all([
      downloadFile(t, portrait.path, mj.token),
      downloadFile(t, copyPath, otherMj.token),
    ]);
    expect(copied.status).toBe(200);
    expect(copied.bytes.equals(original.bytes)).toBe(true);
  });
});
