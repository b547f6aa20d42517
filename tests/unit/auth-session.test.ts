// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, setup, toPromise, type AnyActorLogic, type EventObject } from 'xstate';
import { z } from 'zod';
import { request } from '../../src/api/request';
import { authSessionEffects } from '../../src/effects/auth-session';
import { storage } from '../../src/api/storage';
import { tokenWith } from './jwt';

const anaToken = tokenWith({
  sub: 'u-1',
  email: 'ana@example.test',
  display_name: 'Ana',
  sid: 's',
  user_metadata: { role: 'mj' },
});

/** What storage holds for Ana signed in: her token, id and name, and a refresh token. */
function storeSignedInSession() {
  const stored = { jwt: anaToken, userId: 'u-1', displayName: 'Ana', refresh_token: 'r' };
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
}

const { actors, actions } = authSessionEffects;

function serve(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const run = (logic: AnyActorLogic, input?: unknown) => toPromise(createActor(logic, { input }).start());
const noArgs = {} as never;

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('auth session effects', () => {
  it('verifies the stored token and answers the user it names', async () => {
    storage.set('jwt', anaToken);
    const fetch = serve(200, {
      valid: true,
      user: {
        id: 'u-1',
        email: 'ana@example.test',
        display_name: 'Ana',
        username: 'ana',
        created_at: '2026-01-01',
        role: 'mj',
      },
    });
    await expect(run(actors['verify session'])).resolves.toEqual({
      id: 'u-1',
      email: 'ana@example.test',
      role: 'mj',
      displayName: 'Ana',
      token: anaToken,
    });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('fails without calling the server when nothing is stored', async () => {
    const fetch = serve(200, {});
    await expect(run(actors['verify session'])).rejects.toThrow();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('ends the server session with the given token and ignores its failure', async () => {
    const fetch = serve(500, { error: 'Erreur interne du serveur (réf. 1)' });
    await expect(run(actors['end server session'], { token: 'jwt-old' })).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('clears the three credentials on a refused token but keeps the refresh token', () => {
    storeSignedInSession();
    actions['clear stored credentials']();
    expect({ ...localStorage }).toEqual({ refresh_token: 'r' });
  });

  it('forgets all four values and the cached answers on logout', async () => {
    storeSignedInSession();
    const fetch = serve(200, { ok: true });
    await request('GET', '/users/1', { schema: z.unknown() });
    actions['forget session']();
    expect(localStorage.length).toBe(0);
    await request('GET', '/users/1', { schema: z.unknown() });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('stores tokens and the session user', () => {
    actions['store tokens'](noArgs, { token: anaToken, refreshToken: 'refresh-1' });
    actions['store session'](noArgs, {
      id: 'u-1',
      email: 'a',
      role: 'player',
      displayName: 'Ana',
      token: anaToken,
    });
    expect({ ...localStorage }).toEqual({
      jwt: anaToken,
      refresh_token: 'refresh-1',
      userId: 'u-1',
      displayName: 'Ana',
    });
  });

  it('reports a replaced or removed token with the user it names', () => {
    const facts: EventObject[] = [];
    const listener = createActor(
      setup({ actors: { watch: actors['watch stored token'] } }).createMachine({
        invoke: { src: 'watch' },
        on: { '*': { actions: ({ event }) => facts.push(event) } },
      }),
    ).start();
    storage.set('jwt', anaToken);
    storage.set('userId', 'u-1');
    storage.set('jwt', 'unreadable');
    storage.remove('jwt');
    listener.stop();
    expect(facts).toEqual([
      { type: 'token.replaced', user: expect.objectContaining({ id: 'u-1', token: anaToken }) },
      { type: 'token.removed' },
    ]);
  });
});
