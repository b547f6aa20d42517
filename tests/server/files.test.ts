import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameInvitations } from '../../server/db/schema/index';
import { createUsersService } from '../../server/modules/users/service';
import type { GameFiles, StoredFile } from '../../src/api/schemas/files';
import {
  downloadFile,
  elfExecutable,
  jpegWithGps,
  mp3Sound,
  noisyPicture,
  oggSound,
  pngClaiming,
  pngZipPolyglot,
  svgWithScript,
  uploadFile,
  zipOf,
} from '../helpers/files';
import { insertAcceptedPlayer, insertGame } from '../helpers/game-fixtures';
import { drivers, startTestServer, type RegisteredUser, type TestServer } from '../helpers/server';
import { twoProcessesForSuite, twoProcessesRun } from '../helpers/suite-server';

describe.each(drivers)('stored files (%s)', (driver) => {
  let t: TestServer;
  let mj: RegisteredUser;
  let player: RegisteredUser;
  let outsider: RegisteredUser;
  let otherMj: RegisteredUser;
  let admin: RegisteredUser;
  let gameId: string;
  let otherGameId: string;

  beforeAll(async () => {
    // A quota of 6 MB, so that two sounds reach it.
    t = await startTestServer({ driver, env: { FILES_QUOTA_MB: '6' } });
    [mj, player, outsider, otherMj, admin] = await t.registerMany(5);
    await createUsersService(t.database.db).grantRole(admin.email, 'admin');
    gameId = await insertGame(t.database.db, mj.userId, 'Les Terres Brisées');
    otherGameId = await insertGame(t.database.db, otherMj.userId, 'Autre partie');
    await insertAcceptedPlayer(t.database.db, gameId, mj.userId, player.userId);
  });
  afterAll(() => t.close());

  const listOf = async (game: string, token: string) =>
    (await t.api<GameFiles>('GET', `/game-data/${game}/files`, undefined, token)).body;

  async function uploaded(kind: Parameters<typeof uploadFile>[2], bytes: Uint8Array, game = gameId) {
    const response = await uploadFile(t, game, kind, bytes, game === gameId ? mj.token : otherMj.token);
    expect(response.status, response.body.error).toBe(201);
    return response.body;
  }

  describe('a picture', () => {
    let map: StoredFile;
    beforeAll(async () => {
      map = await uploaded('map', await noisyPicture(1600, 900).png().toBuffer());
    });

    it('is typed from its bytes, re-encoded in three sizes, and listed for the MJ', async () => {
      expect(map).toMatchObject({
        kind: 'map',
        mime: 'image/jpeg',
        width: 1600,
        height: 900,
        existing: false,
      });
      expect(map.variants.map(({ name, width, height }) => [name, width, height])).toEqual([
        ['full', 1600, 900],
        ['phone', 1280, 720],
        ['thumb', 256, 144],
      ]);
      expect(map.path).toBe(`/shatteredrealms/api/files/${map.id}`);
      expect((await listOf(gameId, mj.token)).files.map((file) => file.id)).toContain(map.id);
    });

    it('is stored once per game: the same bytes again answer the stored file', async () => {
      const again = await uploadFile(
        t,
        gameId,
        'map',
        await noisyPicture(1600, 900).png().toBuffer(),
        mj.token,
      );
      expect(again).toMatchObject({ status: 200, body: { id: map.id, existing: true } });
      expect(
        (await listOf(gameId, mj.token)).files.filter((file) => file.sha256 === map.sha256),
      ).toHaveLength(1);
    });

    it('keeps the name it was first uploaded under, cleaned, and is downloaded under it', async () => {
      const bytes = await noisyPicture(320, 200, 11).png().toBuffer();
      const octet = 'application/octet-stream';
      // A path, a direction override that would show « gnp.exe » backwards, and a long stem.
      const sent = `C:\\Cartes/../\u202eSalle du trône ${'très '.repeat(40)}.png`;
      const first = await uploadFile(t, gameId, 'map', bytes, mj.token, octet, sent);
      expect(first.status).toBe(201);
      const name = first.body.name!;
      expect(name).toMatch(/^Salle du trône (très )+[^ ]*\.png$/);
      expect([...name]).toHaveLength(120);
      // The same bytes under another name: one file, one content, the first name kept.
      const again = await uploadFile(t, gameId, 'map', bytes, mj.token, octet, 'copie.png');
      expect(again.body).toMatchObject({ id: first.body.id, existing: true, name });
      expect((await listOf(gameId, mj.token)).files.find((file) => file.id === first.body.id)?.name).toBe(
        name,
      );

      // Served re-encoded as JPEG: downloaded under its name with the served type's extension.
      const served = await downloadFile(t, first.body.path, mj.token);
      const disposition = served.headers.get('content-disposition')!;
      expect(disposition).toMatch(/^inline; filename="Salle du tr_ne (tr_s )+[^ ]*\.jpg"; /);
      expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1]!)).toBe(
        name.replace(/\.png$/, '.jpg'),
      );
      // Nothing named: no name, and none given to the download.
      const unnamed = await uploaded('map', await noisyPicture(64, 64, 12).png().toBuffer());
      expect(unnamed.name).toBeNull();
      expect((await downloadFile(t, unnamed.path, mj.token)).headers.get('content-disposition')).toBeNull();
    });

    it('is served with a strong ETag, a year of private cache, and 304 when the browser has it', async () => {
      const full = await downloadFile(t, map.path, mj.token);
      expect(full.status).toBe(200);
      expect(full.headers.get('content-type')).toBe('image/jpeg');
      expect(full.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(full.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      const etag = full.headers.get('etag')!;
      expect(etag).toBe(`"${map.sha256}-full"`);
      expect(full.bytes.length).toBe(map.variants[0]!.size);
      expect(await sharp(full.bytes).metadata()).toMatchObject({ width: 1600, height: 900 });

      const cached = await downloadFile(t, map.path, mj.token, { 'if-none-match': etag });
      expect(cached.status).toBe(304);
      expect(cached.bytes.length).toBe(0);

      const thumb = await downloadFile(t, `${map.path}/thumb`, mj.token);
      expect(thumb.headers.get('content-type')).toBe('image/webp');
      expect(await sharp(thumb.bytes).metadata()).toMatchObject({ width: 256, height: 144 });
      expect((await downloadFile(t, `${map.path}/original`, mj.token)).status).toBe(404);
    });

    it('loses its EXIF and GPS position on the way in', async () => {
      const photo = await jpegWithGps();
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const stored = await uploaded('portrait', photo);
      for (const variant of ['full', 'phone', 'thumb']) {
        const served = await downloadFile(t, `${stored.path}/${variant}`, mj.token);
        const metadata = await sharp(served.bytes).metadata();
        expect(metadata.exif).toBeUndefined();
        expect(served.bytes.includes(Buffer.from('Espion 3000'))).toBe(false);
      }
    });
  });

  describe('every hostile file is refused in French and nothing is stored', () => {
    const refusals: Array<
      [string, Parameters<typeof uploadFile>[2], () => Promise<Buffer> | Buffer, number, string]
    > = [
      [
        'a 50,000 × 50,000 PNG (decompression bomb)',
        'map',
        () => pngClaiming(50_000, 50_000),
        400,
        'Image trop grande (50000 × 50000 pixels) : 100 mégapixels au plus.',
      ],
      [
        'a PNG that is also a ZIP (polyglot)',
        'map',
        pngZipPolyglot,
        400,
        'Ce fichier contient autre chose que son image ou son son : il est refusé.',
      ],
      [
        'an SVG with a script',
        'portrait',
        () => svgWithScript,
        415,
        'Les images SVG ne sont pas acceptées : exportez-la en PNG, JPEG ou WebP.',
      ],
      [
        'an executable named .png, sent as image/png',
        'map',
        () => elfExecutable,
        415,
        'Type de fichier non pris en charge : PNG, JPEG ou WebP pour une image, Ogg ou MP3 pour un son.',
      ],
      [
        'an MP3 that is also a ZIP',
        'audio',
        () => Buffer.concat([mp3Sound(4096), zipOf('a.exe', 'MZ')]),
        400,
        'Ce fichier contient autre chose que son image ou son son : il est refusé.',
      ],
      [
        'a sound sent as a map',
        'map',
        () => oggSound(),
        415,
        'Ce fichier n’est pas une image : PNG, JPEG ou WebP attendu.',
      ],
      [
        'a picture sent as a sound',
        'audio',
        () => pngClaiming(10, 10),
        415,
        'Ce fichier n’est pas un son : Ogg ou MP3 attendu.',
      ],
      ['a truncated PNG', 'map', () => pngClaiming(64, 64), 400, 'Cette image est illisible ou endommagée.'],
      ['an empty file', 'portrait', () => Buffer.alloc(0), 400, 'Le fichier est vide.'],
      [
        'a portrait over 5 MB',
        'portrait',
        () => Buffer.concat([pngClaiming(10, 10), Buffer.alloc(5 * 1024 * 1024)]),
        413,
        'Un portrait ne peut pas dépasser 5 Mo.',
      ],
    ];

    it.each(refusals)('%s', async (_name, kind, make, status, error) => {
      const before = await listOf(gameId, mj.token);
      const response = await uploadFile(t, gameId, kind, await make(), mj.token, 'image/png');
      expect(response).toMatchObject({ status, body: { error } });
      expect(await listOf(gameId, mj.token)).toEqual(before);
    });

    it('an unknown kind', async () => {
      const response = await uploadFile(t, gameId, 'poster' as 'map', oggSound(), mj.token);
      expect(response).toMatchObject({
        status: 400,
        body: { error: 'Le type de fichier doit être carte, portrait, personnage, aide de jeu ou son.' },
      });
    });

    it('a player, an outsider or no account uploading', async () => {
      const png = await noisyPicture(8, 8).png().toBuffer();
      expect((await uploadFile(t, gameId, 'map', png, player.token)).status).toBe(403);
      expect((await uploadFile(t, gameId, 'map', png, outsider.token)).status).toBe(403);
      expect((await uploadFile(t, gameId, 'map', png, '')).status).toBe(401);
    });

    it('past the game’s quota, which the list counts as the upload does', async () => {
      const other = await insertGame(t.database.db, mj.userId, 'Partie pleine');
      const quotaBytes = 6 * 1024 * 1024;
      expect(await listOf(other, mj.token)).toEqual({ files: [], usedBytes: 0, quotaBytes });
      const sound = (megabytes: number) => mp3Sound(Math.round(megabytes * 1024 * 1024));
      const first = await uploadFile(t, other, 'audio', sound(3.5), mj.token);
      expect(first.status).toBe(201);
      expect(await listOf(other, mj.token)).toMatchObject({ usedBytes: first.body.size, quotaBytes });
      // A picture counts every size the server made of it, not only the bytes received.
      const picture = await uploadFile(
        t,
        other,
        'map',
        await noisyPicture(800, 600, 3).png().toBuffer(),
        mj.token,
      );
      const pictureBytes = picture.body.variants.reduce((sum, variant) => sum + variant.size, 0);
      expect(pictureBytes).toBeGreaterThan(picture.body.variants[0]!.size);
      expect((await listOf(other, mj.token)).usedBytes).toBe(first.body.size + pictureBytes);
      const second = await uploadFile(t, other, 'audio', sound(3), mj.token);
      expect(second).toMatchObject({
        status: 409,
        body: { error: 'Les fichiers de cette partie dépassent 6 Mo : supprimez-en avant d’en ajouter.' },
      });
      const removed = await t.api(
        'DELETE',
        `/game-data/${other}/files/${first.body.id}`,
        undefined,
        mj.token,
      );
      expect(removed.status).toBe(200);
      expect(await listOf(other, mj.token)).toMatchObject({ usedBytes: pictureBytes, quotaBytes });
      expect((await uploadFile(t, other, 'audio', sound(3), mj.token)).status).toBe(201);
    });
  });

  describe('who reads a file', () => {
    let map: StoredFile;
    let handout: StoredFile;
    let foreign: StoredFile;
    beforeAll(async () => {
      map = await uploaded('map', await noisyPicture(64, 64, 7).png().toBuffer());
      handout = await uploaded('handout', await noisyPicture(64, 64, 8).webp().toBuffer());
      foreign = await uploaded('map', await noisyPicture(64, 64, 9).png().toBuffer(), otherGameId);
    });

    it('the game’s MJ and admins read its maps; a player, an outsider and no account do not', async () => {
      for (const reader of [mj, admin]) {
        expect((await downloadFile(t, map.path, reader.token)).status).toBe(200);
      }
      // A player receives a map painted out where they may not see (decision 0032), never the file.
      for (const variant of ['', '/thumb']) {
        const hidden = await t.api('GET', `/files/${map.id}${variant}`, undefined, player.token);
        expect(hidden).toMatchObject({ status: 404, body: { error: 'Fichier introuvable.' } });
      }
      const refused = await t.api('GET', `/files/${map.id}`, undefined, outsider.token);
      expect(refused).toMatchObject({
        status: 403,
        body: { error: "Vous n'êtes pas autorisé à accéder à cette partie..." },
      });
      expect((await downloadFile(t, map.path, '')).status).toBe(401);
    });

    it('the MJ of one game does not read another game’s file', async () => {
      const refused = await t.api('GET', `/files/${foreign.id}/thumb`, undefined, mj.token);
      expect(refused.status).toBe(403);
      expect(await listOf(otherGameId, mj.token)).toMatchObject({ error: expect.any(String) });
    });

    it('a handout not yet shown is the MJ’s alone: a player is answered as if it did not exist', async () => {
      expect((await downloadFile(t, handout.path, mj.token)).status).toBe(200);
      const refused = await t.api('GET', `/files/${handout.id}`, undefined, player.token);
      expect(refused).toMatchObject({ status: 404, body: { error: 'Fichier introuvable.' } });
    });

    it('a kicked player is refused at once, though they read the file a moment before', async () => {
      const kicked = await t.register();
      await insertAcceptedPlayer(t.database.db, gameId, mj.userId, kicked.userId);
      const portrait = await uploaded('portrait', await noisyPicture(64, 64, 10).webp().toBuffer());
      for (let read = 0; read < 2; read += 1)
        expect((await downloadFile(t, `${portrait.path}/thumb`, kicked.token)).status).toBe(200);
      const [invitation] = await t.database.db
        .select({ id: gameInvitations.id })
        .from(gameInvitations)
        .where(and(eq(gameInvitations.gameId, gameId), eq(gameInvitations.toUserId, kicked.userId)));
      expect((await t.api('POST', `/game-invitations/${invitation!.id}/kick`, {}, mj.token)).status).toBe(
        200,
      );
      expect((await downloadFile(t, `${portrait.path}/thumb`, kicked.token)).status).toBe(403);
    });

    it('a deleted game’s files are read by nobody at once', async () => {
      // Not `gameId`: `uploaded` sends another game's file as otherMj.
      const doomed = await insertGame(t.database.db, otherMj.userId, 'Partie condamnée');
      const portrait = await uploaded('portrait', await noisyPicture(64, 64, 11).webp().toBuffer(), doomed);
      for (let read = 0; read < 2; read += 1)
        expect((await downloadFile(t, portrait.path, otherMj.token)).status).toBe(200);
      expect((await t.api('DELETE', `/game-data/${doomed}`, undefined, otherMj.token)).status).toBe(200);
      expect((await downloadFile(t, portrait.path, otherMj.token)).status).toBe(404);
    });

    it('the same bytes stored in two games are served alike, byte for byte and under one ETag', async () => {
      const bytes = await noisyPicture(300, 200, 12).jpeg().toBuffer();
      const [ours, theirs] = [
        await uploaded('character', bytes),
        await uploaded('character', bytes, otherGameId),
      ];
      for (const variant of ['full', 'phone', 'thumb']) {
        const [fromOurs, fromTheirs] = [
          await downloadFile(t, `${ours.path}/${variant}`, mj.token),
          await downloadFile(t, `${theirs.path}/${variant}`, otherMj.token),
        ];
        expect([fromOurs.status, fromTheirs.status]).toEqual([200, 200]);
        expect(fromTheirs.bytes.equals(fromOurs.bytes)).toBe(true);
        expect(fromTheirs.headers.get('etag')).toBe(fromOurs.headers.get('etag'));
      }
    });

    it('an id that is no file, or a size that does not exist', async () => {
      expect((await t.api('GET', '/files/pas-un-id', undefined, mj.token)).status).toBe(404);
      expect((await t.api('GET', `/files/${map.id}/poster`, undefined, mj.token)).status).toBe(400);
    });
  });

  describe('a sound', () => {
    it('is stored as received and served by ranges', async () => {
      const sound = mp3Sound(600 * 1024);
      const stored = await uploaded('audio', sound);
      expect(stored).toMatchObject({ mime: 'audio/mpeg', size: sound.length, width: null });
      const whole = await downloadFile(t, stored.path, player.token);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect(whole.bytes.equals(sound)).toBe(true);

      // Across the first chunk's end (256 KB) and into the second.
      const part = await downloadFile(t, stored.path, player.token, { range: 'bytes=262000-263000' });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 262000-263000/${sound.length}`);
      expect(part.bytes.equals(sound.subarray(262000, 263001))).toBe(true);
      const tail = await downloadFile(t, stored.path, player.token, { range: 'bytes=-100' });
      expect(tail.bytes.equals(sound.subarray(sound.length - 100))).toBe(true);
      const past = await downloadFile(t, stored.path, player.token, { range: `bytes=${sound.length}-` });
      expect(past.status).toBe(416);
    });

    it('an Ogg is stored too', async () => {
      expect((await uploaded('audio', oggSound())).mime).toBe('audio/ogg');
    });
  });
});

describe.runIf(twoProcessesRun)('stored files across two processes', () => {
  const [a, b] = twoProcessesForSuite();

  it('a file uploaded through one process is served by the other', async () => {
    const mj = await a.register();
    const gameId = await insertGame(a.database.db, mj.userId);
    const bytes = await noisyPicture(2000, 1500).png().toBuffer();
    const stored = await uploadFile(a, gameId, 'map', bytes, mj.token);
    expect(stored.status).toBe(201);
    const fromA = await downloadFile(a, stored.body.path, mj.token);
    const fromB = await downloadFile(b, stored.body.path, mj.token);
    expect(fromB.status).toBe(200);
    expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
    expect(fromB.headers.get('etag')).toBe(fromA.headers.get('etag'));
  });
});
