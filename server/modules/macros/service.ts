import { and, asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { macroMessages as messages, type Macro, type MacroFields } from '#shared/wire/macros';
import { MACROS_PER_USER } from '#shared/domain/macros';
import type { Db } from '../../db/client';
import { createUnderCap } from '../../db/create-under-cap';
import { macros, type MacroRow } from '../../db/schema/index';
import { httpError } from '../../lib/errors';
import type { AuthUser } from '../auth/access';

// Macro and user ids are uuids; anything else names nothing (and must not reach PostgreSQL).
const uuid = z.guid();

export function toMacro(row: MacroRow): Macro {
  return { id: row.id, title: row.title, content: row.content, visible: row.visible, userId: row.userId };
}

/**
 * Macros belong to one user: only they list, change or delete them. Another user's macro is
 * answered 403 (it exists, but is not yours) and a missing one 404.
 */
export function createMacrosService(db: Db) {
  async function owned(user: AuthUser, id: string): Promise<MacroRow> {
    if (!uuid.safeParse(id).success) throw httpError(404, messages.notFound);
    const [row] = await db.select().from(macros).where(eq(macros.id, id));
    if (!row) throw httpError(404, messages.notFound);
    if (row.userId !== user.id) throw httpError(403, messages.notYours);
    return row;
  }

  return {
    async listOf(user: AuthUser, userId: string): Promise<Macro[]> {
      if (userId !== user.id) throw httpError(403, messages.notYours);
      const rows = await db
        .select()
        .from(macros)
        .where(eq(macros.userId, user.id))
        .orderBy(asc(macros.createdAt), asc(macros.id));
      return rows.map(toMacro);
    },

    async create(user: AuthUser, body: MacroFields & { userId?: string | undefined }): Promise<Macro> {
      if (body.userId !== undefined && body.userId !== user.id) throw httpError(403, messages.notYours);
      const { title, content, visible } = body;
      const [row] = await createUnderCap(
        db,
        { holder: { userId: user.id }, cap: MACROS_PER_USER, refusal: messages.tooMany },
        async (tx) =>
          (await tx.select({ n: count() }).from(macros).where(eq(macros.userId, user.id)))[0]?.n ?? 0,
        (tx) => tx.insert(macros).values({ title, content, visible, userId: user.id }).returning(),
      );
      return toMacro(row!);
    },

    async update(user: AuthUser, id: string, { title, content, visible }: MacroFields): Promise<Macro> {
      await owned(user, id);
      const [row] = await db
        .update(macros)
        .set({ title, content, visible })
        .where(and(eq(macros.id, id), eq(macros.userId, user.id)))
        .returning();
      if (!row) throw httpError(404, messages.notFound);
      return toMacro(row);
    },

    async remove(user: AuthUser, id: string): Promise<void> {
      await owned(user, id);
      await db.delete(macros).where(and(eq(macros.id, id), eq(macros.userId, user.id)));
    },
  };
}

export type MacrosService = ReturnType<typeof createMacrosService>;
