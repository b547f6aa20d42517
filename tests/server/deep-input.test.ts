import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/api/paths';
import { inputTooDeepRefused } from '../../src/api/schemas/common';
import { apiParty, type ApiParty } from '../helpers/api-party';
import { startChildServer, type ChildServer } from '../helpers/child-server';
import { connectRawSocketIo, nestedArrays, nestedObjects, type RawSocketIo } from '../helpers/raw-socket-io';
import { seedPgliteDataDir } from '../helpers/server-pglite-template';

/**
 * On the real server process as `npm start` runs it: a payload nested 20,000 deep (40 KB, far
 * under the size limit) would overflow the stack of a recursive walk in a socket listener and take
 * the whole process down, or be a 500 over HTTP. Each is refused in French, and the process still
 * answers after all of them.
 */
const DEPTH = 20_000;
const root = fileURLToPath(new URL('../..', import.meta.url));

describe('payloads nested 20,000 deep, on the server process', () => {
  let dataDir: string;
  let server: ChildServer;
  let party: ApiParty;
  let raw: RawSocketIo;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sr-deep-'));
    await seedPgliteDataDir({ dataDir, databaseUrl: undefined });
    server = await startChildServer(root, 'server/main.ts', {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_MAX: '10000',
      CLIENT_DIR: join(dataDir, 'no-client'),
    });
    party = await apiParty(server.url, 'Profondeurs', 1);
    raw = await connectRawSocketIo(server.url, party.players[0]!.token);
  });
  afterAll(async () => {
    await raw?.close();
    await server?.kill();
    await rm(dataDir, { recursive: true, force: true });
  });

  const stillAnswers = async () => (await fetch(`${server.url}${API_BASE}/health`)).status;

  it.each([
    ['arrays', nestedArrays(DEPTH)],
    ['objects', nestedObjects(DEPTH)],
    ['arrays under a field', `{"gameId":"g","message":${nestedArrays(DEPTH, '"x"')}}`],
  ])('refuses a newMessage of %s in French and keeps running', async (_, payload) => {
    expect(await raw.emitWithAck('newMessage', payload)).toEqual({ ok: false, error: inputTooDeepRefused });
    expect(await stillAnswers()).toBe(200);
  });

  it('drops the connection of a binary packet whose attachment sits 20,000 deep, and keeps running', async () => {
    // socket.io rebuilds a binary packet by walking it before any listener sees it, and ends a
    // connection whose packet it cannot read: the sender's socket goes, the others stay.
    const hostile = await connectRawSocketIo(server.url, party.players[0]!.token);
    const placeholder = '{"_placeholder":true,"num":0}';
    await expect(
      hostile.emitBinaryWithAck('newMessage', nestedArrays(DEPTH, placeholder), Buffer.from('x')),
    ).rejects.toThrow(/Session ID unknown/);
    expect(await stillAnswers()).toBe(200);
    expect(await raw.emitWithAck('newMessage', '{"gameId":"none","message":"encore là"}')).toMatchObject({
      ok: false,
    });
  });

  it('answers a 400 in French to an anonymous login whose e-mail is 20,000 deep', async () => {
    const response = await fetch(`${server.url}${API_BASE}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"email":${nestedArrays(DEPTH, '"a@b.fr"')},"password":"x"}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: inputTooDeepRefused });
    expect(await stillAnswers()).toBe(200);
  });
});
