import {
  encodeExplored,
  exploredBy,
  sameLayout,
  type Explored,
  type ExploredLayout,
} from '../geometry/explored';
import { DEFAULT_MAP_SIZE } from '../geometry/geometry';
import { occludersOf, seesBody, type Occluders, type SightPolygon } from '../geometry/sight';
import type { MapVision, PlayerSight } from './map-vision';
import { gridOf, openMap, own, tokensOfMap } from './records';
import { exploredLayoutOf, exploredRecordsOf, readExplored, rememberedBy } from './remembered';
import { tokenBody } from './token-size';
import type { MapToken, TableEventBody, TableState } from './types';
import { sightRadiusPx, sightsOf, tokenViewer } from './vision';

/**
 * A player's sight on a map with vision (docs/decisions/0025-sight-in-the-players-copies.md): the
 * union of what their tokens see, reckoned on the server and cached there, so that the many
 * questions one event asks of it (every token of the map, for every player) cost one sweep per
 * token at most, and none when nothing it depends on moved.
 */

/** The map's walls and lighting, once the MJ set them: without them, no sight rule holds there. */
export function visionOf(state: Pick<TableState, 'visions'>, map: string): MapVision | undefined {
  return own(state.visions, map);
}

/**
 * Per vision (a new object whenever a wall, a door or the lighting changes): the occluders of each
 * map size it was read at, and the sights last reckoned under it, by where the eyes stand.
 */
interface VisionCache {
  occluders: Map<string, Occluders>;
  sights: Map<string, SightPolygon[]>;
}

const caches = new WeakMap<MapVision, VisionCache>();
/** Sights kept per vision: a party's last moves, for every player and the party as a whole. */
const SIGHTS_KEPT = 512;

function cacheOf(vision: MapVision): VisionCache {
  let cache = caches.get(vision);
  if (!cache) {
    cache = { occluders: new Map(), sights: new Map() };
    caches.set(vision, cache);
  }
  return cache;
}

const eyeKey = (token: MapToken) =>
  `${token.x},${token.y},${token.size ?? 1},${token.darkvision ?? ''},${token.isPlayer ? 1 : 0}`;

/**
 * What these tokens of the map see, one polygon each, in the map's pixels; nothing on a map without
 * vision, or without eyes.
 */
function sightOfTokens(state: TableState, map: string, eyes: readonly MapToken[]): SightPolygon[] {
  const vision = visionOf(state, map);
  if (!vision || eyes.length === 0) return [];
  const size = openMap(state, map) ?? DEFAULT_MAP_SIZE;
  const { cellPx } = gridOf(state, map);
  const cache = cacheOf(vision);
  const bounds = `${size.width}x${size.height}`;
  const key = `${bounds}:${cellPx}:${eyes.map(eyeKey).join(';')}`;
  const known = cache.sights.get(key);
  if (known) return known;
  let occluders = cache.occluders.get(bounds);
  if (!occluders) {
    occluders = occludersOf(vision.walls, size);
    cache.occluders.set(bounds, occluders);
  }
  const polygons = sightsOf(
    eyes.map((token) => ({
      centre: tokenBody(token, size, cellPx).centre,
      radiusPx: sightRadiusPx(tokenViewer(token), vision.lighting, size, cellPx),
    })),
    occluders,
  );
  if (cache.sights.size >= SIGHTS_KEPT) cache.sights.delete(cache.sights.keys().next().value!);
  cache.sights.set(key, polygons);
  return polygons;
}

/**
 * What one token of the map sees, as its player's copy would hold it: the MJ's « Voir par les yeux
 * de » asks the server's own reckoning, so the view through a token's eyes is its player's sight.
 */
export function sightOfToken(state: TableState, map: string, token: MapToken): SightPolygon[] {
  return sightOfTokens(state, map, [token]);
}

/** The tokens of the map these characters' players see through: their own characters'. */
function eyesOf(state: TableState, map: string, characterIds: readonly string[]): MapToken[] {
  return Object.values(tokensOfMap(state, map)).filter(
    (token) => token.isPlayer && characterIds.includes(token.itemId),
  );
}

