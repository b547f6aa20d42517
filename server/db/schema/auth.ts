import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Accounts, their sessions (one per login, the refresh-token family) and the refresh tokens themselves. */

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    // Generated so the case-insensitive uniqueness can never drift from the name it guards.
    displayNameLower: text('display_name_lower')
      .notNull()
      .generatedAlwaysAs(sql`lower(display_name)`),
    // displayNameSkeleton (src/domain/display-name.ts): a name that only looks like a taken one is
    // taken. Computed in JS, so not generated; null only for rows older than the column until the
    // start-up backfill (server/modules/auth/display-name-skeletons.ts) fills them.
    displayNameSkeleton: text('display_name_skeleton'),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['player', 'mj', 'admin'] })
      .notNull()
      .default('player'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_display_name_lower_unique').on(table.displayNameLower),
    uniqueIndex('users_display_name_skeleton_unique').on(table.displayNameSkeleton),
    check('users_email_lowercase', sql`${table.email} = lower(${table.email})`),
    check('users_role_known', sql`${table.role} in ('player', 'mj', 'admin')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('refresh_tokens_token_hash_unique').on(table.tokenHash),
    index('refresh_tokens_session_id_idx').on(table.sessionId),
  ],
);

export type UserRow = typeof users.$inferSelect;

/**
 * Security notices owed to an address, an outbox written in the same transaction as the change:
 * the notice mailer (`SMTP_URL`) sends each row whose `sent_at` is null and stamps it; without SMTP
 * the rows wait for an operator or an external mailer (docs/server.md, "E-mail changes").
 * The row outlives the account (`user_id` set null): the old address is owed the notice even if
 * the account is deleted right after.
 */
export const accountNotices = pgTable(
  'account_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['email_changed'] }).notNull(),
    /** Where the notice goes: for an e-mail change, the address the account had before. */
    toAddress: text('to_address').notNull(),
    newAddress: text('new_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('account_notices_unsent_idx')
      .on(table.createdAt)
      .where(sql`${table.sentAt} is null`),
    check('account_notices_kind_known', sql`${table.kind} in ('email_changed')`),
  ],
);
