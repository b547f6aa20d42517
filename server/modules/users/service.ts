import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Role, UserSummary } from '../../../src/api/schemas/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { httpError } from '../../lib/errors';
import { toUserSummary } from './public-user';

export const usersMessages = {
  notFound: 'Utilisateur introuvable',
} as const;

// Any 8-4-4-4-12 hex id, as PostgreSQL's uuid type accepts; anything else cannot name a user.
const userId = z.guid();

export function createUsersService(db: Db) {
  return {
    async summary(id: string): Promise<UserSummary> {
      if (!userId.safeParse(id).success) throw httpError(404, usersMessages.notFound);
      const [user] = await db
        .select({ id: users.id, displayName: users.displayName, email: users.email })
        .from(users)
        .where(eq(users.id, id));
      if (!user) throw httpError(404, usersMessages.notFound);
      return toUserSummary(user);
    },

    /** Roles are granted by an operator (`npm run user:role`), never by the client. */
    async grantRole(email: string, role: Role): Promise<UserSummary & { role: Role }> {
      const [user] = await db
        .update(users)
        .set({ role })
        .where(eq(users.email, email.trim().toLowerCase()))
        .returning();
      if (!user) throw httpError(404, usersMessages.notFound);
      return { ...toUserSummary(user), role: user.role };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
