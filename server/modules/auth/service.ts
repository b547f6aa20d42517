import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PublicUser, SessionTokens } from '#shared/wire/auth';
import type {
  ChangePasswordRequest,
  LoginRequest,
  RegisterRequest,
  UpdateProfileRequest,
} from '#shared/wire/auth-requests';
import { displayNameError } from '#shared/domain/account';
import { displayNameSkeleton, normalizeDisplayName } from '#shared/domain/display-name';
import type { Db } from '../../db/client';
import { accountNotices, users, type UserRow } from '../../db/schema/index';
import type { NoticeMailer } from './notice-mailer';
import { violatedUniqueIndex } from '../../db/unique-violation';
import { commonMessages, httpError } from '../../lib/errors';
import { toPublicUser } from '../users/public-user';
import { announceAccountChange } from './account-changes';
import type { AuthUser } from './access';
import { authMessages } from './messages';
import type { PasswordHasher } from './passwords';
import {
  openSession,
  revokeOtherSessions,
  revokeSession,
  rotateRefreshToken,
  type OpenedSession,
} from './sessions';
import type { TokenService } from './tokens';

/** What the auth rules need from the realtime layer: ending the live sockets of a session or a user. */
export interface SocketTerminator {
  disconnectSession(sid: string): void;
  disconnectUser(userId: string): void;
}

export interface AuthServiceDeps {
  db: Db;
  /** Where an e-mail change is written, beside the notice the outbox keeps for the old address. */
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  tokens: TokenService;
  sockets: SocketTerminator;
  passwords: PasswordHasher;
  /** How long a just-swapped refresh token may be shown again (`REFRESH_REUSE_GRACE_SECONDS`). */
  refreshReuseGraceSeconds: number;
  /** Sends the security notices at once when SMTP is set (`SMTP_URL`); absent, they wait. */
  notices?: Pick<NoticeMailer, 'sendDue'>;
}

/** The messages a unique index stands for, so racing writes still get the right 409. */
const conflictMessages: Record<string, string> = {
  users_email_unique: authMessages.emailTaken,
  users_display_name_lower_unique: authMessages.displayNameTaken,
  users_display_name_skeleton_unique: authMessages.displayNameTaken,
};

function asConflict(error: unknown): unknown {
  const index = violatedUniqueIndex(error);
  const message = index ? conflictMessages[index] : undefined;
  return message ? httpError(409, message) : error;
}

