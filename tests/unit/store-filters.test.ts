import { describe, expect, it } from 'vitest';
import {
  defaultStoreFilters,
  filterStoreEntries,
  matchesName,
  storeCreators,
} from '../../src/domain/resources/store-filters';

const entry = (id: string, name: string, exportedAt: string, createdBy: string | null) => ({
  id,
  name,
  exportedAt,
  createdBy,
  sourceGameId: null,
  creatorInfo: createdBy ? { display_name: createdBy.toUpperCase() } : null,
});

const entries = [
  entry('a', 'Écho ardent', '2025-01-02T10:00:00Z', 'zoe'),
  entry('b', 'Anneau', '2025-03-01T10:00:00Z', 'alix'),
  entry('c', 'rune de glace', '2025-02-01T10:00:00Z', 'zoe'),
  entry('d', 'Orphelin', '2025-01-01T10:00:00Z', null),
];
const names = (list: Array<{ name: string }>) => list.map((item) => item.name);

describe('global store filters', () => {
  it('sorts newest first by default, and by oldest, name and name-desc', () => {
    expect(names(filterStoreEntries(entries, defaultStoreFilters))).toEqual([
      'Anneau',
      'rune de glace',
      'Écho ardent',
      'Orphelin',
    ]);
    const sorted = (sort: typeof defaultStoreFilters.sort) =>
      names(filterStoreEntries(entries, { ...defaultStoreFilters, sort }));
    expect(sorted('oldest')).toEqual(['Orphelin', 'Écho ardent', 'rune de glace', 'Anneau']);
    expect(sorted('name')).toEqual(['Anneau', 'Écho ardent', 'Orphelin', 'rune de glace']);
    expect(sorted('name-desc')).toEqual(['rune de glace', 'Orphelin', 'Écho ardent', 'Anneau']);
  });

  it('searches names without case or accents, filters by creator and hides what the game owns', () => {
    expect(matchesName('Écho ardent', 'echo')).toBe(true);
    expect(names(filterStoreEntries(entries, { ...defaultStoreFilters, search: 'ECHO' }))).toEqual([
      'Écho ardent',
    ]);
    expect(names(filterStoreEntries(entries, { ...defaultStoreFilters, creatorId: 'zoe' }))).toEqual([
      'rune de glace',
      'Écho ardent',
    ]);
    const owned = new Set(['b']);
    expect(
      names(filterStoreEntries(entries, { ...defaultStoreFilters, showOwned: false }, owned)),
    ).not.toContain('Anneau');
    expect(names(filterStoreEntries(entries, defaultStoreFilters, owned))).toContain('Anneau');
  });

  it('offers each creator once, by name', () => {
    expect(storeCreators(entries)).toEqual([
      { id: 'alix', name: 'ALIX' },
      { id: 'zoe', name: 'ZOE' },
    ]);
  });
});
