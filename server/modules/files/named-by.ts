import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { characters, gameResources, handouts } from '../../db/schema/index';

/** Who shows a stored file as its picture, in the refusal's words: « la carte « Crypte » ». */
export interface PictureUser {
  kind: 'map' | 'monster' | 'character';
  name: string;
}

/**
 * The first map, monster or character of the game showing the file at `path` (decision 0028):
 * deleting it would leave them a broken picture at the table, so the MJ changes them first.
 */
export async function firstPictureUser(db: Db, gameId: string, path: string): Promise<PictureUser | null> {
  const [resource] = await db
    .select({ category: gameResources.category, name: gameResources.name })
    .from(gameResources)
    .where(
      and(
        eq(gameResources.gameId, gameId),
        or(
          sql`${gameResources.fields}->>'link' = ${path}`,
          sql`${gameResources.fields}->>'assetLink' = ${path}`,
        ),
      ),
    )
    .limit(1);
  if (resource) return { kind: resource.category === 'map' ? 'map' : 'monster', name: resource.name };
  const [character] = await db
    .select({ name: characters.name })
    .from(characters)
    .where(and(eq(characters.gameId, gameId), eq(characters.assetLink, path)))
    .limit(1);
  return character ? { kind: 'character', name: character.name } : null;
}

/**
 * The title of the first handout whose picture the file is: deleting it would take the handout's
 * rows with it and leave its recipients' copies naming a picture that is gone, with no
 * `handout.takenBack` on the log (decision 0041). The MJ deletes the handout first.
 */
export async function firstHandoutOf(db: Db, fileId: string): Promise<string | null> {
  const [handout] = await db
    .select({ title: handouts.title })
    .from(handouts)
    .where(eq(handouts.fileId, fileId))
    .limit(1);
  return handout?.title ?? null;
}