export function createAuthService({
  db,
  log,
  tokens,
  sockets,
  passwords,
  refreshReuseGraceSeconds,
  notices,
}: AuthServiceDeps) {
  const { hashPassword, verifyPassword, verifyAgainstDummy } = passwords;
  async function tokensFor(user: UserRow, session: OpenedSession): Promise<SessionTokens> {
    return {
      token: await tokens.signAccess(user, session.sid),
      refreshToken: session.refreshToken,
      userId: user.id,
    };
  }

  async function userById(id: string): Promise<UserRow> {
    const [user] = await db.select().from(users).where(eq(users.id, id));
    // The session check just passed, so a missing row means the account went in between.
    if (!user) throw httpError(401, commonMessages.invalidSession);
    return user;
  }

  async function checkPassword(actor: AuthUser, password: string, wrongMessage: string): Promise<void> {
    const user = await userById(actor.id);
    if (!(await verifyPassword(password, user.passwordHash))) throw httpError(400, wrongMessage);
  }

  return {
    async register(input: RegisterRequest, userAgent: string | null): Promise<SessionTokens> {
      const passwordHash = await hashPassword(input.password);
      try {
        const { user, session } = await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({
              email: input.email,
              displayName: input.displayName,
              displayNameSkeleton: displayNameSkeleton(input.displayName),
              username: input.displayName,
              passwordHash,
            })
            .returning();
          if (!user) throw new Error('user insert returned no row');
          return { user, session: await openSession(tx, user.id, userAgent) };
        });
        return await tokensFor(user, session);
      } catch (error) {
        throw asConflict(error);
      }
    },

    async login(input: LoginRequest, userAgent: string | null): Promise<SessionTokens> {
      const [user] = await db.select().from(users).where(eq(users.email, input.email));
      const valid = user
        ? await verifyPassword(input.password, user.passwordHash)
        : await verifyAgainstDummy(input.password);
      if (!user || !valid) throw httpError(401, authMessages.badCredentials);
      const session = await db.transaction((tx) => openSession(tx, user.id, userAgent));
      return tokensFor(user, session);
    },

    async refresh(refreshToken: string): Promise<SessionTokens> {
      const rotation = await rotateRefreshToken(db, refreshToken, refreshReuseGraceSeconds);
      if (rotation.outcome === 'reused') {
        if (rotation.userId) announceAccountChange(db, rotation.userId);
        sockets.disconnectSession(rotation.sid);
      }
      if (rotation.outcome !== 'rotated') throw httpError(401, commonMessages.invalidSession);
      return tokensFor(rotation.user, rotation);
    },

    async logout(actor: AuthUser): Promise<void> {
      await revokeSession(db, actor.sid);
      announceAccountChange(db, actor.id);
      sockets.disconnectSession(actor.sid);
    },

    profile(actor: AuthUser): PublicUser {
      return toPublicUser(actor);
    },

    /**
     * The e-mail is the login: changing it asks for the current password (an access token alone,
     * stolen for its 15 minutes, must not lock the owner out), and leaves a notice for the old
     * address in the outbox, written with the change so neither is ever without the other.
     */
    async updateProfile(
      actor: AuthUser,
      input: UpdateProfileRequest,
    ): Promise<{ user: PublicUser; token: string }> {
      const current = await userById(actor.id);
      const emailChanges = input.email !== current.email;
      if (emailChanges) {
        if (!input.currentPassword) throw httpError(400, authMessages.emailChangeNeedsPassword);
        if (!(await verifyPassword(input.currentPassword, current.passwordHash))) {
          throw httpError(400, authMessages.wrongCurrentPassword);
        }
      }
      let updated: UserRow | undefined;
      try {
        updated = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(users)
            .set({
              displayName: input.displayName,
              displayNameSkeleton: displayNameSkeleton(input.displayName),
              email: input.email,
            })
            // The address the password was checked against: a change made meanwhile is not overwritten.
            .where(and(eq(users.id, actor.id), eq(users.email, current.email)))
            .returning();
          if (row && emailChanges) {
            await tx.insert(accountNotices).values({
              userId: actor.id,
              kind: 'email_changed',
              toAddress: current.email,
              newAddress: row.email,
            });
          }
          return row;
        });
      } catch (error) {
        throw asConflict(error);
      }
      if (!updated) throw httpError(409, authMessages.profileChangedMeanwhile);
      if (emailChanges) {
        log.info({ userId: actor.id }, 'e-mail changed: a notice for the old address is in account_notices');
        notices
          ?.sendDue()
          .catch((error: unknown) => log.warn({ err: error }, 'account notices round failed'));
      }
      announceAccountChange(db, actor.id);
      // The name and e-mail live in the access token's claims: hand out a fresh one for this session.
      return { user: toPublicUser(updated), token: await tokens.signAccess(updated, actor.sid) };
    },

    /**
     * A name that breaks the rules is never available; one that looks like the caller's own
     * current name is. Both indexes are asked, as register and rename collide with either.
     */
    async isDisplayNameAvailable(raw: string, actor: AuthUser | null): Promise<boolean> {
      if (displayNameError(raw)) return false;
      const name = normalizeDisplayName(raw);
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            or(
              eq(users.displayNameSkeleton, displayNameSkeleton(name)),
              eq(users.displayNameLower, sql`lower(${name})`),
            ),
            actor ? ne(users.id, actor.id) : undefined,
          ),
        );
      return !taken;
    },

    /** Ends every other session (a password change is how a user locks out a stolen device). */
    async changePassword(actor: AuthUser, input: ChangePasswordRequest): Promise<void> {
      await checkPassword(actor, input.currentPassword, authMessages.wrongCurrentPassword);
      const passwordHash = await hashPassword(input.newPassword);
      const ended = await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, actor.id));
        return revokeOtherSessions(tx, actor.id, actor.sid);
      });
      announceAccountChange(db, actor.id);
      ended.forEach((sid) => sockets.disconnectSession(sid));
    },

    async deleteAccount(actor: AuthUser, password: string): Promise<void> {
      await checkPassword(actor, password, authMessages.wrongPassword);
      // Sessions and refresh tokens go with the row (on delete cascade), so every token dies here.
      await db.delete(users).where(eq(users.id, actor.id));
      announceAccountChange(db, actor.id);
      sockets.disconnectUser(actor.id);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
