import type { PublicUser, UserSummary } from '#shared/wire/auth';
import type { UserRow } from '../../db/schema/index';

/** The wire shapes of an account: never the hash, always snake_case as the client reads it. */

export function toPublicUser(
  user: Pick<UserRow, 'id' | 'email' | 'displayName' | 'username' | 'createdAt' | 'role'>,
): PublicUser {
  return {
    id: user.id,
    email: user.email,
    display_name: user.displayName,
    username: user.username,
    created_at: user.createdAt.toISOString(),
    role: user.role,
  };
}

export function toUserSummary(user: Pick<UserRow, 'id' | 'displayName' | 'email'>): UserSummary {
  return { id: user.id, display_name: user.displayName, email: user.email };
}
