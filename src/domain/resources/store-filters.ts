/**
 * The global store view's filters (table.md §2; platform.md §9 sort options): a name search, one
 * of four sorts, a creator, and whether to show entries the current game already owns (exported
 * from it or already imported into it). Pure, so both admin screens filter the same way.
 */

export const storeSorts = ['newest', 'oldest', 'name', 'name-desc'] as const;
export type StoreSort = (typeof storeSorts)[number];

export const storeSortLabels: Record<StoreSort, string> = {
  newest: 'Plus récentes',
  oldest: 'Plus anciennes',
  name: 'Nom (A → Z)',
  'name-desc': 'Nom (Z → A)',
};

export interface StoreFilters {
  search: string;
  sort: StoreSort;
  /** A creator's user id, or null for everyone. */
  creatorId: string | null;
  showOwned: boolean;
}

export const defaultStoreFilters: StoreFilters = {
  search: '',
  sort: 'newest',
  creatorId: null,
  showOwned: true,
};

export interface FilterableEntry {
  id: string;
  name: string;
  exportedAt: string;
  createdBy: string | null;
  sourceGameId: string | null;
}

/** Case- and accent-insensitive, as a French reader expects 'echo' to find 'Écho'. */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

export function matchesName(name: string, search: string): boolean {
  return normalizeForSearch(name).includes(normalizeForSearch(search));
}

const byName = (a: FilterableEntry, b: FilterableEntry) =>
  a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' });
const byDate = (a: FilterableEntry, b: FilterableEntry) =>
  Date.parse(a.exportedAt) - Date.parse(b.exportedAt);

const comparators: Record<StoreSort, (a: FilterableEntry, b: FilterableEntry) => number> = {
  newest: (a, b) => byDate(b, a) || byName(a, b),
  oldest: (a, b) => byDate(a, b) || byName(a, b),
  name: (a, b) => byName(a, b) || byDate(b, a),
  'name-desc': (a, b) => byName(b, a) || byDate(b, a),
};

/**
 * @param owned entry ids the current game already has (its own exports and its imports); ignored
 * on the global page, which belongs to no game.
 */
export function filterStoreEntries<T extends FilterableEntry>(
  entries: readonly T[],
  filters: StoreFilters,
  owned: ReadonlySet<string> = new Set(),
): T[] {
  return entries
    .filter((entry) => matchesName(entry.name, filters.search))
    .filter((entry) => filters.creatorId === null || entry.createdBy === filters.creatorId)
    .filter((entry) => filters.showOwned || !owned.has(entry.id))
    .sort(comparators[filters.sort]);
}

/** The creators offered by the creator filter, each once, by name. */
export function storeCreators<
  T extends { createdBy: string | null; creatorInfo: { display_name: string } | null },
>(entries: readonly T[]): Array<{ id: string; name: string }> {
  const creators = new Map<string, string>();
  for (const entry of entries) {
    if (entry.createdBy !== null && entry.creatorInfo)
      creators.set(entry.createdBy, entry.creatorInfo.display_name);
  }
  return [...creators].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}
