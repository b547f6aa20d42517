import fc from 'fast-check';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputTooDeepRefused } from '../../src/api/schemas/common';
import { changedTables, databaseFingerprint } from '../helpers/database-fingerprint';
import { connectRawSocketIo, nestedArrays, nestedObjects } from '../helpers/raw-socket-io';
import { drivers, startTestServer, type RegisteredUser, type TestServer } from '../helpers/server';

/**
 * Every socket event the server listens to — read from the server's own socket, so an event added
 * tomorrow is fuzzed without a line here — fed what a hostile client sends: random
 * JSON, NUL characters, prototype keys, huge strings, no payload, several arguments. Each call
 * with an acknowledgement gets `{ ok, error? }` and never an internal error; the server stays up,
 * no prototype of this process (where the test server runs) changes, and an event whose every
 * acknowledgement was a refusal leaves the database as it found it (its fingerprint, every table's
 * rows, taken around each event's batch of samples).
 */
const SAMPLES_PER_EVENT = 8;
/** A flood, bounded: this many of one event at once. */
const FLOOD = 150;
/** socket.io's own, not the application's. */
const RESERVED = new Set(['disconnect', 'disconnecting', 'error']);

const nasty = fc.oneof(
  fc.constant('\u0000'),
  fc.constant('__proto__'),
  fc.constant('constructor'),
  fc.constant('x'.repeat(100_000)),
  fc.string({ unit: 'binary', maxLength: 30 }),
);
const hostilePayload = fc.oneof(
  fc.constant(
    JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as unknown,
  ),
  fc.constant(
    JSON.parse(
      '{"gameId":"__proto__","map":"__proto__","change":{"type":"__proto__","__proto__":{"polluted":true}}}',
    ) as unknown,
  ),
  fc.constant(undefined),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(nasty, fc.oneof(nasty, fc.integer(), fc.constant(null)), { maxKeys: 5 }),
);

describe.each(drivers)('hostile input on every socket event (%s)', (driver) => {
  let t: TestServer;
  let player: RegisteredUser;
  let socket: Socket;
  let events: string[];
  beforeAll(async () => {
    t = await startTestServer({ driver });
    player = await t.register();
    socket = await t.socket(player.token);
    const serverSide = [...t.app.realtime.io.sockets.sockets.values()].find(
      (candidate) => candidate.id === socket.id,
    );
    events = (serverSide?.eventNames() ?? []).map(String).filter((event) => !RESERVED.has(event));
  });
  afterAll(() => t.close());

  it('finds the events the server listens to', () => {
    expect(events).toEqual(expect.arrayContaining(['itemChange', 'mapChange', 'turnOrderChange']));
  });

  it('answers every event without an internal error, stays up, and pollutes nothing', async () => {
    const wrong: string[] = [];
    let seed = 7;
    let before = await databaseFingerprint(t.database.db);
    for (const event of events) {
      const payloads = fc.sample(hostilePayload, { numRuns: SAMPLES_PER_EVENT, seed: seed++ });
      const answers = await Promise.all(
        payloads.map((payload, index) =>
          // Half with an acknowledgement, half without (the server then answers with an 'error' event).
          index % 2 === 0
            ? (socket.timeout(3000).emitWithAck(event, payload) as Promise<unknown>).catch(() => 'no answer')
            : (socket.emit(event, payload, 'a second argument'), Promise.resolve('sent')),
        ),
      );
      for (const answer of answers) {
        if (answer === 'sent') continue;
        const shaped =
          typeof answer === 'object' &&
          answer !== null &&
          typeof (answer as { ok?: unknown }).ok === 'boolean';
        const error = shaped ? (answer as { error?: unknown }).error : undefined;
        if (!shaped) wrong.push(`${event} → ${JSON.stringify(answer)?.slice(0, 80)}`);
        else if (typeof error === 'string' && error.startsWith('Erreur interne'))
          wrong.push(`${event} → ${error}`);
      }
      const after = await databaseFingerprint(t.database.db);
      const changed = changedTables(before, after);
      const allRefused = answers.every(
        (answer) => answer === 'sent' || (answer as { ok?: unknown }).ok === false,
      );
      if (changed.length > 0 && allRefused) wrong.push(`${event} refused, yet ${changed.join(', ')} changed`);
      before = after;
    }
    expect(wrong).toEqual([]);
    expect(socket.connected).toBe(true);
    expect((await t.api('GET', '/health')).status).toBe(200);
    expect(Object.prototype).not.toHaveProperty('polluted');
  }, 120_000);

  it('refuses payloads nested 20,000 deep on every event, sent as packets written by hand', async () => {
    // socket.io-client cannot encode them (its binary check recurses); a hostile client can.
    const raw = await connectRawSocketIo(t.url, player.token);
    const refused = JSON.stringify({ ok: false, error: inputTooDeepRefused });
    const wrong: string[] = [];
    for (const event of events) {
      for (const payload of [nestedArrays(20_000), nestedObjects(20_000)]) {
        const answer = JSON.stringify(await raw.emitWithAck(event, payload));
        if (answer !== refused) wrong.push(`${event} → ${answer}`);
      }
    }
    await raw.close();
    expect(wrong).toEqual([]);
    expect((await t.api('GET', '/health')).status).toBe(200);
  }, 60_000);

  it('answers a flood of every event, 150 at once each, and stays up', async () => {
    const wrong: string[] = [];
    for (const event of events) {
      const answers = await Promise.all(
        Array.from(
          { length: FLOOD },
          () => socket.timeout(10_000).emitWithAck(event, { gameId: 'inconnue' }) as Promise<unknown>,
        ),
      );
      const unshaped = answers.filter(
        (answer) => typeof (answer as { ok?: unknown } | null)?.ok !== 'boolean',
      ).length;
      if (unshaped > 0) wrong.push(`${event}: ${unshaped} answers without ok`);
    }
    expect(wrong).toEqual([]);
    expect(socket.connected).toBe(true);
    expect((await t.api('GET', '/health')).status).toBe(200);
  }, 120_000);
});
