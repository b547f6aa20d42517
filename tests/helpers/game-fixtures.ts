import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/client';
import { characters, gameInvitations, gameResources, games } from '../../server/db/schema/index';

/**
 * Games, memberships and characters written straight into a test server's database, for suites
 * that need them before the lobby's and the character sheet's own calls exist on their branch.
 * They write what those calls write: an accepted invitation is what makes a player a member.
 */

export async function insertGame(db: Db, mjUserId: string, name = 'Partie de test'): Promise<string> {
  const id = randomBytes(4).toString('hex').toUpperCase();
  await db.insert(games).values({ id, name, mjUserId });
  return id;
}

export async function insertAcceptedPlayer(db: Db, gameId: string, mjUserId: string, playerUserId: string) {
  await db
    .insert(gameInvitations)
    .values({ gameId, fromUserId: mjUserId, toUserId: playerUserId, status: 'accepted' });
}

export async function insertCharacter(
  db: Db,
  { userId, gameId, name }: { userId: string; gameId: string; name: string },
): Promise<string> {
  const [row] = await db
    .insert(characters)
    .values({
      userId,
      gameId,
      name,
      pv: 30,
      force: 10,
      agilite: 10,
      endurance: 10,
      eloquence: 10,
      sagesse: 10,
      instinct: 10,
      soulEssence: 100,
      defense: 10,
      deplacement: 4,
      skills: {},
    })
    .returning({ id: characters.id });
  return row!.id;
}

/** A map or a monster of the game, as the admin page stores it; returns its id. */
export async function insertResource(
  db: Db,
  gameId: string,
  category: 'map' | 'monster' | 'memory' | 'attack',
  name: string,
  fields: Record<string, unknown>,
): Promise<string> {
  const [row] = await db
    .insert(gameResources)
    .values({ gameId, category, name, fields })
    .returning({ id: gameResources.id });
  return row!.id;
}
