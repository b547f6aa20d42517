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
