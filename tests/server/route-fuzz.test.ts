import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/api/paths';
import { changedTables, databaseFingerprint } from '../helpers/database-fingerprint';
import { nestedArrays, nestedObjects } from '../helpers/raw-socket-io';
import { routesOf, type ListedRoute } from '../helpers/route-list';
import { drivers, startTestServer, type RegisteredUser, type TestServer } from '../helpers/server';

/**
 * Every route of the server's route table, fed what a hostile client sends: random
 * JSON, NUL characters, prototype keys, a 200,000-character string, 500 and 20,000 levels of
 * nesting, text that is not JSON, hostile query strings — as an anonymous
 * caller and as a signed-in player who is the MJ of the game the routes' `:gameId` names.
 * Nothing may answer 5xx, every refusal says why in `error`, no prototype of the server's
 * process may change (the test server runs in this process), and a route that refused all its
 * samples — or a GET, whatever it answered — leaves the database as it found it (its fingerprint,
 * every table's rows, taken around each route's batch of samples).
 */
const SAMPLES_PER_ROUTE = 6;
/** Played last: they end the session or the game the other calls use. */
const PLAYED_LAST = new Set([
  'POST /auth/logout',
  'DELETE /auth/account',
  'POST /auth/change-password',
  'DELETE /game-data/:gameId',
  'POST /game-data/:gameId/leave',
]);

const nasty = fc.oneof(
  fc.constant('\u0000'),
  fc.constant('a\u0000b'),
  fc.constant('__proto__'),
  fc.constant('constructor'),
  fc.constant('‮evil‬'),
  fc.constant('x'.repeat(5000)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer().map(String),
  fc.constant('-1'),
  fc.constant('1e309'),
);
const hostileBody = fc.oneof(
  fc.constant('{"__proto__":{"polluted":true,"role":"admin"},"constructor":{"prototype":{"polluted":true}}}'),
  fc.constant(`{"name":"${'x'.repeat(200_000)}"}`),
  fc.constant(`${'['.repeat(500)}${']'.repeat(500)}`),
  fc.constant(nestedArrays(20_000)),
  fc.constant(nestedObjects(20_000)),
  fc.constant(`{"email":${nestedArrays(20_000, '"a@b.fr"')},"name":${nestedObjects(20_000)}}`),
  fc.constant('pas du JSON'),
  fc.constant('null'),
  fc.json({ maxDepth: 3 }),
  fc
    .dictionary(nasty, fc.oneof(nasty, fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 6 })
    .map((value) => JSON.stringify(value)),
);
const hostileQuery = fc
  .dictionary(
    fc.constantFrom('ids', 'q', 'query', 'name', 'limit', 'offset', 'gameId', 'id', '__proto__'),
    nasty,
    {
      maxKeys: 3,
    },
  )
  .map((params) => new URLSearchParams(params).toString());

const keyOf = (route: ListedRoute) => `${route.method} ${route.url.slice(API_BASE.length)}`;

/** `:gameId` is the player's own game, so bodies reach its routes' validation and services; other ids name nothing. */
function pathOf(route: ListedRoute, query: string, gameId: string): string {
  const path = route.url
    .slice(API_BASE.length)
    .split('/')
    .map((segment) => (segment === ':gameId' ? gameId : segment.startsWith(':') ? randomUUID() : segment))
    .join('/');
  return query ? `${path}?${query}` : path;
}

describe.each(drivers)('hostile input on every route (%s)', (driver) => {
  let t: TestServer;
  let routes: ListedRoute[];
  let player: RegisteredUser;
  let gameId: string;
  beforeAll(async () => {
    t = await startTestServer({ driver });
    routes = routesOf(t.app)
      .filter((route) => route.url.startsWith(`${API_BASE}/`))
      .sort((a, b) => Number(PLAYED_LAST.has(keyOf(a))) - Number(PLAYED_LAST.has(keyOf(b))));
    player = await t.register();
    gameId = (await t.api<{ id: string }>('POST', '/game-data', { name: 'Partie du fuzz' }, player.token))
      .body.id;
  });
  afterAll(() => t.close());

  for (const caller of ['anonymous', 'player'] as const) {
    it(`answers ${caller === 'anonymous' ? 'an anonymous caller' : 'a signed-in player'} without a 5xx, with an error said, and pollutes nothing`, async () => {
      const wrong: string[] = [];
      let seed = caller === 'anonymous' ? 1 : 2;
      let before = await databaseFingerprint(t.database.db);
      for (const route of routes) {
        let accepted = false;
        const bodies = fc.sample(hostileBody, { numRuns: SAMPLES_PER_ROUTE, seed: seed++ });
        const queries = fc.sample(hostileQuery, { numRuns: SAMPLES_PER_ROUTE, seed: seed++ });
        for (let sample = 0; sample < SAMPLES_PER_ROUTE; sample++) {
          const withBody = route.method !== 'GET';
          const response = await t.api<{ error?: unknown }>(
            route.method,
            pathOf(route, queries[sample]!, gameId),
            withBody ? bodies[sample] : undefined,
            caller === 'player' ? player.token : undefined,
          );
          accepted ||= response.status < 400;
          if (response.status >= 500) wrong.push(`${keyOf(route)} → ${response.status}`);
          else if (response.status >= 400 && typeof response.body?.error !== 'string')
            wrong.push(`${keyOf(route)} → ${response.status} without an error`);
        }
        const after = await databaseFingerprint(t.database.db);
        const changed = changedTables(before, after);
        if (changed.length > 0 && (!accepted || route.method === 'GET')) {
          wrong.push(`${keyOf(route)} ${accepted ? 'read' : 'refused'}, yet ${changed.join(', ')} changed`);
        }
        before = after;
      }
      expect(wrong).toEqual([]);
      expect(Object.prototype).not.toHaveProperty('polluted');
      expect(Object.prototype).not.toHaveProperty('role');
    }, 240_000);
  }
});
