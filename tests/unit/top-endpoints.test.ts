import { describe, expect, it } from 'vitest';
import { TOP_LIST_SIZE, topEndpoints } from '../../src/domain/monitoring/top-endpoints';

describe('topEndpoints', () => {
  it('keeps the five highest counts, highest first, ties by name', () => {
    const counts = {
      'GET /a': 5,
      'GET /b': 9,
      'GET /c': 5,
      'GET /d': 1,
      'GET /e': 7,
      'GET /f': 2,
      'GET /g': 0,
    };
    expect(TOP_LIST_SIZE).toBe(5);
    expect(topEndpoints(counts)).toEqual([
      { endpoint: 'GET /b', count: 9 },
      { endpoint: 'GET /e', count: 7 },
      { endpoint: 'GET /a', count: 5 },
      { endpoint: 'GET /c', count: 5 },
      { endpoint: 'GET /f', count: 2 },
    ]);
  });

  it('lists nothing without a count above zero', () => {
    expect(topEndpoints({ 'GET /a': 0 })).toEqual([]);
    expect(topEndpoints({})).toEqual([]);
  });
});
