/**
 * A game made the way users make it, through the real REST API of a server at `url` (one in
 * another process included): accounts registered, the game created by its MJ, each player
 * invited and accepting, then creating their character in the game. Nothing is written to the
 * database behind the server's back.
 */
import { randomBytes } from 'node:crypto';
import type { RegisterResponse } from '../../src/api/schemas/auth';
import type { InvitationMoveResponse } from '../../src/api/schemas/game-invitations';
import { gameIdListNames, type GameData } from '../../src/api/schemas/games';
import { API_BASE } from '../../src/api/paths';
import { validCharacterBody } from './characters';

export interface ApiMember {
  token: string;
  userId: string;
}

export interface ApiPlayer extends ApiMember {
  characterId: string;
  /** The character's name: Heros1, Heros2… */
  name: string;
}

export interface ApiParty {
  gameId: string;
  mj: ApiMember;
  players: ApiPlayer[];
}

const emptyLists = Object.fromEntries(gameIdListNames.map((name) => [name, []]));

/** A JSON call to the API at `url`; anything but a 2xx throws with the server's answer. */
export async function apiCall<T>(
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

async function register(url: string): Promise<ApiMember> {
  const id = randomBytes(4).toString('hex');
  const { token, userId } = await apiCall<RegisterResponse>(url, 'POST', '/auth/register', {
    email: `user-${id}@example.com`,
    password: 'motdepasse',
    displayName: `u${id}`,
  });
  return { token: token!, userId };
}

/** One game named `name`, its MJ, and `players` players with a character each. */
export async function apiParty(url: string, name: string, players: number): Promise<ApiParty> {
  const mj = await register(url);
  const game = await apiCall<GameData>(url, 'POST', '/game-data', { name, ...emptyLists }, mj.token);
  const seated = await Promise.all(
    Array.from({ length: players }, async (_, i): Promise<ApiPlayer> => {
      const player = await register(url);
      const { invitation } = await apiCall<InvitationMoveResponse>(
        url,
        'POST',
        '/game-invitations',
        { gameId: game.id, playerId: player.userId },
        mj.token,
      );
      await apiCall(url, 'POST', `/game-invitations/${invitation.id}/accept`, undefined, player.token);
      const characterName = `Heros${i + 1}`;
      const character = await apiCall<{ id: string }>(
        url,
        'POST',
        '/players',
        validCharacterBody(characterName, game.id),
        player.token,
      );
      return { ...player, characterId: character.id, name: characterName };
    }),
  );
  return { gameId: game.id, mj, players: seated };
}
