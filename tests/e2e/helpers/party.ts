import { insertAcceptedPlayer, insertCharacter, insertGame } from '../../helpers/game-fixtures';
import type { TestServer } from '../../helpers/server';

/** Two new accounts: an MJ, and a player who accepted the MJ's game `name`. */
export async function gameWithPlayer(server: TestServer, name?: string) {
  const [mj, player] = await Promise.all([server.register(), server.register()]);
  const gameId = await insertGame(server.database.db, mj.userId, name);
  await insertAcceptedPlayer(server.database.db, gameId, mj.userId, player.userId);
  return { mj, player, gameId };
}

/** The same, the player with a character of theirs in the game, Aelis unless told. */
export async function gameWithHero(server: TestServer, name: string, hero = 'Aelis') {
  const game = await gameWithPlayer(server, name);
  const characterId = await insertCharacter(server.database.db, {
    userId: game.player.userId,
    gameId: game.gameId,
    name: hero,
  });
  return { ...game, characterId };
}

/** The same, and a second player with Borin (or `second`) of their own in the game. */
export async function gameWithTwoHeroes(server: TestServer, name: string, second = 'Borin') {
  const party = await gameWithHero(server, name);
  const other = await server.register();
  await insertAcceptedPlayer(server.database.db, party.gameId, party.mj.userId, other.userId);
  const otherCharacterId = await insertCharacter(server.database.db, {
    userId: other.userId,
    gameId: party.gameId,
    name: second,
  });
  return { ...party, second: other, secondCharacterId: otherCharacterId };
}
