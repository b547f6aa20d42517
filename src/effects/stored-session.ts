import type { StoredKey } from './storage';

const tokenKey: StoredKey = 'jwt';

/**
 * Whether a session token is stored, read straight from local storage: the boot module asks
 * before any of the app's code (RxJS included) is fetched.
 */
export function hasStoredSession(): boolean {
  return localStorage.getItem(tokenKey) !== null;
}
