import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasStoredSession } from '../../src/effects/stored-session';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('hasStoredSession', () => {
  it('tells whether a session token is stored', () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (key: string) => stored.get(key) ?? null });
    expect(hasStoredSession()).toBe(false);
    stored.set('jwt', 'a.b.c');
    expect(hasStoredSession()).toBe(true);
  });

  it('has no session to resume where the browser refuses the storage', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    expect(hasStoredSession()).toBe(false);
  });
});
