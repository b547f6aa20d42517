// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { storage, type StoredChange } from '../../src/api/storage';

function recordChanges() {
  const changes: StoredChange[] = [];
  const subscription = storage.changes$.subscribe((change) => changes.push(change));
  return { changes, stop: () => subscription.unsubscribe() };
}

afterEach(() => localStorage.clear());

describe('storage', () => {
  it('reads and writes the session values under the spec key names', () => {
    storage.set('jwt', 'jwt-1');
    storage.set('refresh_token', 'refresh-1');
    expect(localStorage.getItem('jwt')).toBe('jwt-1');
    expect(storage.get('refresh_token')).toBe('refresh-1');
    storage.remove('jwt', 'refresh_token');
    expect(storage.get('jwt')).toBeNull();
  });

  it("announces this tab's changes, and only real ones", () => {
    const { changes, stop } = recordChanges();
    storage.set('displayName', 'Ana');
    storage.set('displayName', 'Ana');
    storage.remove('displayName', 'userId');
    stop();
    expect(changes).toEqual([
      { key: 'displayName', value: 'Ana', elsewhere: false },
      { key: 'displayName', value: null, elsewhere: false },
    ]);
  });

  it("announces another tab's changes to the session values only", () => {
    const { changes, stop } = recordChanges();
    const fromAnotherTab = (key: string | null, newValue: string | null) =>
      window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
    fromAnotherTab('jwt', 'jwt-2');
    fromAnotherTab('theme', 'dark');
    fromAnotherTab(null, null);
    stop();
    expect(changes).toEqual([
      { key: 'jwt', value: 'jwt-2', elsewhere: true },
      { key: 'jwt', value: null, elsewhere: true },
      { key: 'userId', value: null, elsewhere: true },
      { key: 'displayName', value: null, elsewhere: true },
      { key: 'refresh_token', value: null, elsewhere: true },
    ]);
  });
});
