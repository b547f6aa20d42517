/** Games for the fan-out made the way users make them, through the real REST API (`apiParty`). */
import { apiCall, apiParty } from '../../tests/helpers/api-party';
import { MAP, type FanoutGame, type FanoutMember } from './table-clients';

/** One game with its MJ (who plays a monster) and `players` players with a character each. */
export async function createTable(url: string, index: number, players: number): Promise<FanoutGame> {
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
  };
}
