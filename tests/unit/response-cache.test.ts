import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createResponseCache, RESPONSE_TTL_MS, SWEEP_EVERY_MS } from '../../src/api/response-cache';

describe('response cache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps an answer for 5 minutes (platform.md §9)', () => {
    expect(RESPONSE_TTL_MS).toBe(300_000);
    const cache = createResponseCache();
    cache.set('GET /users/1', '/users/1', { id: '1' });
    vi.advanceTimersByTime(RESPONSE_TTL_MS - 1);
    expect(cache.get('GET /users/1')).toEqual({ id: '1' });
    vi.advanceTimersByTime(1);
    expect(cache.get('GET /users/1')).toBeUndefined();
    cache.stopSweeping();
  });

  it('sweeps expired answers every 5 minutes, then stops its timer once empty', () => {
    expect(SWEEP_EVERY_MS).toBe(300_000);
    const cache = createResponseCache();
    cache.set('GET /a', '/a', 1);
    vi.advanceTimersByTime(60_000);
    cache.set('GET /b', '/b', 2);
    vi.advanceTimersByTime(SWEEP_EVERY_MS - 60_000);
    expect(cache.size).toBe(1);
    vi.advanceTimersByTime(SWEEP_EVERY_MS);
    expect(cache.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears by path fragment or entirely', () => {
    const cache = createResponseCache();
    cache.set('GET /game-data/1', '/game-data/1', 1);
    cache.set('GET /game-data/owned', '/game-data/owned', 2);
    cache.set('GET /users/1', '/users/1', 3);
    cache.clear('/game-data');
    expect(cache.get('GET /game-data/1')).toBeUndefined();
    expect(cache.get('GET /users/1')).toBe(3);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('matches fragments against the path, not the query', () => {
    const cache = createResponseCache();
    cache.set('GET /users/search?username=game', '/users/search', []);
    cache.clear('game');
    expect(cache.size).toBe(1);
    cache.stopSweeping();
  });
});
