import {
  decodeExplored,
  encodeExplored,
  exploredLayout,
  noneExplored,
  unionExplored,
  type Explored,
  type ExploredLayout,
} from '../geometry/explored';
import { DEFAULT_MAP_SIZE } from '../geometry/geometry';
import { gridOf, openMap, own, withEntry, withoutEntry } from './records';
import type { TableState } from './types';

/**
 * What the players' tokens have seen of each map (docs/decisions/0025-sight-in-the-players-copies.md):
 * the managers' copy keeps, per map and per character, the cells (`explored.ts`) its tokens ever
 * saw; a player remembers the union of their own characters'. Kept per character because a
 * character's eyes are its tokens: what a player remembers is what the tokens they play saw.
 */

/** The cells of the map's grid as they are counted for it now. */
export function exploredLayoutOf(state: TableState, map: string): ExploredLayout {
  return exploredLayout(gridOf(state, map), openMap(state, map) ?? DEFAULT_MAP_SIZE);
}

/** Decoded sets, per stored text and layout: a text is read again at every event of its map. */
const decoded = new Map<string, Explored | null>();
const DECODED_KEPT = 256;

const layoutKey = (layout: ExploredLayout) =>
  `${layout.cellPx},${layout.offsetX},${layout.offsetY},${layout.firstColumn},${layout.firstRow},${layout.columns},${layout.rows}`;

/** The set a stored text holds under this layout; none when it was stored for another grid. */
export function readExplored(layout: ExploredLayout, text: string | undefined): Explored {
  if (text === undefined) return noneExplored(layout);
  const key = `${layoutKey(layout)}:${text}`;
  let cells = decoded.get(key);
  if (cells === undefined) {
    cells = decodeExplored(layout, text);
    if (decoded.size >= DECODED_KEPT) decoded.delete(decoded.keys().next().value!);
    decoded.set(key, cells);
  }
  return cells ?? noneExplored(layout);
}

/** map → character → encoded cells, as the managers' copy keeps them; none for a map nobody explored. */
export function exploredRecordsOf(state: TableState, map: string): Record<string, string> | undefined {
  return own(state.explored, map);
}

/** Per record of a map's explored cells: the union already encoded for each set of characters. */
const unions = new WeakMap<object, Map<string, string | null>>();

/**
 * What these characters' tokens have seen of the map, encoded for its grid now; null when nothing
 * (or only under another grid).
 */
export function rememberedBy(state: TableState, map: string, characterIds: readonly string[]): string | null {
  const records = exploredRecordsOf(state, map);
  if (!records) return null;
  const layout = exploredLayoutOf(state, map);
  const key = `${layoutKey(layout)}:${characterIds.join('\u0000')}`;
  let known = unions.get(records);
  if (!known) {
    known = new Map();
    unions.set(records, known);
  }
  if (known.has(key)) return known.get(key)!;
  let union: Explored | null = null;
  for (const characterId of characterIds) {
    const text = own(records, characterId);
    if (text === undefined) continue;
    const cells = readExplored(layout, text);
    union = union ? unionExplored(union, cells) : cells;
  }
  const remembered = union && union.bits.some((byte) => byte !== 0) ? encodeExplored(union) : null;
  known.set(key, remembered);
  return remembered;
}

/**
 * The table with a character's newly seen cells added to what it remembers of the map; rejected when
 * they were counted for another grid than the map's.
 */
export function withExploredCells(
  state: TableState,
  map: string,
  characterId: string,
  cells: string,
): { state: TableState } | { rejected: string } {
  const layout = exploredLayoutOf(state, map);
  const grown = decodeExplored(layout, cells);
  if (!grown) return { rejected: 'explored cells of another grid' };
  const records = exploredRecordsOf(state, map);
  const union = unionExplored(readExplored(layout, own(records, characterId)), grown);
  const kept = withEntry(records, characterId, encodeExplored(union));
  return { state: { ...state, explored: withEntry(state.explored, map, kept) } };
}

/** The table with what every character explored of the map forgotten. */
export function withoutExplored(state: TableState, map: string): TableState {
  if (!exploredRecordsOf(state, map)) return state;
  const { explored, ...rest } = state;
  const left = withoutEntry(explored, map);
  return Object.keys(left).length > 0 ? { ...rest, explored: left } : rest;
}