interface KnownSight {
  vision: MapVision;
  width: number;
  height: number;
  cellPx: number;
  polygons: SightPolygon[];
}

/**
 * Per record of a map's tokens (a new one whenever a token of the map changes): the sight of each
 * set of characters asked about, so the questions of one event neither gather the eyes again nor
 * build their key.
 */
const byTokens = new WeakMap<object, Map<string, KnownSight>>();

/** What these characters' tokens on the map see, one polygon each: `sightOfTokens` of their eyes. */
export function sightOfCharacters(
  state: TableState,
  map: string,
  characterIds: readonly string[],
): SightPolygon[] {
  const vision = visionOf(state, map);
  if (!vision) return [];
  const tokens = tokensOfMap(state, map);
  const { width, height } = openMap(state, map) ?? DEFAULT_MAP_SIZE;
  const { cellPx } = gridOf(state, map);
  let known = byTokens.get(tokens);
  if (!known) {
    known = new Map();
    byTokens.set(tokens, known);
  }
  const key = characterIds.join('\u0000');
  const hit = known.get(key);
  if (hit && hit.vision === vision && hit.width === width && hit.height === height && hit.cellPx === cellPx)
    return hit.polygons;
  const polygons = sightOfTokens(state, map, eyesOf(state, map, characterIds));
  known.set(key, { vision, width, height, cellPx, polygons });
  return polygons;
}

/** Whether a token stands in these polygons: the centre of one of its cells in one of them. */
export function inSight(state: TableState, map: string, polygons: readonly SightPolygon[], token: MapToken) {
  const size = openMap(state, map) ?? DEFAULT_MAP_SIZE;
  const { cellPx } = gridOf(state, map);
  return seesBody(polygons, tokenBody(token, size, cellPx), cellPx);
}

/**
 * What a player's copy holds of their sight: on the players' map, when it has vision, what their
 * tokens see (nothing when they have none there) and what they have seen of it before.
 */
export function playerSightOf(state: TableState, characterIds: readonly string[]): PlayerSight | undefined {
  const map = state.currentMap?.name;
  if (map === undefined || !visionOf(state, map)) return undefined;
  return {
    map,
    polygons: sightOfCharacters(state, map, characterIds),
    explored: rememberedBy(state, map, characterIds),
  };
}

/** Per sight reckoned: the cells it covers, under the layout they were counted for. */
const covered = new WeakMap<SightPolygon[], Explored>();

function cellsSeen(layout: ExploredLayout, polygons: SightPolygon[]): Explored {
  const known = covered.get(polygons);
  if (known && sameLayout(known.layout, layout)) return known;
  const cells = exploredBy(layout, polygons);
  covered.set(polygons, cells);
  return cells;
}

/** The cells of `seen` that `known` lacks, or null when it holds them all. */
function newCells(seen: Explored, known: Explored): Explored | null {
  let grown = false;
  const bits = seen.bits.map((byte, index) => {
    const fresh = byte & ~known.bits[index]!;
    if (fresh !== 0) grown = true;
    return fresh;
  });
  return grown ? { layout: seen.layout, bits } : null;
}

/**
 * The cells each character's tokens see on the players' map, when it has vision, that the
 * character had not seen yet: one `vision.explored` each, to log after the events that made them
 * see there, so that what a character explored always holds what its tokens see.
 */
export function exploredGrowth(after: TableState): TableEventBody[] {
  const map = after.currentMap?.name;
  if (map === undefined || !visionOf(after, map)) return [];
  const characterIds = new Set(
    Object.values(tokensOfMap(after, map))
      .filter((token) => token.isPlayer)
      .map((token) => token.itemId),
  );
  if (characterIds.size === 0) return [];
  const layout = exploredLayoutOf(after, map);
  const records = exploredRecordsOf(after, map);
  const growth: TableEventBody[] = [];
  for (const characterId of characterIds) {
    const seen = cellsSeen(layout, sightOfCharacters(after, map, [characterId]));
    const fresh = newCells(seen, readExplored(layout, own(records, characterId)));
    if (fresh)
      growth.push({ type: 'vision.explored', payload: { map, characterId, cells: encodeExplored(fresh) } });
  }
  return growth;
}
