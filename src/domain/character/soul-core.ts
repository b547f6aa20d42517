/**
 * The soul core (table.md §9 "Soul core"): a gauge from 0 to 1000 fed by Soul Shards. A shard is
 * worth 3 × 3^rank, its rank read from the first word of its name.
 */
export const SOUL_CORE_MIN = 0;
export const SOUL_CORE_MAX = 1000;

const RANK_BY_PREFIX: ReadonlyArray<readonly [string, number]> = [
  ['dormant', 1],
  ['awakened', 2],
  ['fallen', 3],
  ['corrupted', 4],
  ['great', 5],
];

export const soulCoreInRange = (value: number): boolean =>
  Number.isInteger(value) && value >= SOUL_CORE_MIN && value <= SOUL_CORE_MAX;

/** The shard's rank from its name's prefix ('Dormant Soul Shard' → 1), or null for no known prefix. */
export function shardRank(name: string): number | null {
  const lower = name.trim().toLowerCase();
  const found = RANK_BY_PREFIX.find(([prefix]) => lower.startsWith(prefix));
  return found ? found[1] : null;
}

/** What one shard adds to the core, or null when its name gives no rank. */
export function shardValue(name: string): number | null {
  const rank = shardRank(name);
  return rank === null ? null : 3 * 3 ** rank;
}

/**
 * What one Soul Shard adds to the core, or null when the item is no Soul Shard: its name must say
 * so ('Great Soul Shard') and start with a rank, so a 'Great Sword' is never eaten.
 */
export function soulShardValue(itemName: string): number | null {
  return /soul\s+shard/i.test(itemName) ? shardValue(itemName) : null;
}

export interface ShardConsumption {
  /** Shards taken from the inventory. */
  consumed: number;
  /** The core afterwards, never above the maximum. */
  soulCore: number;
}

/**
 * Consuming `requested` shards of `value` each from a stack of `available`: the core rises by the
 * shards' worth and stops at 1000. Shards that could only overflow a full core stay in the
 * inventory — the last one used may top the core up partly.
 */
export function consumeShards(
  soulCore: number,
  value: number,
  requested: number,
  available: number,
): ShardConsumption {
  const room = Math.max(0, SOUL_CORE_MAX - soulCore);
  const useful = value > 0 ? Math.ceil(room / value) : 0;
  const consumed = Math.max(0, Math.min(requested, available, useful));
  return { consumed, soulCore: Math.min(SOUL_CORE_MAX, soulCore + consumed * value) };
}
