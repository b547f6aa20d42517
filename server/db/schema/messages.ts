import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { games } from './games';

/**
 * Every chat line: private ones (game_id null, receiver set) and, later, a game's chat (game_id
 * set, receiver null). sender_name is kept as sent, so a renamed or deleted sender does not
 * rewrite history; system messages may have no sender.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    content: text('content').notNull(),
    type: text('type').notNull().default('private'),
    gameId: text('game_id').references(() => games.id, { onDelete: 'cascade' }),
    senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id').references(() => users.id, { onDelete: 'cascade' }),
    senderName: text('sender_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    isSystemMessage: boolean('is_system_message').notNull().default(false),
  },
  (table) => [
    index('messages_conversation_idx').on(table.senderUserId, table.receiverId, table.createdAt),
    // Unread counts: a receiver's messages not read yet.
    index('messages_unread_idx')
      .on(table.receiverId, table.senderUserId)
      .where(sql`${table.readAt} is null`),
    index('messages_game_idx').on(table.gameId, table.createdAt),
  ],
);

export type MessageRow = typeof messages.$inferSelect;
