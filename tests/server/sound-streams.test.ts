import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STREAM_LINK_LIFETIME_MS,
  STREAM_LINK_STEP_MS,
  streamLinks,
} from '../../server/modules/files/stream-links';
import type { StoredFile, StreamLink } from '../../src/api/schemas/files';
import { mp3Sound, noisyPicture, uploadFile } from '../helpers/files';
import { insertAcceptedPlayer, insertGame } from '../helpers/game-fixtures';
import { drivers, startTestServer, type RegisteredUser, type TestServer } from '../helpers/server';

describe.each(drivers)('a sound streamed by a signed link (%s)', (driver) => {
  let t: TestServer;
  let mj: RegisteredUser;
  let player: RegisteredUser;
  let outsider: RegisteredUser;
  let gameId: string;
  let sound: Buffer;
  let stored: StoredFile;
  let other: StoredFile;

  beforeAll(async () => {
    t = await startTestServer({ driver });
    [mj, player, outsider] = await t.registerMany(3);
    gameId = await insertGame(t.database.db, mj.userId, 'La Taverne');
    await insertAcceptedPlayer(t.database.db, gameId, mj.userId, player.userId);
    sound = mp3Sound(600 * 1024);
    stored = (await uploadFile(t, gameId, 'audio', sound, mj.token)).body;
    other = (await uploadFile(t, gameId, 'audio', mp3Sound(32 * 1024), mj.token)).body;
  });
  afterAll(() => t.close());

  const linkOf = (file: StoredFile, token: string, game = gameId) =>
    t.api<StreamLink & { error?: string }>(
      'GET',
      `/game-data/${game}/files/${file.id}/stream-url`,
      undefined,
      token,
    );

  /** A GET of a link as an `<audio>` element makes it: no bearer. */
  async function play(url: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${t.url}${url}`, { headers });
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString('utf8');
    return {
      status: response.status,
      bytes,
      headers: response.headers,
      error: response.headers.get('content-type')?.startsWith('application/json')
        ? (JSON.parse(text) as { error: string }).error
        : undefined,
    };
  }

  /** `file`'s stream path with another token in it. */
  const withToken = (file: StoredFile, token: string) =>
    `/shatteredrealms/api/files/${file.id}/stream?token=${encodeURIComponent(token)}`;
  const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;

  it('is given to a player for an hour or a little more, and plays without the bearer, by ranges', async () => {
    const asked = Date.now();
    const link = await linkOf(stored, player.token);
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(new RegExp(`^/shatteredrealms/api/files/${stored.id}/stream\\?token=`));
    const lasts = Date.parse(link.body.expiresAt) - asked;
    expect(lasts).toBeGreaterThanOrEqual(STREAM_LINK_LIFETIME_MS);
    expect(lasts).toBeLessThanOrEqual(STREAM_LINK_LIFETIME_MS + STREAM_LINK_STEP_MS);

    const whole = await play(link.body.url);
    expect(whole.status).toBe(200);
    expect(whole.bytes.equals(sound)).toBe(true);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    const cache = whole.headers.get('cache-control')!;
    expect(cache).toMatch(/^private, max-age=\d+$/);
    expect(Number(cache.split('=')[1]) * 1000).toBeLessThanOrEqual(lasts);

    const part = await play(link.body.url, { range: 'bytes=262000-263000' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 262000-263000/${sound.length}`);
    expect(part.bytes.equals(sound.subarray(262000, 263001))).toBe(true);
  });

  it('is the same link when asked again within the quarter hour, so the browser keeps what it read', async () => {
    const token = tokenOf((await linkOf(stored, player.token)).body.url);
    const [userId, sid] = token.split('.') as [string, string];
    const links = streamLinks(t.config.jwtSecret!);
    const quarter = Math.ceil(Date.now() / STREAM_LINK_STEP_MS) * STREAM_LINK_STEP_MS;
    const early = links.issue(stored.id, userId, sid, quarter + 1);
    expect(links.issue(stored.id, userId, sid, quarter + STREAM_LINK_STEP_MS - 1)).toEqual(early);
    expect(links.issue(stored.id, userId, sid, quarter + STREAM_LINK_STEP_MS + 1)).not.toEqual(early);
    const mine = await linkOf(stored, mj.token);
    expect(tokenOf(mine.body.url)).not.toBe(token);
  });

  it('is refused to someone outside the game, and for a picture or a file of another game', async () => {
    expect(await linkOf(stored, outsider.token)).toMatchObject({
      status: 403,
      body: { error: "Vous n'êtes pas autorisé à accéder à cette partie..." },
    });
    const elsewhere = await insertGame(t.database.db, mj.userId, 'Autre partie');
    expect(await linkOf(stored, mj.token, elsewhere)).toMatchObject({
      status: 404,
      body: { error: 'Fichier introuvable.' },
    });
    const handout = (
      await uploadFile(t, gameId, 'handout', await noisyPicture(16, 16).png().toBuffer(), mj.token)
    ).body;
    expect((await linkOf(handout, mj.token)).status).toBe(404);
    expect((await t.api('GET', `/game-data/${gameId}/files/${stored.id}/stream-url`)).status).toBe(401);
  });

  it('opens no other file, and nothing once forged', async () => {
    const token = tokenOf((await linkOf(stored, player.token)).body.url);
    const elsewhere = await play(withToken(other, token));
    expect(elsewhere).toMatchObject({ status: 403, error: 'Ce lien d’écoute n’est pas valable.' });
    const flipped = token.slice(0, -2) + (token.endsWith('AA') ? 'BA' : 'AA');
    expect(await play(withToken(stored, flipped))).toMatchObject({
      status: 403,
      error: 'Ce lien d’écoute n’est pas valable.',
    });
    // Another user's id under the player's signature.
    const [, ...rest] = token.split('.');
    expect((await play(withToken(stored, [mj.userId, ...rest].join('.')))).status).toBe(403);
    expect((await play(withToken(stored, 'pas-un-jeton'))).status).toBe(403);
    expect((await play(`/shatteredrealms/api/files/${stored.id}/stream`)).status).toBe(400);
  });

  it('is over at its expiry', async () => {
    const token = tokenOf((await linkOf(stored, player.token)).body.url);
    const [userId, sid] = token.split('.') as [string, string];
    const links = streamLinks(t.config.jwtSecret!);
    const past = links.issue(
      stored.id,
      userId,
      sid,
      Date.now() - STREAM_LINK_LIFETIME_MS - STREAM_LINK_STEP_MS,
    );
    expect(await play(withToken(stored, past.token))).toMatchObject({
      status: 403,
      error: 'Ce lien d’écoute a expiré : la page en demande un autre.',
    });
    // The same signing reaches the route: a link made now plays, so the one above failed for its date.
    const now = links.issue(stored.id, userId, sid, Date.now());
    expect((await play(withToken(stored, now.token))).status).toBe(200);
  });

  it('stops with the session it was given in, and with the seat', async () => {
    const [leaving, loggingOut] = await t.registerMany(2);
    for (const member of [leaving, loggingOut])
      await insertAcceptedPlayer(t.database.db, gameId, mj.userId, member.userId);
    const leavingLink = (await linkOf(stored, leaving.token)).body.url;
    const loggingOutLink = (await linkOf(stored, loggingOut.token)).body.url;
    expect((await play(leavingLink)).status).toBe(200);
    expect((await play(loggingOutLink)).status).toBe(200);

    expect((await t.api('POST', `/game-data/${gameId}/leave`, {}, leaving.token)).status).toBe(200);
    expect(await play(leavingLink)).toMatchObject({
      status: 403,
      error: "Vous n'êtes pas autorisé à accéder à cette partie...",
    });
    expect((await t.api('POST', '/auth/logout', {}, loggingOut.token)).status).toBe(200);
    expect(await play(loggingOutLink)).toMatchObject({
      status: 403,
      error: 'Ce lien d’écoute n’est plus valable : reconnectez-vous à la partie.',
    });
  });
});
