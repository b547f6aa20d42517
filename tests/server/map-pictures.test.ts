import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/api/paths';
import { storedFilePath, type StoredFile } from '../../src/api/schemas/files';
import { historyMessages, historyPicturePath } from '../../src/api/schemas/history';
import { mapPictureMessages, mapPicturePath } from '../../src/api/schemas/map-pictures';
import type { Wall } from '../../src/domain/geometry/walls';
import type { FogChange } from '../../src/domain/table/fog';
import type { VisionChange } from '../../src/domain/table/map-vision';
import { gameResources } from '../../server/db/schema/index';
import { downloadFile, uploadFile } from '../helpers/files';
import { drivers } from '../helpers/server';
import { mapChoice, placeToken, playerDraft, serverState, type TableClient } from '../helpers/table';
import { seatedTableForSuite } from '../helpers/table-suite';
import { fogRect as rect } from '../helpers/fog';

/** The picture's colour, and the fog's paint a player receives in its place. */
const GROUND = { r: 200, g: 60, b: 40 };
const PAINT = { r: 11, g: 13, b: 18 };
/** What a player's tokens saw before and see no longer: the picture at half strength on the paint. */
const REMEMBERED = { r: 106, g: 36, b: 29 };
const STORED = 'Crypte';

/** The route's path as `t.api` takes it, under the API's base. */
const picturePath = (gameId: string, mapId: string) =>
  mapPicturePath(gameId, mapId, 300).slice(API_BASE.length);

const wallOf = (id: string, [ax, ay, bx, by]: number[], kind: Wall['kind'] = 'wall'): Wall => ({
  id,
  a: { x: ax!, y: ay! },
  b: { x: bx!, y: by! },
  kind,
});

/** A picture's colour at a point given in percent of it, read from its decoded pixels. */
async function colourAt(bytes: Buffer, x: number, y: number) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const column = Math.min(info.width - 1, Math.floor((x / 100) * info.width));
  const row = Math.min(info.height - 1, Math.floor((y / 100) * info.height));
  const at = (row * info.width + column) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}

/** Within JPEG's rounding of a flat colour. */
const near = (expected: { r: number; g: number; b: number }) => ({
  r: expect.toSatisfy((value: number) => Math.abs(value - expected.r) <= 6),
  g: expect.toSatisfy((value: number) => Math.abs(value - expected.g) <= 6),
  b: expect.toSatisfy((value: number) => Math.abs(value - expected.b) <= 6),
});

