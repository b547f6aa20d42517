import type { StoredKey } from '../api/storage';

const tokenKey: StoredKey = 'jwt';

/**
 * Whether a session token is stored, read straight from local storage: the boot module asks
 * before any of the app's code (RxJS included) is fetched. A browser that refuses the storage
 * (some private modes throw) has no session to resume.
 */
export function hasStoredSession(): boolean {
  try {
    return localStorage.getItem(tokenKey) !== null;
  } catch {
    return false;
  }
}
