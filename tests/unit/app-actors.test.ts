import { describe, expect, it } from 'vitest';
import { ana, anaTokens, createFakeApp } from './fake-app';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function signedInApp() {
  const app = createFakeApp({ verify: async () => ana });
  await settle();
  return app;
}

describe('app actors', () => {
  it('opens no socket for a visitor, even after a login the server does not confirm', async () => {
    const app = createFakeApp({ login: async () => anaTokens });
    await settle();
    expect(app.actors.auth.getSnapshot().value).toBe('unauthenticated');
    expect(app.actors.socket.getSnapshot().value).toBe('disconnected');

    app.actors.auth.send({ type: 'auth.login', email: 'ana@example.test', password: 'secret-123' });
    await settle();
    expect(app.actors.auth.getSnapshot().value).toBe('unauthenticated');
    expect(app.record.socketsOpened).toEqual([]);
  });

  it('keeps the socket open for the signed-in user and sends a renewed token over it', async () => {
    const app = await signedInApp();
    expect(app.actors.socket.getSnapshot().value).toEqual({ open: 'connecting' });
    expect(app.record.socketsOpened).toEqual([{ player: null }]);
    app.socketFacts.next({ type: 'socket.connected' });

    app.storedToken.next({ type: 'token.replaced', user: { ...ana, token: 'jwt-ana-2' } });
    expect(app.record.authenticateUser).toEqual(['jwt-ana-2']);
    expect(app.record.socketsOpened).toHaveLength(1);
  });

  it('closes the socket and forgets the chosen mode on logout', async () => {
    const app = await signedInApp();
    app.actors.modeChoice.send({ type: 'mode.choose', mode: 'gameMaster' });
    app.actors.auth.send({ type: 'auth.logout' });
    expect(app.actors.socket.getSnapshot().value).toBe('disconnected');
    expect(app.record.socketsClosed).toBe(1);
    expect(app.actors.modeChoice.getSnapshot().value).toBe('choosing');
  });

  it('gives another account signing in elsewhere a socket and a mode choice of its own', async () => {
    const bea = { ...ana, id: 'u-2', displayName: 'Bea', token: 'jwt-bea' };
    const accounts = [ana, bea];
    const app = createFakeApp({ verify: async () => accounts.shift()! });
    await settle();
    app.actors.modeChoice.send({ type: 'mode.choose', mode: 'player' });

    app.storedToken.next({ type: 'token.replaced', user: bea });
    await settle();
    expect(app.actors.auth.getSnapshot().context.user).toEqual(bea);
    expect(app.record.socketsClosed).toBe(1);
    expect(app.record.socketsOpened).toHaveLength(2);
    expect(app.actors.modeChoice.getSnapshot().value).toBe('choosing');
  });

  it('opens the part a user chose last time when they sign in again', async () => {
    const app = createFakeApp({ verify: async () => ana, login: async () => anaTokens });
    await settle();
    app.actors.modeChoice.send({ type: 'mode.choose', mode: 'gameMaster' });
    app.actors.auth.send({ type: 'auth.logout' });
    expect(app.actors.modeChoice.getSnapshot().value).toBe('choosing');
    app.actors.auth.send({ type: 'auth.login', email: ana.email, password: 'secret-123' });
    await settle();
    expect(app.actors.modeChoice.getSnapshot().value).toBe('gameMaster');
  });

  it('stops everything', async () => {
    const app = await signedInApp();
    app.actors.stop();
    expect(app.actors.auth.getSnapshot().status).toBe('stopped');
    expect(app.actors.socket.getSnapshot().status).toBe('stopped');
    expect(app.record.socketsClosed).toBe(1);
  });
});
