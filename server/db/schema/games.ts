import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Games and who belongs to them. Membership is not a table of its own: a player belongs to a game
 * while their latest invitation to it is accepted, so kicking or leaving ends access at once.
 */

export const games = pgTable(
  'games',
  {
    // A short code the MJ can read out ('Partie créée ! Code : {id}'), not a uuid.
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    mjUserId: uuid('mj_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastConnectionAt: timestamp('last_connection_at', { withTimezone: true }),
  },
  (table) => [index('games_mj_user_id_idx').on(table.mjUserId)],
);

export const invitationStatuses = ['pending', 'accepted', 'declined', 'revoked', 'kicked', 'left'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

export const gameInvitations = pgTable(
  'game_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: invitationStatuses }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One open invitation (pending or accepted) per player and game; closed ones stay as history.
    uniqueIndex('game_invitations_open_unique')
      .on(table.gameId, table.toUserId)
      .where(sql`${table.status} in ('pending', 'accepted')`),
    index('game_invitations_to_user_idx').on(table.toUserId),
    index('game_invitations_game_idx').on(table.gameId),
    check(
      'game_invitations_status_known',
      sql`${table.status} in ('pending', 'accepted', 'declined', 'revoked', 'kicked', 'left')`,
    ),
  ],
);

export type GameRow = typeof games.$inferSelect;
export type GameInvitationRow = typeof gameInvitations.$inferSelect;
