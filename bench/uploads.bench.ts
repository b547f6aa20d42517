/**
 * A 20 MB map uploaded and made into its three sizes, end to end through the real server (read,
 * hash, decode, resize, encode, chunks written in one transaction), against the 2 s budget; then
 * a stored portrait served to a player (authenticated, membership checked, bytes read from the
 * database) and revalidated (304), against the same bytes from a bare Fastify route with
 * @fastify/static in the same process, alternated in rounds. A portrait, not the map: a player
 * never reads a map whole (decision 0032).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import sharp from 'sharp';
import { downloadFile, noisyPicture, uploadFile } from '../tests/helpers/files';
import { insertAcceptedPlayer, insertGame } from '../tests/helpers/game-fixtures';
import { drivers, startTestServer } from '../tests/helpers/server';
import { load, meanOf, type LoadResult } from './lib/load';
import { figure, print } from './lib/report';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 3);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 4000);
const ROUNDS = 2;
const CONCURRENCY = 16;
const BUDGET_MS = 2000;
/** Noise does not compress: 2,600 × 2,600 opaque pixels make a PNG of about 20 MB. */
const MAP_SIDE = 2600;
/** The first map made a portrait (under its 5 MB cap): its phone size weighs what the map's does. */
const PORTRAIT_SIDE = 2000;
const BARE_ETAG = '"bare"';

export async function run(): Promise<void> {
  const maps = await Promise.all(
    Array.from({ length: UPLOADS }, (_, seed) =>
      noisyPicture(MAP_SIDE, MAP_SIDE, seed + 1)
        .png({ compressionLevel: 1 })
        .toBuffer(),
    ),
  );
  const portraitBytes = await sharp(maps[0]).resize(PORTRAIT_SIDE).jpeg({ quality: 85 }).toBuffer();
  const folder = await mkdtemp(path.join(tmpdir(), 'sr-bench-uploads-'));
  const bare = Fastify();
  try {
    for (const driver of drivers) {
      const server = await startTestServer({ driver });
      try {
        const [mj, player] = await server.registerMany(2);
        const gameId = await insertGame(server.database.db, mj.userId);
        await insertAcceptedPlayer(server.database.db, gameId, mj.userId, player.userId);
        const times: number[] = [];
        for (const map of maps) {
          const started = performance.now();
          const response = await uploadFile(server, gameId, 'map', map, mj.token);
          times.push(performance.now() - started);
          if (response.status !== 201) throw new Error(`upload refused: ${JSON.stringify(response.body)}`);
        }
        const sizes = maps.map((map) => (map.length / 1024 / 1024).toFixed(1)).join(', ');
        const note = `${UPLOADS} PNG maps of ${MAP_SIDE} × ${MAP_SIDE} noise (${sizes} MB), one after the other; baseline = the budget`;
        times.sort((a, b) => a - b);
        print(
          figure(
            `uploads-${driver}`,
            'map-upload-median',
            times[Math.floor(times.length / 2)]!,
            'ms',
            BUDGET_MS,
            note,
          ),
        );
        print(figure(`uploads-${driver}`, 'map-upload-max', times[times.length - 1]!, 'ms', BUDGET_MS, note));

        const portrait = await uploadFile(server, gameId, 'portrait', portraitBytes, mj.token);
        if (portrait.status !== 201) throw new Error(`upload refused: ${JSON.stringify(portrait.body)}`);
        const stored = portrait.body.path;
        const phone = await downloadFile(server, `${stored}/phone`, player.token);
        if (phone.status !== 200) throw new Error(`portrait not served: ${phone.status}`);
        const etag = phone.headers.get('etag')!;
        await writeFile(path.join(folder, 'phone.webp'), phone.bytes);
        if (driver === drivers[0]) {
          await bare.register(fastifyStatic, { root: folder, maxAge: '365d', immutable: true });
          // @fastify/static answers 200 to a matching If-None-Match: the bare revalidation is a route of its own.
          bare.get('/revalidated', (request, reply) =>
            request.headers['if-none-match'] === BARE_ETAG ? reply.code(304).send() : reply.send(phone.bytes),
          );
          await bare.listen({ port: 0, host: '127.0.0.1' });
        }
        const bareBase = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;
        const bareUrl = `${bareBase}/phone.webp`;
        const round = { concurrency: CONCURRENCY, durationMs: DURATION_MS / ROUNDS };
        const fetchAll = (url: string, headers: Record<string, string>, status: number) =>
          load(async () => {
            const response = await fetch(url, { headers });
            await response.arrayBuffer();
            return response.status === status;
          }, round);
        const ours = `${server.url}${stored}/phone`;
        const auth = { authorization: `Bearer ${player.token}` };
        const measured: Record<string, { ours: LoadResult[]; bare: LoadResult[] }> = {
          full: { ours: [], bare: [] },
          revalidated: { ours: [], bare: [] },
        };
        // Warmed once unscored, as the auth bench does: the first caller compiles fetch.
        await fetchAll(bareUrl, {}, 200);
        for (let index = 0; index < ROUNDS; index += 1) {
          measured.full!.bare.push(await fetchAll(bareUrl, {}, 200));
          measured.full!.ours.push(await fetchAll(ours, auth, 200));
          measured.revalidated!.bare.push(
            await fetchAll(`${bareBase}/revalidated`, { 'if-none-match': BARE_ETAG }, 304),
          );
          measured.revalidated!.ours.push(await fetchAll(ours, { ...auth, 'if-none-match': etag }, 304));
        }
        for (const [name, { ours: own, bare: base }] of Object.entries(measured)) {
          const [mine, theirs] = [meanOf(own), meanOf(base)];
          const said = `phone size (${(phone.bytes.length / 1024).toFixed(0)} KB WebP), ${CONCURRENCY} concurrent callers, ${ROUNDS} rounds of ${round.durationMs} ms alternated, ${mine.errors + theirs.errors} error(s); baseline = @fastify/static on a bare Fastify (a bare route answering 304 for the revalidation)`;
          print(
            figure(
              `uploads-${driver}`,
              `picture-${name}-throughput`,
              mine.perSecond,
              'req/s',
              theirs.perSecond,
              said,
            ),
          );
        }
      } finally {
        await server.close();
      }
    }
  } finally {
    await bare.close();
    await rm(folder, { recursive: true, force: true });
  }
}
