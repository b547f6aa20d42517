// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { clearCache } from '../../src/api/cached-responses';
import { ApiError, request } from '../../src/api/request';

interface Answer {
  status: number;
  body?: unknown;
}
type Call = [url: string, init: RequestInit & { headers: Record<string, string> }];

/** Stands in for the server: `answer` sees each call and says what comes back. */
function serve(answer: (url: string, init: Call[1]) => Answer | Promise<Answer>) {
  const fetch = vi.fn(async (...[url, init]: Call) => {
    const { status, body } = await answer(url, init);
    const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const ok = z.object({ ok: z.boolean() });
const bearerOf = (init: Call[1]) => init.headers.Authorization;
const isRefresh = (url: string) => url.endsWith('/auth/refresh');

afterEach(() => {
  clearCache();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('request', () => {
  it('sends JSON under the API base with the stored bearer and the tunnelling header', async () => {
    localStorage.setItem('jwt', 'jwt-1');
    const fetch = serve(() => ({ status: 200, body: { ok: true } }));
    const answer = await request('POST', '/things', {
      body: { name: 'Épée' },
      query: { b: 'x y', a: 1, skipped: undefined },
      schema: ok,
    });
    expect(answer).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/shatteredrealms/api/things?a=1&b=x+y');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Épée"}');
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer jwt-1',
      'ngrok-skip-browser-warning': 'true',
      'Content-Type': 'application/json',
      Accept: 'application/json',
    });
  });

  it('sends no bearer without a stored token', async () => {
    const fetch = serve(() => ({ status: 200, body: { ok: true } }));
    await request('GET', '/things', { schema: ok });
    expect(fetch.mock.calls[0]![1].headers.Authorization).toBeUndefined();
  });

  it('refuses an answer its schema does not accept', async () => {
    serve(() => ({ status: 200, body: { ok: 'yes' } }));
    const failure = await request('GET', '/things', { schema: ok }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 200, body: { ok: 'yes' } });
  });

  it("fails with the server's French text", async () => {
    serve(() => ({ status: 409, body: { error: 'Cette adresse e-mail est déjà utilisée' } }));
    await expect(request('POST', '/auth/register', { body: {}, schema: ok })).rejects.toMatchObject({
      name: 'ApiError',
      status: 409,
      message: 'Cette adresse e-mail est déjà utilisée',
      body: { error: 'Cette adresse e-mail est déjà utilisée' },
    });
  });

  it('fails with the status when the server sent no text', async () => {
    serve(() => ({ status: 502, body: '<html>Bad gateway</html>' }));
    await expect(request('GET', '/things', { schema: ok })).rejects.toMatchObject({
      status: 502,
      message: 'Erreur HTTP 502',
      body: '<html>Bad gateway</html>',
    });
  });

  it('resolves to nothing when no schema is given', async () => {
    serve(() => ({ status: 204 }));
    await expect(request('DELETE', '/things/1')).resolves.toBeUndefined();
  });
});

describe('request: one renewal on 401', () => {
  /** A server where only `jwt-2` is valid, and refresh-1 trades for jwt-2. */
  const renewingServer = (
    refresh: () => Answer | Promise<Answer> = () => ({
      status: 200,
      body: { token: 'jwt-2', refreshToken: 'refresh-2', userId: 'u-1' },
    }),
  ) =>
    serve((url, init) => {
      if (isRefresh(url)) return refresh();
      return bearerOf(init) === 'Bearer jwt-2'
        ? { status: 200, body: { ok: true } }
        : { status: 401, body: { error: 'Session invalide ou expirée' } };
    });

  it('renews the session, stores the new tokens and retries with them', async () => {
    localStorage.setItem('jwt', 'jwt-1');
    localStorage.setItem('refresh_token', 'refresh-1');
    const fetch = renewingServer();
    await expect(request('GET', '/things', { schema: ok })).resolves.toEqual({ ok: true });
    expect(localStorage.getItem('jwt')).toBe('jwt-2');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-2');
    const [first, renewal, retry] = fetch.mock.calls;
    expect(bearerOf(first![1])).toBe('Bearer jwt-1');
    expect(renewal![0]).toBe('/shatteredrealms/api/auth/refresh');
    expect(renewal![1].body).toBe('{"refreshToken":"refresh-1"}');
    expect(bearerOf(renewal![1])).toBeUndefined();
    expect(bearerOf(retry![1])).toBe('Bearer jwt-2');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('shares one renewal between calls refused at the same time', async () => {
    localStorage.setItem('jwt', 'jwt-1');
    localStorage.setItem('refresh_token', 'refresh-1');
    let answerRenewal!: (answer: Answer) => void;
    const fetch = renewingServer(() => new Promise<Answer>((resolve) => (answerRenewal = resolve)));
    const calls = [
      request('GET', '/a', { schema: ok }),
      request('GET', '/b', { schema: ok }),
      request('POST', '/c', { schema: ok }),
    ];
    await vi.waitFor(() => expect(fetch.mock.calls.filter(([url]) => isRefresh(url))).toHaveLength(1));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(4));
    answerRenewal({ status: 200, body: { token: 'jwt-2', refreshToken: 'refresh-2', userId: 'u-1' } });
    await expect(Promise.all(calls)).resolves.toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(fetch.mock.calls.filter(([url]) => isRefresh(url))).toHaveLength(1);
  });

  it('uses a token another call already renewed instead of renewing again', async () => {
    localStorage.setItem('jwt', 'jwt-1');
    localStorage.setItem('refresh_token', 'refresh-1');
    const fetch = serve((url, init) => {
      if (isRefresh(url)) return { status: 500 };
      if (bearerOf(init) === 'Bearer jwt-1') {
        // Renewed elsewhere while this call was on its way.
        localStorage.setItem('jwt', 'jwt-2');
        return { status: 401, body: { error: 'Session invalide ou expirée' } };
      }
      return { status: 200, body: { ok: true } };
    });
    await expect(request('GET', '/things', { schema: ok })).resolves.toEqual({ ok: true });
    expect(fetch.mock.calls.some(([url]) => isRefresh(url))).toBe(false);
  });

  it('retries only once', async () => {
    localStorage.setItem('jwt', 'jwt-1');
    localStorage.setItem('refresh_token', 'refresh-1');
    const fetch = serve((url) =>
      isRefresh(url)
        ? { status: 200, body: { token: 'jwt-2', refreshToken: 'refresh-2', userId: 'u-1' } }
        : { status: 401, body: { error: 'Session invalide ou expirée' } },
    );
    await expect(request('GET', '/things', { schema: ok })).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('does not renew without a refresh token, nor when the server refuses to', async () => {
    localStorage.setItem('jwt', 'jwt-1');
    const fetch = renewingServer(() => ({
      status: 401,
      body: { error: 'Jeton de rafraîchissement invalide' },
    }));
    await expect(request('GET', '/things', { schema: ok })).rejects.toMatchObject({
      status: 401,
      message: 'Session invalide ou expirée',
    });
    expect(fetch).toHaveBeenCalledTimes(1);

    localStorage.setItem('refresh_token', 'refresh-1');
    await expect(request('GET', '/things', { schema: ok })).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('jwt')).toBe('jwt-1');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('does not renew a call made with an explicit bearer, nor one made signed out', async () => {
    localStorage.setItem('refresh_token', 'refresh-1');
    const fetch = renewingServer();
    await expect(request('POST', '/auth/logout', { schema: ok, bearer: 'jwt-old' })).rejects.toMatchObject({
      status: 401,
    });
    expect(bearerOf(fetch.mock.calls[0]![1])).toBe('Bearer jwt-old');
    await expect(request('POST', '/auth/login', { schema: ok, anonymous: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('renews once a call that left without a token while a refresh token was stored', async () => {
    localStorage.setItem('refresh_token', 'refresh-1');
    const fetch = renewingServer();
    await expect(request('GET', '/game-data/g-1', { schema: ok })).resolves.toEqual({ ok: true });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/shatteredrealms/api/game-data/g-1',
      '/shatteredrealms/api/auth/refresh',
      '/shatteredrealms/api/game-data/g-1',
    ]);
    expect(localStorage.getItem('jwt')).toBe('jwt-2');
  });

  it('does not renew an anonymous call when no refresh token is stored either', async () => {
    const fetch = renewingServer();
    await expect(request('GET', '/things', { schema: ok })).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('request: GET cache', () => {
  it('answers a repeated GET from the cache, keyed on path and query', async () => {
    const fetch = serve(() => ({ status: 200, body: { ok: true } }));
    await request('GET', '/things', { query: { page: 1 }, schema: ok });
    await request('GET', '/things', { query: { page: 1 }, schema: ok });
    expect(fetch).toHaveBeenCalledTimes(1);
    await request('GET', '/things', { query: { page: 2 }, schema: ok });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('skips the cache on request, for other methods and for failures', async () => {
    const fetch = serve((_, init) =>
      init.method === 'PUT' ? { status: 200, body: { ok: true } } : { status: 500 },
    );
    await request('GET', '/things', { schema: ok }).catch(() => undefined);
    await request('GET', '/things', { schema: ok }).catch(() => undefined);
    await request('PUT', '/things', { schema: ok });
    await request('PUT', '/things', { schema: ok });
    expect(fetch).toHaveBeenCalledTimes(4);

    serve(() => ({ status: 200, body: { ok: true } }));
    await request('GET', '/fresh', { schema: ok, cache: false });
    await request('GET', '/fresh', { schema: ok, cache: false });
    expect(vi.mocked(globalThis.fetch)).toHaveBeenCalledTimes(2);
  });

  it('asks again once the cache is cleared by fragment', async () => {
    const fetch = serve(() => ({ status: 200, body: { ok: true } }));
    await request('GET', '/game-data/owned', { schema: ok });
    await request('GET', '/users/1', { schema: ok });
    clearCache('/game-data');
    await request('GET', '/game-data/owned', { schema: ok });
    await request('GET', '/users/1', { schema: ok });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/shatteredrealms/api/game-data/owned',
      '/shatteredrealms/api/users/1',
      '/shatteredrealms/api/game-data/owned',
    ]);
  });
});
