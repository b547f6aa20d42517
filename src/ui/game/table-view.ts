import type { CharacterSummary } from '../../api/schemas/characters';
import type { ItemChangePayload } from '../../api/schemas/table';
import type { HealthBand, MapRef, MapToken, TableState } from '../../domain/table/types';
import { healthOf, isDown } from '../../domain/table/health';
import type { MonsterChoice } from '../../machines/table-lists.machine';
import { CELL_PX, type Size } from '../../domain/geometry/geometry';
import { cellsOfCreatureSize, DEFAULT_CREATURE_SIZE } from '../../domain/resources/categories';
import { tokenMessages } from './messages';

/**
 * What the table's views read from the folded state, as plain functions: whose turn it is, what a
 * token's health shows, and the drafts the context menu places. The map a role looks at and who
 * may touch which token are the domain's (`shown-map.ts`, `visibility.ts`).
 */

/** What placing a token sends: which character or monster, and where. */
export type TokenDraft = Omit<Extract<ItemChangePayload['change'], { type: 'token.place' }>, 'type' | 'map'>;

/** The token whose turn it is on the map, if the reader sees it (a player's order may open with HIDDEN_TURN). */
export function playingOn(table: TableState, map: MapRef | null): string | null {
  return map === null ? null : (table.turnOrders[map.name]?.[0] ?? null);
}

/** table.md §2: a token at 0 HP is dead; a player's copy of a monster knows it by its band. */
export function isDead(token: Pick<MapToken, 'HP' | 'currentHP' | 'health'>): boolean {
  return isDown(token);
}

/**
 * What this copy knows of a token's health: its numbers, or, for a monster in a player's copy, its
 * band and how full its bar is drawn (a rough width, so the bar never reads as a count).
 */
export type ShownHealth = { current: number; max: number } | { band: HealthBand; gauge: number };

const BAND_GAUGE: Record<HealthBand, number> = { unhurt: 100, wounded: 70, badlyWounded: 30, dead: 0 };

export function shownHealth(token: Pick<MapToken, 'HP' | 'currentHP' | 'health'>): ShownHealth {
  if (token.currentHP !== null && token.HP !== null) return { current: token.currentHP, max: token.HP };
  const band = healthOf(token);
  return { band, gauge: BAND_GAUGE[band] };
}

/** The health an entry of the turn order shows: « 8/12 », or a monster's band in a player's copy. */
export function healthText(token: Pick<MapToken, 'HP' | 'currentHP' | 'health'>): string {
  const health = shownHealth(token);
  return 'band' in health ? tokenMessages.health[health.band] : `${health.current}/${health.max}`;
}

/** A whole, non-negative amount typed in the adjustment field (table.md §5 "Health and soul"). */
export function amountOf(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : null;
}

/** Placing a character: which one and where; the server reads the rest from its sheet. */
export function characterDraft(character: CharacterSummary, at: { x: number; y: number }): TokenDraft {
  return { itemId: character.id, isPlayer: true, hidden: false, ...at };
}

/**
 * Placing a monster: which one and where, and whether out of the players' sight from the start
 * (« Placer masqué »); the server reads its stats from the game's bestiary. `at` is where a
 * one-cell token's corner goes; a larger monster is centred on the same point (the server keeps
 * its square on the map).
 */
export function monsterDraft(
  monster: MonsterChoice,
  at: { x: number; y: number },
  map: Size,
  hidden = false,
): TokenDraft {
  const beyond = ((cellsOfCreatureSize[monster.size ?? DEFAULT_CREATURE_SIZE] - 1) * CELL_PX) / 2;
  const x = map.width > 0 ? at.x - (beyond / map.width) * 100 : at.x;
  const y = map.height > 0 ? at.y - (beyond / map.height) * 100 : at.y;
  return { itemId: monster.id, isPlayer: false, hidden, x: Math.max(0, x), y: Math.max(0, y) };
}

/** Two letters for a token without a picture. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words[0]![0]! + words[1]![0]! : name.trim().slice(0, 2);
  return letters.toUpperCase();
}
