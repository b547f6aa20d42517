import type { authMachine } from '../../src/machines/auth.machine';

type AuthActions = NonNullable<Parameters<typeof authMachine.provide>[0]['actions']>;

/** The auth machine's storage of tokens and session, kept in a map the test reads. */
export function credentialsStoredIn(stored: Map<string, string>) {
  return {
    'store tokens': (_, { token, refreshToken }) => {
      if (token !== undefined) stored.set('jwt', token);
      if (refreshToken !== undefined) stored.set('refresh_token', refreshToken);
    },
    'store session': (_, user) => {
      stored.set('userId', user.id);
      stored.set('displayName', user.displayName);
    },
    'clear stored credentials': () => ['jwt', 'userId', 'displayName'].forEach((key) => stored.delete(key)),
    'forget session': () => stored.clear(),
  } satisfies AuthActions;
}
