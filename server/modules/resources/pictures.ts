import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { ResourceFormOutput } from '#shared/wire/resources';
import { storedFileIdOf } from '#shared/wire/files';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/index';
import { httpError } from '../../lib/errors';
import { resourcesMessages } from './messages';

/**
 * Stored kinds a resource may show as its picture: those every member reads. A handout is the
 * MJ's until shown (`mayReadFile`), a sound is no picture.
 */
const pictureKinds = ['map', 'portrait', 'character'];

/** The fields of a form that name a picture: a map's image, a monster's token. */
const pictureFields = ['link', 'assetLink'] as const;

const isUuid = (value: string) => z.guid().safeParse(value).success;

/**
 * A resource naming a stored file names a picture of its own game (decision 0028): another game's
 * file would be refused to this game's players, a sound or a handout is no picture to show them.
 */
export async function checkStoredPictures(db: Db, gameId: string, form: ResourceFormOutput) {
  const named = pictureFields.flatMap((field) => {
    const value = (form as Record<string, unknown>)[field];
    return typeof value === 'string' ? [storedFileIdOf(value)] : [];
  });
  for (const id of named) {
    if (id === null) continue;
    const [file] = isUuid(id)
      ? await db
          .select({ id: files.id })
          .from(files)
          .where(and(eq(files.id, id), eq(files.gameId, gameId), inArray(files.kind, pictureKinds)))
      : [];
    if (!file) throw httpError(400, resourcesMessages.pictureNotStored);
  }
}
