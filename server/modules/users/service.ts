import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Role, UserSummary } from '#shared/wire/auth';
import type { Db } from '../../db/client';
import { friendships, users } from '../../db/schema/index';
import { httpError } from '../../lib/errors';
import type { AuthUser } from '../auth/access';
import { announceAccountChange } from '../auth/account-changes';
import { toUserSummary } from './public-user';

export const usersMessages = {
  notFound: 'Utilisateur introuvable',
} as const;

// Any 8-4-4-4-12 hex id, as PostgreSQL's uuid type accepts; anything else cannot name a user.
const userId = z.guid();

export function createUsersService(db: Db) {
  return {
    /**
     * Anyone signed in may see a name; the e-mail goes to the user and their friends only, or
     * search plus this route would hand out every address of the platform.
     */
    async summary(viewer: AuthUser, id: string): Promise<UserSummary> {
      if (!userId.safeParse(id).success) throw httpError(404, usersMessages.notFound);
      const [user] = await db
        .select({
          id: users.id,
          displayName: users.displayName,
          email: users.email,
          isFriend: sql<boolean>`exists (select 1 from ${friendships}
            where ${friendships.userId} = ${viewer.id} and ${friendships.friendId} = ${users.id})`,
        })
        .from(users)
        .where(eq(users.id, id));
      if (!user) throw httpError(404, usersMessages.notFound);
      const summary = toUserSummary(user);
      return user.id === viewer.id || user.isFriend
        ? summary
        : { id: summary.id, display_name: summary.display_name };
    },

    /** Roles are granted by an operator (`npm run user:role`), never by the client. */
    async grantRole(email: string, role: Role): Promise<UserSummary & { role: Role }> {
      const [user] = await db
        .update(users)
        .set({ role })
        .where(eq(users.email, email.trim().toLowerCase()))
        .returning();
      if (!user) throw httpError(404, usersMessages.notFound);
      announceAccountChange(db, user.id);
      return { ...toUserSummary(user), role: user.role };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
