import { decodeJwt, SignJWT } from 'jose';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { httpError } from '../../server/lib/errors';
import { SOCKET_PATH } from '../../src/api/paths';
import type { SessionTokens } from '../../src/api/schemas/auth';
import { drivers, startTestServer, type TestServer } from '../helpers/server';
import { twoProcessesForSuite, twoProcessesRun } from '../helpers/suite-server';

const nextEvent = <T>(socket: Socket, event: string) =>
  new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));

/** A token with the right claims, signed with `secret`, expiring at `expiresAt` (seconds). */
function signToken(claims: Record<string, unknown>, secret: string, expiresAt: number) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(expiresAt - 900)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));
}

describe.each(drivers)('realtime (%s)', (driver) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ driver });
    t.app.realtime.onConnection((_socket, on) => {
      on('test:fail', z.unknown(), (payload) => {
        if (payload === 'refuse') throw httpError(403, 'Action refusée');
        throw new Error('boom');
      });
    });
  });
  afterAll(() => t.close());

  const socketsOf = async (room: string) => t.app.realtime.io.in(room).fetchSockets();

  it('admits a valid token, joins the user and session rooms and receives emits to the user', async () => {
    const user = await t.register();
    const socket = await t.socket(user.token);
    const sid = decodeJwt(user.token).sid as string;
    expect(await socketsOf(`user:${user.userId}`)).toHaveLength(1);
    expect(await socketsOf(`session:${sid}`)).toHaveLength(1);
    expect(await t.app.realtime.isOnline(user.userId)).toBe(true);

    const received = nextEvent(socket, 'ping');
    t.app.realtime.toUser(user.userId).emit('ping', { hello: 'monde' });
    expect(await received).toEqual({ hello: 'monde' });

    socket.disconnect();
    await vi.waitFor(async () => expect(await t.app.realtime.isOnline(user.userId)).toBe(false));
  });

  it('takes the token from an Authorization header too', async () => {
    const user = await t.register();
    const socket = io(t.url, {
      path: SOCKET_PATH,
      transports: ['polling'],
      extraHeaders: { authorization: `Bearer ${user.token}` },
      reconnection: false,
      forceNew: true,
    });
    await nextEvent(socket, 'connect');
    expect(await t.app.realtime.isOnline(user.userId)).toBe(true);
    socket.disconnect();
  });

  it('refuses a missing, forged, expired, revoked or deleted-user token', async () => {
    await expect(t.socket('')).rejects.toThrow('Authentification requise');

    const user = await t.register();
    const claims = decodeJwt(user.token);
    const now = Math.floor(Date.now() / 1000);
    const forged = await signToken(claims, 'another-secret-of-at-least-32-characters', now + 900);
    const expired = await signToken(claims, t.config.jwtSecret as string, now - 60);
    await expect(t.socket(forged)).rejects.toThrow('Session invalide ou expirée');
    await expect(t.socket(expired)).rejects.toThrow('Session invalide ou expirée');

    const revoked = await t.register();
    await t.api('POST', '/auth/logout', undefined, revoked.token);
    await expect(t.socket(revoked.token)).rejects.toThrow('Session invalide ou expirée');

    const deleted = await t.register();
    await t.api('DELETE', '/auth/account', { password: deleted.password }, deleted.token);
    await expect(t.socket(deleted.token)).rejects.toThrow('Session invalide ou expirée');
  });

  it('answers bad payloads in French and stays up', async () => {
    const user = await t.register();
    const socket = await t.socket(user.token);

    const badAck = await socket.emitWithAck('authenticateUser', { token: 42 });
    expect(badAck).toEqual({ ok: false, error: expect.stringMatching(/^Entrée invalide/) });

    const errorEvent = nextEvent(socket, 'error');
    socket.emit('playerConnected', 'not an object');
    expect(await errorEvent).toEqual({ error: expect.stringMatching(/^Entrée invalide/) });

    expect(await socket.emitWithAck('playerConnected')).toMatchObject({ ok: false });
    expect(await socket.emitWithAck('test:fail', 'refuse')).toEqual({ ok: false, error: 'Action refusée' });
    expect(await socket.emitWithAck('test:fail', 'crash')).toEqual({
      ok: false,
      error: expect.stringMatching(/^Erreur interne du serveur \(réf\. [0-9a-f]{8}\)$/),
    });

    expect(socket.connected).toBe(true);
    expect(await socket.emitWithAck('playerConnected', { id: 7, name: 'Aria', avatar: null })).toEqual({
      ok: true,
    });
  });

  it('keeps the player card as information, never as identity', async () => {
    const user = await t.register();
    const socket = await t.socket(user.token);
    const card = { id: 'someone-else', name: 'Imposteur', avatar: 'a.png', socketId: socket.id };
    expect(await socket.emitWithAck('playerConnected', card)).toEqual({ ok: true });
    const [remote] = await socketsOf(`user:${user.userId}`);
    expect(remote?.data.player).toEqual(card);
    expect(remote?.data.user.id).toBe(user.userId);
  });

  it('swaps in a refreshed token or a new login of its account, and refuses another account’s', async () => {
    const user = await t.register();
    const socket = await t.socket(user.token);
    const refreshed = await t.api<SessionTokens>('POST', '/auth/refresh', {
      refreshToken: user.refreshToken,
    });
    expect(await socket.emitWithAck('authenticateUser', { token: refreshed.body.token })).toEqual({
      ok: true,
    });
    expect(await socket.emitWithAck('authenticateUser', { token: 'forged' })).toEqual({
      ok: false,
      error: 'Session invalide ou expirée',
    });

    const other = await t.register();
    expect(await socket.emitWithAck('authenticateUser', { token: other.token })).toEqual({
      ok: false,
      error: 'Ce jeton appartient à un autre compte : reconnectez-vous avec ce compte.',
    });
    expect(await socketsOf(`user:${user.userId}`)).toHaveLength(1);
    expect(await socketsOf(`user:${other.userId}`)).toHaveLength(0);

    // A new login of the same account moves the socket to its session.
    const again = await t.api<SessionTokens>('POST', '/auth/login', {
      email: user.email,
      password: user.password,
    });
    expect(await socket.emitWithAck('authenticateUser', { token: again.body.token })).toEqual({ ok: true });
    expect(await socketsOf(`session:${decodeJwt(user.token).sid as string}`)).toHaveLength(0);
    expect(await socketsOf(`session:${decodeJwt(again.body.token).sid as string}`)).toHaveLength(1);
    expect(await socketsOf(`user:${user.userId}`)).toHaveLength(1);
  });

  it('ends the sockets of one session or of a whole user on demand', async () => {
    const user = await t.register();
    const second = await t.api<SessionTokens>('POST', '/auth/login', {
      email: user.email,
      password: user.password,
    });
    const first = await t.socket(user.token);
    const other = await t.socket(second.body.token);

    const firstGone = nextEvent(first, 'disconnect');
    t.app.realtime.disconnectSession(decodeJwt(user.token).sid as string);
    await firstGone;
    expect(other.connected).toBe(true);

    const otherGone = nextEvent(other, 'disconnect');
    t.app.realtime.disconnectUser(user.userId);
    await otherGone;
  });
});

describe.runIf(twoProcessesRun)('realtime across processes sharing Redis', () => {
  const [first, second] = twoProcessesForSuite();

  it('reaches, sees and ends a socket held by the other process', async () => {
    const user = await first.register();
    const socket = await second.socket(user.token);

    const received = nextEvent(socket, 'ping');
    first.app.realtime.toUser(user.userId).emit('ping', { from: 'first' });
    expect(await received).toEqual({ from: 'first' });

    expect(await first.app.realtime.isOnline(user.userId)).toBe(true);

    const gone = nextEvent(socket, 'disconnect');
    first.app.realtime.disconnectSession(decodeJwt(user.token).sid as string);
    await gone;
  });
});
