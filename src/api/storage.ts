import { defer, filter, fromEvent, merge, mergeMap, Subject, type Observable } from 'rxjs';

/** The session's values in local storage, under the spec's own key names (platform.md §3). */
export type StoredKey = 'jwt' | 'userId' | 'displayName' | 'refresh_token';

const storedKeys: readonly StoredKey[] = ['jwt', 'userId', 'displayName', 'refresh_token'];

export interface StoredChange {
  key: StoredKey;
  /** The new value; null once removed. */
  value: string | null;
  /** True when another tab of the app made the change. */
  elsewhere: boolean;
}

function isStoredKey(key: string | null): key is StoredKey {
  return storedKeys.includes(key as StoredKey);
}

const changesHere = new Subject<StoredChange>();

/**
 * Another tab's writes arrive as `storage` events; `localStorage.clear()` there comes as one event
 * with no key, which removed every value.
 */
const changesElsewhere$: Observable<StoredChange> = defer(() =>
  fromEvent<StorageEvent>(window, 'storage'),
).pipe(
  filter((event) => event.storageArea === localStorage && (event.key === null || isStoredKey(event.key))),
  mergeMap((event) =>
    event.key === null
      ? storedKeys.map((key) => ({ key, value: null, elsewhere: true }))
      : [{ key: event.key as StoredKey, value: event.newValue, elsewhere: true }],
  ),
);

/**
 * The one door to the session's stored values. Writes made here are announced too (the browser
 * only tells other tabs), so a token renewed by the REST client reaches the machines like one
 * renewed in another tab.
 */
export const storage = {
  get(key: StoredKey): string | null {
    return localStorage.getItem(key);
  },
  set(key: StoredKey, value: string): void {
    if (localStorage.getItem(key) === value) return;
    localStorage.setItem(key, value);
    changesHere.next({ key, value, elsewhere: false });
  },
  remove(...keys: StoredKey[]): void {
    for (const key of keys) {
      if (localStorage.getItem(key) === null) continue;
      localStorage.removeItem(key);
      changesHere.next({ key, value: null, elsewhere: false });
    }
  },
  changes$: merge(changesHere, changesElsewhere$),
};
