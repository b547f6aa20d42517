import type { z } from 'zod';
import { storage } from './storage';
import { API_BASE } from './paths';
import { cachedResponses as responseCache } from './cached-responses';
import { sessionTokens } from './schemas/auth';
import { errorBody } from './schemas/common';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Query = Record<string, string | number | boolean | undefined>;

/** A failed call: `message` is the server's French `error` text when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

interface RequestOptions {
  body?: unknown;
  query?: Query;
  /** GET only: false skips the response cache for this call. */
  cache?: boolean;
  signal?: AbortSignal;
  /**
   * The bearer to send instead of the stored one, for a call made after the session was cleared
   * (logout). A 401 on such a call is final: there is no session left to renew.
   */
  bearer?: string;
  /**
   * A call made signed out (login, registration, the name check): its 401 is its answer, never a
   * session to renew.
   */
  anonymous?: boolean;
}

function queryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    if (value !== undefined) params.set(name, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function send(
  method: Method,
  target: string,
  body: unknown,
  bearer: string | null,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // platform.md §7: skips the tunnelling service's browser warning page.
    'ngrok-skip-browser-warning': 'true',
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (bearer !== null) headers.Authorization = `Bearer ${bearer}`;
  return fetch(`${API_BASE}${target}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function bodyOf(response: Response): Promise<unknown> {
  const body = await readJson(response);
  if (response.ok) return body;
  const failure = errorBody.safeParse(body);
  throw new ApiError(
    response.status,
    failure.success ? failure.data.error : `Erreur HTTP ${response.status}`,
    body,
  );
}

function parse<S extends z.ZodType>(schema: S, body: unknown, status: number): z.output<S> {
  const answer = schema.safeParse(body);
  if (!answer.success) throw new ApiError(status, 'Réponse inattendue du serveur', body);
  return answer.data;
}

let renewal: Promise<string | null> | null = null;

async function renewTokens(): Promise<string | null> {
  const refreshToken = storage.get('refresh_token');
  if (refreshToken === null) return null;
  const response = await send('POST', '/auth/refresh', { refreshToken }, null, undefined);
  if (!response.ok) return null;
  const tokens = sessionTokens.safeParse(await readJson(response));
  if (!tokens.success) return null;
  storage.set('jwt', tokens.data.token);
  storage.set('refresh_token', tokens.data.refreshToken);
  return tokens.data.token;
}

/**
 * Trades the stored refresh token for new tokens and stores them; null when there is none or the
 * server refuses it. Callers at the same moment share one exchange, since the server rotates the
 * refresh token and a second exchange with the old one would fail.
 */
export function renewSession(): Promise<string | null> {
  renewal ??= renewTokens().finally(() => {
    renewal = null;
  });
  return renewal;
}

/** The token to retry with after a 401, unless another call already renewed the one we sent. */
export async function freshBearer(sent: string | null): Promise<string | null> {
  const stored = storage.get('jwt');
  if (stored !== null && stored !== sent) return stored;
  return renewSession();
}

export function request<S extends z.ZodType>(
  method: Method,
  path: string,
  options: RequestOptions & { schema: S },
): Promise<z.output<S>>;
export function request(
  method: Method,
  path: string,
  options?: RequestOptions & { schema?: undefined },
): Promise<void>;
/**
 * One REST call of platform.md §7 under API_BASE: JSON in and out, the stored session token as
 * bearer, the answer checked against its zod schema. A 401 on a call that needs the session renews
 * it once and retries once, also when the call left without a token while a refresh token was
 * stored: the page the user opened is worth the exchange before anyone is sent home. GET answers are cached (§9). No default time-out.
 */
export async function request(
  method: Method,
  path: string,
  {
    body,
    query,
    schema,
    cache = true,
    signal,
    bearer,
    anonymous = false,
  }: RequestOptions & { schema?: z.ZodType } = {},
): Promise<unknown> {
  const target = `${path}${queryString(query)}`;
  const cacheKey = method === 'GET' && cache ? `${method} ${target}` : null;
  const cached = cacheKey === null ? undefined : responseCache.get(cacheKey);
  if (cached !== undefined) return schema === undefined ? undefined : parse(schema, cached, 200);

  const sent = bearer ?? storage.get('jwt');
  let response = await send(method, target, body, sent, signal);
  const renewable =
    bearer === undefined && !anonymous && (sent !== null || storage.get('refresh_token') !== null);
  if (response.status === 401 && renewable) {
    const renewed = await freshBearer(sent);
    if (renewed !== null) response = await send(method, target, body, renewed, signal);
  }

  const answer = await bodyOf(response);
  if (schema === undefined) return undefined;
  const parsed = parse(schema, answer, response.status);
  if (cacheKey !== null) responseCache.set(cacheKey, path, answer);
  return parsed;
}

/**
 * A call whose answer is not JSON (a stored file's bytes), with the session's bearer and the same
 * single renewal on a 401 as `request`. The caller reads the response; a failure is an ApiError.
 */
export async function authorizedFetch(path: string, signal?: AbortSignal): Promise<Response> {
  const bearerHeaders = (bearer: string | null): Record<string, string> =>
    bearer === null ? {} : { Authorization: `Bearer ${bearer}` };
  const sent = storage.get('jwt');
  let response = await fetch(path, { headers: bearerHeaders(sent), signal });
  if (response.status === 401 && (sent !== null || storage.get('refresh_token') !== null)) {
    const renewed = await freshBearer(sent);
    if (renewed !== null) response = await fetch(path, { headers: bearerHeaders(renewed), signal });
  }
  if (!response.ok) await bodyOf(response);
  return response;
}

/** The bearer to send on a call made outside `request` (an upload's XMLHttpRequest). */
export const currentBearer = (): string | null => storage.get('jwt');
