/**
 * Games for the fan-out made the way users make them, through the real REST API: accounts
 * registered, a game created by its MJ, each player invited and accepting, then creating their
 * character in the game. Nothing is written to the database behind the server's back.
 */
import { randomBytes } from 'node:crypto';
import type { RegisterResponse } from '../../src/api/schemas/auth';
import type { InvitationMoveResponse } from '../../src/api/schemas/game-invitations';
import { gameIdListNames, type GameData } from '../../src/api/schemas/games';
import { API_BASE } from '../../src/api/paths';
import { validCharacterBody } from '../../tests/helpers/characters';
import type { FanoutGame, FanoutMember } from './table-clients';

const emptyLists = Object.fromEntries(gameIdListNames.map((name) => [name, []]));

async function call<T>(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${url}${API_BASE}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function register(url: string): Promise<{ token: string; userId: string }> {
  const id = randomBytes(4).toString('hex');
  const { token, userId } = await call<RegisterResponse>(url, 'POST', '/auth/register', {
    email: `bench-${id}@example.com`,
    password: 'motdepasse',
    displayName: `b${id}`,
  });
  return { token: token!, userId };
}

/** One game with its MJ (who plays a monster) and `players` players with a character each. */
export async function createTable(url: string, index: number, players: number): Promise<FanoutGame> {
  const mj = await register(url);
  const game = await call<GameData>(
    url,
    'POST',
    '/game-data',
    { name: `Banc ${index}`, ...emptyLists },
    mj.token,
  );
  const seated = await Promise.all(
    Array.from({ length: players }, async (_, i): Promise<FanoutMember> => {
      const player = await register(url);
      const { invitation } = await call<InvitationMoveResponse>(
        url,
        'POST',
        '/game-invitations',
        { gameId: game.id, playerId: player.userId },
        mj.token,
      );
      await call(url, 'POST', `/game-invitations/${invitation.id}/accept`, undefined, player.token);
      const name = `Heros${i + 1}`;
      const character = await call<{ id: string }>(
        url,
        'POST',
        '/players',
        validCharacterBody(name, game.id),
        player.token,
      );
      return { token: player.token, itemId: character.id, isPlayer: true, name };
    }),
  );
  return {
    gameId: game.id,
    members: [{ token: mj.token, itemId: `monstre-${game.id}`, isPlayer: false, name: 'Gobelin' }, ...seated],
  };
}
