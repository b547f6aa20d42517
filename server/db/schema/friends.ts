import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { friendInvitationStatuses } from '#shared/wire/friends';
import { users } from './auth';

/**
 * Friendships are stored twice, one row per direction, written and removed together in one
 * transaction: "my friends" is then one indexed lookup on user_id, and no query has to ask
 * "either column". The check keeps anyone from being their own friend.
 */
export const friendships = pgTable(
  'friendships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: uuid('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.friendId] }),
    index('friendships_friend_idx').on(table.friendId),
    check('friendships_not_self', sql`${table.userId} <> ${table.friendId}`),
  ],
);

/** pending → accepted | declined | cancelled; handled invitations stay as history. */
export const friendInvitations = pgTable(
  'friend_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: friendInvitationStatuses }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One open invitation per pair, whichever way it goes.
    uniqueIndex('friend_invitations_open_pair_unique')
      .on(
        sql`least(${table.fromUserId}, ${table.toUserId})`,
        sql`greatest(${table.fromUserId}, ${table.toUserId})`,
      )
      .where(sql`${table.status} = 'pending'`),
    index('friend_invitations_to_user_idx').on(table.toUserId),
    index('friend_invitations_from_user_idx').on(table.fromUserId),
    check('friend_invitations_not_self', sql`${table.fromUserId} <> ${table.toUserId}`),
    check(
      'friend_invitations_status_known',
      sql`${table.status} in ('pending', 'accepted', 'declined', 'cancelled')`,
    ),
  ],
);

export type FriendInvitationRow = typeof friendInvitations.$inferSelect;
