import { filter, map, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import { clearCache } from '../api/cached-responses';
import type { LoginRequest, RegisterRequest } from '../api/schemas/auth-requests';
import { sessionUserFromClaims, type SessionUser } from '../domain/roles';
import type { StoredTokenFact } from '../machines/auth.machine';
import { storage } from '../api/storage';

/** A session token stored by a newer version, or tampered with, names nobody we can show. */
class UnreadableToken extends Error {
  override readonly name = 'UnreadableToken';
}

function storedUser(): SessionUser {
  const token = storage.get('jwt');
  const user = token === null ? null : sessionUserFromClaims(token);
  if (user === null) throw new UnreadableToken('Jeton de session illisible');
  return user;
}

const storedTokenFacts$: Observable<StoredTokenFact> = storage.changes$.pipe(
  filter((change) => change.key === 'jwt'),
  map((change): StoredTokenFact | null => {
    if (change.value === null) return { type: 'token.removed' };
    const user = sessionUserFromClaims(change.value);
    return user === null ? null : { type: 'token.replaced', user };
  }),
  filter((fact) => fact !== null),
);

// The REST client and its schemas load with the first call: a visitor who never signs in on the
// landing page never fetches them.
const loadAuthApi = () => import('../api/auth');

/** The auth machine's effects in the browser: REST calls, local storage and its changes. */
export const authSessionEffects = {
  actors: {
    'verify session': fromPromise<SessionUser>(async ({ signal }) => {
      // Nothing stored: no call, the visitor is simply not signed in.
      storedUser();
      const { verify } = await loadAuthApi();
      await verify(signal);
      // The check may have renewed an expired token: the user comes from the one stored now.
      return storedUser();
    }),
    'log in': fromPromise(async ({ input, signal }: { input: LoginRequest; signal: AbortSignal }) =>
      (await loadAuthApi()).login(input, signal),
    ),
    register: fromPromise(async ({ input, signal }: { input: RegisterRequest; signal: AbortSignal }) =>
      (await loadAuthApi()).register(input, signal),
    ),
    'end server session': fromPromise(async ({ input }: { input: { token: string | undefined } }) => {
      if (input.token === undefined) return;
      // Best effort: the session is already gone here, whatever the server answers.
      await (await loadAuthApi()).logout(input.token).catch(() => undefined);
    }),
    'watch stored token': fromEventObservable(() => storedTokenFacts$),
  },
  actions: {
    'store tokens': (_: unknown, { token, refreshToken }: { token?: string; refreshToken?: string }) => {
      if (token !== undefined) storage.set('jwt', token);
      if (refreshToken !== undefined) storage.set('refresh_token', refreshToken);
    },
    'store session': (_: unknown, user: SessionUser) => {
      // Cached answers were someone else's.
      if (storage.get('userId') !== user.id) clearCache();
      storage.set('userId', user.id);
      storage.set('displayName', user.displayName);
    },
    'clear stored credentials': () => {
      storage.remove('jwt', 'userId', 'displayName');
    },
    'forget session': () => {
      storage.remove('jwt', 'userId', 'displayName', 'refresh_token');
      clearCache();
    },
  },
};