describe.each(drivers)('a map’s picture painted out for each player (%s)', (driver) => {
  const { t, p, mj, owner, other } = seatedTableForSuite({ driver, env: { TABLE_RATE_SCALE: '1' } });
  let stored: StoredFile;
  const picture = (token: string, width = 300, map = p.maps[STORED], headers: Record<string, string> = {}) =>
    downloadFile(t, mapPicturePath(p.gameId, map, width), token, headers);
  const fog = (change: FogChange) => mj.send('fogChange', { gameId: p.gameId, map: STORED, change });
  const vision = (change: VisionChange) => mj.send('visionChange', { gameId: p.gameId, map: STORED, change });
  const reachAll = async () => {
    const seq = (await serverState(t, p.gameId)).lastSeq;
    await Promise.all([mj, owner, other].map((client: TableClient) => client.reach(seq)));
  };

  beforeAll(async () => {
    const ground = await sharp({ create: { width: 600, height: 400, channels: 3, background: GROUND } })
      .png()
      .toBuffer();
    const uploaded = await uploadFile(t, p.gameId, 'map', ground, p.mj.token);
    expect(uploaded.status).toBe(201);
    stored = uploaded.body;
    await t.database.db
      .update(gameResources)
      .set({ fields: { link: storedFilePath(stored.id) } })
      .where(eq(gameResources.id, p.maps[STORED]));
  });

  it('is refused in French for a map given as a link, a map not shown, an outsider and a bad width', async () => {
    // The open map is an outside link: its picture is the client's to fetch, fog drawn over it.
    const linked = await t.api('GET', picturePath(p.gameId, p.maps.Forêt), undefined, p.owner.token);
    expect(linked).toMatchObject({ status: 404, body: { error: mapPictureMessages.notStored } });
    const hidden = await t.api('GET', picturePath(p.gameId, p.maps[STORED]), undefined, p.owner.token);
    expect(hidden).toMatchObject({ status: 404, body: { error: mapPictureMessages.notShown } });
    for (const outsider of [p.outsider, p.kicked]) {
      expect(
        (await t.api('GET', picturePath(p.gameId, p.maps.Forêt), undefined, outsider.token)).status,
      ).toBe(403);
    }
    const wide = await t.api('GET', `${picturePath(p.gameId, p.maps.Forêt)}0000`, undefined, p.mj.token);
    expect(wide).toMatchObject({ status: 400, body: { error: mapPictureMessages.width } });
    expect((await t.api('GET', picturePath(p.gameId, p.maps.Forêt))).status).toBe(401);
  });

  it('gives the MJ the whole picture and a player what the fog reveals, the rest painted out', async () => {
    expect(
      await mj.send('mapChange', { gameId: p.gameId, map: mapChoice(p, STORED), bringPlayers: true }),
    ).toEqual({ ok: true });
    expect(await fog({ kind: 'all', base: 'covered' })).toEqual({ ok: true });
    expect(await fog(rect('reveal', 0, 0, 50, 100))).toEqual({ ok: true });
    await reachAll();

    const seen = await picture(p.owner.token);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-type')).toBe('image/jpeg');
    // Asked 300 px wide, served the next size up: 512, within the picture's 600.
    expect((await sharp(seen.bytes).metadata()).width).toBe(512);
    expect(await colourAt(seen.bytes, 25, 50)).toEqual(near(GROUND));
    expect(await colourAt(seen.bytes, 75, 50)).toEqual(near(PAINT));
    expect(await colourAt(seen.bytes, 99, 1)).toEqual(near(PAINT));

    const whole = await picture(p.mj.token);
    expect(await colourAt(whole.bytes, 25, 50)).toEqual(near(GROUND));
    expect(await colourAt(whole.bytes, 75, 50)).toEqual(near(GROUND));

    // The stored file itself is never a player's: they read the map through its painted picture.
    expect((await downloadFile(t, stored.path, p.owner.token)).status).toBe(404);
    expect((await downloadFile(t, stored.path, p.mj.token)).status).toBe(200);
  });

  it('is one render for players who see the same area, answered 304 until the fog changes it', async () => {
    const first = await picture(p.owner.token);
    const second = await picture(p.other.token);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{16}-512-[0-9a-f]{32}"$/);
    expect(second.headers.get('etag')).toBe(etag);
    expect((await picture(p.mj.token)).headers.get('etag')).not.toBe(etag);
    // Another width is other pixels: the stored 600 px rather than 512.
    expect((await picture(p.owner.token, 1000)).headers.get('etag')).toMatch(/^"[0-9a-f]{16}-600-/);
    const again = await picture(p.owner.token, 300, p.maps[STORED], { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);

    expect(await fog(rect('reveal', 50, 0, 100, 50))).toEqual({ ok: true });
    await reachAll();
    const changed = await picture(p.owner.token, 300, p.maps[STORED], { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await colourAt(changed.bytes, 75, 25)).toEqual(near(GROUND));
    expect(await colourAt(changed.bytes, 75, 75)).toEqual(near(PAINT));
  });

  it('shows a player only what their tokens see on a map with walls; a door opened shows more', async () => {
    expect(await fog({ kind: 'all', base: 'revealed' })).toEqual({ ok: true });
    // A wall down x = 450 px of the 1,500 × 1,000 map (MAP_SIZE), its door from y = 300 to 450.
    const room: VisionChange = {
      kind: 'add',
      walls: [
        wallOf('haut', [450, 0, 450, 300]),
        wallOf('porte', [450, 300, 450, 450], 'door'),
        wallOf('bas', [450, 450, 450, 1000]),
      ],
    };
    expect(await vision(room)).toEqual({ ok: true });
    await placeToken(t, p.gameId, owner, playerDraft(p.ownerCharacter, { x: 25, y: 22.5 }), STORED);
    await reachAll();
    expect(owner.inbox.state.sight?.map).toBe(STORED);

    const closed = await picture(p.owner.token);
    expect(await colourAt(closed.bytes, 10, 50)).toEqual(near(GROUND));
    // Beyond the wall, in line with the door from Aria's eyes.
    expect(await colourAt(closed.bytes, 40, 60)).toEqual(near(PAINT));
    // Borin has no token on the map: he sees nothing of it.
    const blind = await picture(p.other.token);
    expect(await colourAt(blind.bytes, 10, 50)).toEqual(near(PAINT));
    expect(blind.headers.get('etag')).not.toBe(closed.headers.get('etag'));

    expect(await vision({ kind: 'door', id: 'porte', open: true })).toEqual({ ok: true });
    await reachAll();
    const opened = await picture(p.owner.token);
    expect(opened.headers.get('etag')).not.toBe(closed.headers.get('etag'));
    expect(await colourAt(opened.bytes, 40, 60)).toEqual(near(GROUND));
    // Beyond the wall above the door.
    expect(await colourAt(opened.bytes, 90, 5)).toEqual(near(PAINT));

    // Shut again: Aria sees what she saw before it opened, and remembers what she saw through it.
    expect(await vision({ kind: 'door', id: 'porte', open: false })).toEqual({ ok: true });
    await reachAll();
    const shut = await picture(p.owner.token);
    expect(await colourAt(shut.bytes, 10, 50)).toEqual(near(GROUND));
    expect(await colourAt(shut.bytes, 40, 60)).toEqual(near(REMEMBERED));
    expect(await colourAt(shut.bytes, 90, 5)).toEqual(near(PAINT));
    // The same sight as before the door opened, another memory: another picture.
    expect(shut.headers.get('etag')).not.toBe(closed.headers.get('etag'));
    expect(shut.headers.get('etag')).not.toBe(opened.headers.get('etag'));
  });

  it('replays a player’s picture as their fog and sight hid it then, never whole', async () => {
    const replayed = (token: string, seq: number, map = p.maps[STORED]) =>
      downloadFile(t, historyPicturePath(p.gameId, map, seq, 300), token);
    const lastSeq = async () => (await serverState(t, p.gameId)).lastSeq;
    expect(await fog(rect('cover', 0, 0, 30, 100))).toEqual({ ok: true });
    const fogged = await lastSeq();
    expect(await fog(rect('reveal', 0, 0, 30, 100))).toEqual({ ok: true });
    expect(await vision({ kind: 'door', id: 'porte', open: true })).toEqual({ ok: true });
    const opened = await lastSeq();
    expect(await vision({ kind: 'door', id: 'porte', open: false })).toEqual({ ok: true });
    await reachAll();
    expect(await colourAt((await picture(p.owner.token)).bytes, 10, 50)).toEqual(near(GROUND));

    const underFog = await replayed(p.owner.token, fogged);
    expect(underFog.status).toBe(200);
    expect(underFog.headers.get('content-type')).toBe('image/jpeg');
    expect(await colourAt(underFog.bytes, 10, 50)).toEqual(near(PAINT));
    // What she saw through the door before: remembered then, as now.
    expect(await colourAt(underFog.bytes, 40, 60)).toEqual(near(REMEMBERED));
    const doorOpen = await replayed(p.owner.token, opened);
    expect(await colourAt(doorOpen.bytes, 10, 50)).toEqual(near(GROUND));
    expect(await colourAt(doorOpen.bytes, 40, 60)).toEqual(near(GROUND));
    expect(await colourAt(doorOpen.bytes, 90, 5)).toEqual(near(PAINT));
    const whole = await replayed(p.mj.token, fogged);
    expect(await colourAt(whole.bytes, 10, 50)).toEqual(near(GROUND));
    expect(await colourAt(whole.bytes, 90, 5)).toEqual(near(GROUND));

    // Before the map was stored and opened to the players, it was not theirs to see.
    expect((await replayed(p.owner.token, 1)).status).toBe(404);
    expect((await replayed(p.outsider.token, fogged)).status).toBe(403);
    const wide = await t.api(
      'GET',
      historyPicturePath(p.gameId, p.maps[STORED], fogged, 300)
        .slice(API_BASE.length)
        .replace('seq=', 'seq=-'),
      undefined,
      p.owner.token,
    );
    expect(wide).toMatchObject({ status: 400, body: { error: historyMessages.badSeq } });
  });
});
