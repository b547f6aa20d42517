import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { reportInternalError } from '../../server/lib/errors';
import { createLogger } from '../../server/lib/logger';
import { drivers, startTestServer, type TestServer } from '../helpers/server';
import { serverForSuite } from '../helpers/suite-server';
import { openTestPglite } from '../helpers/server-pglite-template';

const INDEX = '<!doctype html><title>Shattered Realms</title>';

/** Log lines written by pino, parsed. */
function logCollector() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe.each(drivers)('HTTP platform (%s)', (driver) => {
  let t: TestServer;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'sr-client-'));
    await mkdir(join(clientDir, 'js'));
    await writeFile(join(clientDir, 'index.html'), INDEX);
    await writeFile(join(clientDir, 'js', 'main-abc123.js'), 'console.log(1);');
    t = await startTestServer({ driver, env: { CLIENT_DIR: clientDir, AUTH_RATE_LIMIT_MAX: '3' } });
  });
  afterAll(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  const get = (path: string, init?: RequestInit) => fetch(`${t.url}${path}`, { redirect: 'manual', ...init });

  it('reports health once the database answers', async () => {
    expect(await t.api('GET', '/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('answers an unknown API route with a French 404 JSON, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      expect(await t.api(method, '/nothing/here')).toMatchObject({
        status: 404,
        body: { error: 'Ressource introuvable' },
      });
    }
  });

  it('sends the security headers', async () => {
    const response = await get('/shatteredrealms/api/health');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("media-src 'self' https:;");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('sends the same security headers on refusals and errors', async () => {
    const expected = await get('/shatteredrealms/api/health');
    const names = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];
    const refusals = [
      await get('/shatteredrealms/api/nothing/here'),
      await get('/elsewhere'),
      await fetch(`${t.baseUrl}/auth/verify`),
    ];
    expect(refusals.map((response) => response.status)).toEqual([404, 404, 401]);
    for (const response of refusals) {
      for (const name of names) expect(response.headers.get(name)).toBe(expected.headers.get(name));
    }
  });

  it('redirects the root to the app', async () => {
    for (const path of ['/', '/shatteredrealms']) {
      const response = await get(path);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/shatteredrealms/');
    }
  });

  it('serves index.html, never cached, for the app and its client-side routes', async () => {
    for (const path of ['/shatteredrealms/', '/shatteredrealms/home', '/shatteredrealms/game/42/table?x=1']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX);
    }
  });

  it('serves hashed bundles for good, and a missing one as a 404', async () => {
    const bundle = await get('/shatteredrealms/js/main-abc123.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await get('/shatteredrealms/js/gone-000.js');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Ressource introuvable' });
  });

  it('leaves paths outside the app as 404 JSON', async () => {
    const response = await get('/elsewhere');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Ressource introuvable' });
  });

  it('limits login attempts per minute with a French 429, and only there', async () => {
    const attempt = () => t.api('POST', '/auth/login', { email: 'limit@example.com', password: 'whatever' });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
    expect(await attempt()).toMatchObject({
      status: 429,
      body: { error: 'Trop de tentatives, veuillez réessayer plus tard.' },
    });
    for (let i = 0; i < 5; i += 1) {
      expect((await t.api('GET', '/auth/check-display-name?displayName=Libre')).status).toBe(200);
    }
  });
});

describe('HTTP platform without a built client', () => {
  const t = serverForSuite();

  it('still serves the API and answers app paths with 404 JSON', async () => {
    expect((await t.api('GET', '/health')).status).toBe(200);
    const response = await fetch(`${t.url}/shatteredrealms/home`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Ressource introuvable' });
  });
});

describe('unexpected failures', () => {
  it('answers 500 with a reference, and logs the reference with the stack only', async () => {
    const config = loadConfig({ LOG_LEVEL: 'info', JWT_SECRET: 'x'.repeat(32), CLIENT_DIR: '/nonexistent' });
    const database = await openTestPglite(config);
    const { lines, stream } = logCollector();
    const tableJournal = await mkdtemp(join(tmpdir(), 'sr-journal-'));
    const app = await buildApp({
      config,
      db: database.db,
      tableJournal,
      logger: createLogger(config, stream),
    });
    await database.close();

    const response = await app.inject({
      method: 'POST',
      url: '/shatteredrealms/api/auth/login',
      payload: { email: 'someone@example.com', password: 'hunter22' },
    });
    await app.close();
    await rm(tableJournal, { recursive: true, force: true });

    expect(response.statusCode).toBe(500);
    const { error } = response.json<{ error: string }>();
    const ref = /^Erreur interne du serveur \(réf\. ([0-9a-f]{8})\)$/.exec(error)?.[1];
    expect(ref).toBeDefined();
    expect(response.body).not.toContain(' at ');

    const logged = lines.find((line) => line.ref === ref);
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain(' at ');
    expect(JSON.stringify(lines)).not.toContain('hunter22');
  });

  it('keeps the bound parameters of a failed query out of the log', () => {
    const { lines, stream } = logCollector();
    const failure = new DrizzleQueryError(
      'select 1 where $1',
      ['scrypt$secret-hash'],
      new Error('connexion perdue'),
    );
    reportInternalError(createLogger({ logLevel: 'info' }, stream), failure);
    const text = JSON.stringify(lines);
    expect(text).toContain('connexion perdue');
    expect(text).not.toContain('secret-hash');
  });

  it('masks credentials in logs', () => {
    const { lines, stream } = logCollector();
    createLogger({ logLevel: 'info' }, stream).info(
      {
        req: { headers: { authorization: 'Bearer secret-token' } },
        body: { password: 'p1', currentPassword: 'p2', newPassword: 'p3', refreshToken: 'r1', token: 't1' },
      },
      'request',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['secret-token', 'p1', 'p2', 'p3', 'r1', 't1']) expect(text).not.toContain(secret);
  });
});
