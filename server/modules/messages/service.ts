import { and, desc, eq, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import type { ConversationResponse, Message } from '#shared/wire/messages';
import { CONVERSATION_MAX } from '#shared/domain/social';
import type { Db } from '../../db/client';
import { messages, users, type MessageRow } from '../../db/schema/index';
import { httpError } from '../../lib/errors';
import { rooms } from '../../realtime/rooms';
import type { Realtime } from '../../realtime/types';
import type { AuthUser } from '../auth/access';
import type { Presence } from '../presence/presence';
import { messagesTexts as texts } from './messages';

const uuid = z.guid();

export function toMessage(row: MessageRow, clientId?: string): Message {
  return {
    id: row.id,
    content: row.content,
    type: row.type,
    gameId: row.gameId,
    senderId: row.senderUserId,
    receiverId: row.receiverId,
    senderName: row.senderName,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    isSystemMessage: row.isSystemMessage,
    ...(clientId === undefined ? {} : { clientId }),
  };
}

export interface MessagesServiceOptions {
  db: Db;
  realtime: Realtime;
  presence: Presence;
  areFriends(userId: string, otherId: string): Promise<boolean>;
}

/**
 * Private conversations between friends. Whoever sends is the authenticated user, never an id
 * from the payload; a message reaches the two participants' rooms (all their tabs) and nobody
 * else. Content arrives already trimmed and bounded by the shared schema.
 */
export function createMessagesService({ db, realtime, presence, areFriends }: MessagesServiceOptions) {
  /** The friend, when they exist and are the user's friend: 404, else 403. */
  async function requireFriend(me: AuthUser, friendId: string) {
    if (!uuid.safeParse(friendId).success) throw httpError(404, texts.userNotFound);
    const [friend] = await db.select().from(users).where(eq(users.id, friendId));
    if (!friend) throw httpError(404, texts.userNotFound);
    if (!(await areFriends(me.id, friendId))) throw httpError(403, texts.friendsOnly);
    return friend;
  }

  const between = (a: string, b: string) =>
    and(
      isNull(messages.gameId),
      or(
        and(eq(messages.senderUserId, a), eq(messages.receiverId, b)),
        and(eq(messages.senderUserId, b), eq(messages.receiverId, a)),
      ),
    );

  return {
    /** The latest CONVERSATION_MAX messages, oldest first, and the friend with their status. */
    async conversation(me: AuthUser, friendId: string): Promise<ConversationResponse> {
      const friend = await requireFriend(me, friendId);
      const rows = await db
        .select()
        .from(messages)
        .where(between(me.id, friend.id))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(CONVERSATION_MAX);
      return {
        messages: rows.reverse().map((row) => toMessage(row)),
        friend: {
          id: friend.id,
          display_name: friend.displayName,
          username: friend.username,
          isOnline: await presence.isOnline(friend.id),
        },
      };
    },

    /** Marks what the friend sent the user as read; answers how many were unread. */
    async markRead(me: AuthUser, friendId: string): Promise<number> {
      const friend = await requireFriend(me, friendId);
      const read = await db
        .update(messages)
        .set({ readAt: new Date() })
        .where(
          and(
            isNull(messages.gameId),
            eq(messages.senderUserId, friend.id),
            eq(messages.receiverId, me.id),
            isNull(messages.readAt),
          ),
        )
        .returning({ id: messages.id });
      return read.length;
    },

    /** Stores a private message from `me` and emits `newPrivateMessage` to both participants. */
    async sendPrivate(
      me: AuthUser,
      receiverId: string,
      content: string,
      clientId?: string,
    ): Promise<Message> {
      await requireFriend(me, receiverId);
      const [row] = await db
        .insert(messages)
        .values({ content, type: 'private', senderUserId: me.id, receiverId, senderName: me.displayName })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      const message = toMessage(row, clientId);
      realtime.io.to([rooms.user(me.id), rooms.user(receiverId)]).emit('newPrivateMessage', message);
      return message;
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
