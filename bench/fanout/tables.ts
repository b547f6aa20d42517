/** Games for the fan-out made the way users make them, through the real REST API (`apiParty`). */
import { apiParty } from '../../tests/helpers/api-party';
import type { FanoutGame, FanoutMember } from './table-clients';

/** One game with its MJ (who plays a monster) and `players` players with a character each. */
export async function createTable(url: string, index: number, players: number): Promise<FanoutGame> {
  const party = await apiParty(url, `Banc ${index}`, players);
  const seated = party.players.map((player): FanoutMember => ({
    token: player.token,
    itemId: player.characterId,
    isPlayer: true,
    name: player.name,
  }));
  return {
    gameId: party.gameId,
    members: [
      { token: party.mj.token, itemId: `monstre-${party.gameId}`, isPlayer: false, name: 'Gobelin' },
      ...seated,
    ],
  };
}
