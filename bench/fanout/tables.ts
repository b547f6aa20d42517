/** Games for the fan-out made the way users make them, through the real REST API (`apiParty`). */
import type { Point } from '../../src/domain/geometry/geometry';
import type { FogShape } from '../../src/domain/table/fog';
import { apiCall, apiParty } from '../../tests/helpers/api-party';
import { seeded } from '../lib/table-log';
import { MAP, type FanoutGame, type FanoutMember } from './table-clients';

/** Shapes of an evening's fog: rooms covered, polygons and brush strokes over them. */
export const FOG_SHAPES = 50;

/**
 * A map's fog as an MJ paints it, the same for a game's index on every run: rectangles and
 * polygons that cover rooms, brush strokes and polygons that reveal paths through them, over
 * about half of the map, so the tokens, which sweep the map row by row, walk in and out of it.
 */
export function paintedFog(index: number): FogShape[] {
  const random = seeded(1000 + index);
  const within = (from: number, span: number) => Math.min(100, Math.max(0, from + random() * span));
  const around = (centre: Point, reach: number, count: number): Point[] =>
    Array.from({ length: count }, (_, i) => {
      const angle = (2 * Math.PI * i) / count;
      const distance = reach * (0.6 + 0.4 * random());
      return {
        x: within(centre.x + distance * Math.cos(angle), 0),
        y: within(centre.y + distance * Math.sin(angle), 0),
      };
    });
  return Array.from({ length: FOG_SHAPES }, (_, i): FogShape => {
    const centre = { x: random() * 100, y: random() * 100 };
    const mode = i % 3 === 2 ? 'reveal' : 'cover';
    if (i % 5 < 2) {
      const corner = { x: within(centre.x, 20), y: within(centre.y, 20) };
      return { mode, kind: 'rect', points: [centre, corner] };
    }
    if (i % 5 < 4) return { mode, kind: 'polygon', points: around(centre, 5 + random() * 10, 6 + (i % 7)) };
    let at = centre;
    const path = Array.from({ length: 12 }, () => (at = { x: within(at.x - 3, 6), y: within(at.y - 3, 6) }));
    return { mode, kind: 'brush', points: path, radius: 1 + random() * 3 };
  });
}

/**
 * One game with its MJ (who plays a monster) and `players` players with a character each; with
 * `fog`, the MJ paints `paintedFog` on its map.
 */
export async function createTable(
  url: string,
  index: number,
  players: number,
  fog = false,
): Promise<FanoutGame> {
  const party = await apiParty(url, `Banc ${index}`, players);
  const seated = party.players.map((player): FanoutMember => ({
    token: player.token,
    itemId: player.characterId,
    isPlayer: true,
    name: player.name,
  }));
  // The server places only what the game stores: its map and its MJ's monster.
  const create = (category: string, body: object) =>
    apiCall<{ id: string }>(url, 'POST', `/game-data/${party.gameId}/${category}`, body, party.mj.token);
  const map = await create('map', { name: MAP, link: 'https://example.com/champ.png' });
  const monster = await create('monster', { name: 'Gobelin' });
  return {
    gameId: party.gameId,
    map: { id: map.id, width: 1500, height: 1000 },
    members: [{ token: party.mj.token, itemId: monster.id, isPlayer: false, name: 'Gobelin' }, ...seated],
    ...(fog ? { fog: paintedFog(index) } : {}),
  };
}
