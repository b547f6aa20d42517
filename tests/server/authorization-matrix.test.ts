import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages } from '../../server/lib/errors';
import { API_BASE } from '../../src/api/paths';
import { insertAcceptedPlayer, insertCharacter, insertGame, insertResource } from '../helpers/game-fixtures';
import { routesOf, type ListedRoute } from '../helpers/route-list';
import { startTestServer, type RegisteredUser, type TestServer } from '../helpers/server';

/**
 * The authorisation matrix's first columns (issue 15), over every route the server registers —
 * read from Fastify's own route tree, so a route added tomorrow is in it without a line here:
 * anonymous callers get 401 except on the few routes meant for them; a signed-in user never
 * crashes a route with ids that name nothing and an empty body; admin routes refuse a player.
 * A new public or admin route fails this test until it is listed below, deliberately.
 */
const PUBLIC = new Set([
  'POST /auth/register',
  'POST /auth/login',
  'POST /auth/refresh',
  'GET /auth/check-display-name',
  'GET /health',
  'GET /config',
  'POST /monitoring/web-vitals',
]);
const ADMIN_ONLY = new Set([
  'GET /metrics',
  'GET /anomalies',
  'GET /anomalies/stats',
  'POST /anomalies',
  'PUT /anomalies/:id/status',
  'PUT /anomalies/:id/resolve',
  'DELETE /anomalies/:id',
]);
/** Played last by the signed-in user: they end the session the other calls need. */
const ENDS_SESSION = new Set(['POST /auth/logout', 'DELETE /auth/account', 'POST /auth/change-password']);

const keyOf = (route: ListedRoute) => `${route.method} ${route.url.slice(API_BASE.length)}`;
/** Every parameter (`:id`, or Fastify's merged `:invitationId|:id`) names something that does not exist. */
const pathOf = (route: ListedRoute) =>
  route.url
    .slice(API_BASE.length)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? randomUUID() : segment))
    .join('/');
/** A game an outsider is not in: its MJ, a player's character and a monster of its bestiary. */
interface World {
  gameId: string;
  characterId: string;
  monsterId: string;
}

/** The route's parameters filled with the world's ids by what they name; the rest name nothing. */
function pathInto(route: ListedRoute, world: World): string {
  const path = route.url.slice(API_BASE.length);
  const character = path.startsWith('/players') || path.startsWith('/player-');
  return path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const names = segment.split('|').map((name) => name.slice(1));
      if (names.includes('gameId')) return world.gameId;
      if (names.includes('playerId')) return world.characterId;
      if (names.includes('resourceId') || names.includes('memoryId')) return world.monsterId;
      if (names.includes('id')) return character ? world.characterId : world.monsterId;
      return randomUUID();
    })
    .join('/');
}

const bodyOf = (route: ListedRoute) => (route.method === 'GET' || route.method === 'DELETE' ? undefined : {});

describe('authorisation matrix over the route table', () => {
  let t: TestServer;
  let routes: ListedRoute[];
  let user: RegisteredUser;
  beforeAll(async () => {
    t = await startTestServer();
    routes = routesOf(t.app).filter((route) => route.url.startsWith(`${API_BASE}/`));
    user = await t.register();
  });
  afterAll(() => t.close());

  it('reads the whole API from the server itself', () => {
    expect(routes.length).toBeGreaterThan(150);
    const keys = new Set(routes.map(keyOf));
    for (const listed of [...PUBLIC, ...ADMIN_ONLY, ...ENDS_SESSION]) expect(keys).toContain(listed);
  });

  it('refuses every route but the public ones to an anonymous caller, in French, and crashes none', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const response = await t.api<{ error?: string }>(route.method, pathOf(route), bodyOf(route));
      const key = keyOf(route);
      const expected = PUBLIC.has(key)
        ? response.status !== 401 && response.status < 500
        : response.status === 401 && response.body.error === commonMessages.authenticationRequired;
      if (!expected) wrong.push(`${key} → ${response.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets an outsider reach nothing of a game they are not in, on any route naming it, and changes nothing', async () => {
    const db = t.database.db;
    const [mj, player, outsider] = await t.registerMany(3);
    const gameId = await insertGame(db, mj.userId, 'La Forteresse');
    await insertAcceptedPlayer(db, gameId, mj.userId, player.userId);
    const world: World = {
      gameId,
      characterId: await insertCharacter(db, { userId: player.userId, gameId, name: 'Aelis' }),
      monsterId: await insertResource(db, gameId, 'monster', 'Gobelin', { HP: 7 }),
    };
    const before = await Promise.all([
      t.api('GET', `/game-data/${gameId}`, undefined, mj.token),
      t.api('GET', `/players/${world.characterId}`, undefined, player.token),
      t.api('GET', `/monster/${world.monsterId}`, undefined, mj.token),
    ]);
    expect(before.map((response) => response.status)).toEqual([200, 200, 200]);

    const wrong: string[] = [];
    const naming = routes.filter((route) => /:(gameId|playerId|resourceId|memoryId|id)\b/.test(route.url));
    for (const route of naming.filter((candidate) => !ENDS_SESSION.has(keyOf(candidate)))) {
      const response = await t.api(route.method, pathInto(route, world), bodyOf(route), outsider.token);
      if (response.status < 400 || response.status >= 500) wrong.push(`${keyOf(route)} → ${response.status}`);
    }
    expect(wrong).toEqual([]);

    const after = await Promise.all([
      t.api('GET', `/game-data/${gameId}`, undefined, mj.token),
      t.api('GET', `/players/${world.characterId}`, undefined, player.token),
      t.api('GET', `/monster/${world.monsterId}`, undefined, mj.token),
    ]);
    expect(after.map((response) => [response.status, response.body])).toEqual(
      before.map((response) => [response.status, response.body]),
    );
  });

  it('answers a signed-in player on every route without a 5xx, and refuses them the admin routes', async () => {
    const ordered = [...routes].sort(
      (a, b) => Number(ENDS_SESSION.has(keyOf(a))) - Number(ENDS_SESSION.has(keyOf(b))),
    );
    const wrong: string[] = [];
    for (const route of ordered) {
      const response = await t.api<{ error?: string }>(
        route.method,
        pathOf(route),
        bodyOf(route),
        user.token,
      );
      const key = keyOf(route);
      if (response.status >= 500) wrong.push(`${key} → ${response.status}`);
      else if (ADMIN_ONLY.has(key) && response.status !== 403)
        wrong.push(`${key} → ${response.status}, not 403`);
      else if (!ENDS_SESSION.has(key) && response.status === 401)
        wrong.push(`${key} → 401 for a signed-in user`);
      else if (response.status >= 400 && typeof response.body.error !== 'string')
        wrong.push(`${key} → ${response.status} without a French error`);
    }
    expect(wrong).toEqual([]);
  });
});
