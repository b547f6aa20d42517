import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages } from '../../server/lib/errors';
import { API_BASE } from '../../src/api/paths';
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
]);
const ADMIN_ONLY = new Set(['GET /metrics']);
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
