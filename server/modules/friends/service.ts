import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type {
  Friend,
  FriendInvitation,
  FriendInvitationReceivedEvent,
  UserSearchResult,
} from '#shared/wire/friends';
import { SEARCH_RESULTS_MAX } from '#shared/domain/social';
import type { Db } from '../../db/client';
import {
  friendInvitations,
  friendships,
  messages,
  users,
  type FriendInvitationRow,
} from '../../db/schema/index';
import { violatedUniqueIndex } from '../../db/unique-violation';
import { httpError } from '../../lib/errors';
import type { AuthUser } from '../auth/access';
import type { Realtime } from '../../realtime/types';
import type { Presence } from '../presence/presence';
import { friendsMessages as texts } from './messages';

// Only an 8-4-4-4-12 id can name a row; anything else is simply not found.
const uuid = z.guid();
const isUuid = (value: string) => uuid.safeParse(value).success;

const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');

/** The ids of a user's friends: whom their online status concerns. */
export async function friendIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: friendships.friendId })
    .from(friendships)
    .where(eq(friendships.userId, userId));
  return rows.map((row) => row.id);
}

export interface FriendsServiceOptions {
  db: Db;
  realtime: Realtime;
  presence: Presence;
}

/**
 * Friends and friend invitations. Only the recipient answers an invitation and only its sender
 * cancels it; a third user is told it does not exist. Inviting someone who already invited you
 * accepts their invitation: both wanted it. Live events reach the one person concerned.
 */
export function createFriendsService({ db, realtime, presence }: FriendsServiceOptions) {
  async function invitationsWhere(condition: ReturnType<typeof and>): Promise<FriendInvitation[]> {
    const rows = await db
      .select({ invitation: friendInvitations, from: fromUser, to: toUser })
      .from(friendInvitations)
      .innerJoin(fromUser, eq(fromUser.id, friendInvitations.fromUserId))
      .innerJoin(toUser, eq(toUser.id, friendInvitations.toUserId))
      .where(condition)
      .orderBy(asc(friendInvitations.createdAt));
    return rows.map(({ invitation, from, to }) => ({
      id: invitation.id,
      from: { id: from.id, username: from.username, display_name: from.displayName, email: from.email },
      to: { id: to.id, username: to.username, display_name: to.displayName },
      status: invitation.status,
      createdAt: invitation.createdAt.toISOString(),
    }));
  }

  async function invitationById(id: string): Promise<FriendInvitation> {
    const [invitation] = await invitationsWhere(eq(friendInvitations.id, id));
    if (!invitation) throw httpError(404, texts.invitationNotFound);
    return invitation;
  }

  async function friendView(friendId: string, unreadCount = 0): Promise<Friend> {
    const [user] = await db.select().from(users).where(eq(users.id, friendId));
    if (!user) throw httpError(404, texts.userNotFound);
    return {
      id: user.id,
      display_name: user.displayName,
      username: user.username,
      isOnline: await presence.isOnline(user.id),
      unreadCount,
    };
  }

  /**
   * The invitation, when `me` may act on it as `role`: 404 when it does not exist, is not theirs
   * at all or is already handled; 403 when it is theirs from the other side.
   */
  async function pendingFor(me: string, invitationId: string, role: 'recipient' | 'sender') {
    if (!isUuid(invitationId)) throw httpError(404, texts.invitationNotFound);
    const [row] = await db.select().from(friendInvitations).where(eq(friendInvitations.id, invitationId));
    if (!row || row.status !== 'pending' || (row.fromUserId !== me && row.toUserId !== me)) {
      throw httpError(404, texts.invitationNotFound);
    }
    if (role === 'recipient' && row.toUserId !== me) throw httpError(403, texts.notRecipient);
    if (role === 'sender' && row.fromUserId !== me) throw httpError(403, texts.notSender);
    return row;
  }

  /** Moves a pending invitation on; false when another request handled it first. */
  async function close(row: FriendInvitationRow, status: 'accepted' | 'declined' | 'cancelled') {
    return db.transaction(async (tx) => {
      const [updated] = await tx
        .update(friendInvitations)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(friendInvitations.id, row.id), eq(friendInvitations.status, 'pending')))
        .returning({ id: friendInvitations.id });
      if (!updated) return false;
      if (status === 'accepted') {
        await tx
          .insert(friendships)
          .values([
            { userId: row.fromUserId, friendId: row.toUserId },
            { userId: row.toUserId, friendId: row.fromUserId },
          ])
          .onConflictDoNothing();
      }
      return true;
    });
  }

  async function accept(row: FriendInvitationRow): Promise<Friend> {
    if (!(await close(row, 'accepted'))) throw httpError(404, texts.invitationNotFound);
    realtime
      .toUser(row.fromUserId)
      .emit('friendInvitationAccepted', { invitationId: row.id, friend: await friendView(row.toUserId) });
    return friendView(row.fromUserId);
  }

  async function areFriends(userId: string, otherId: string): Promise<boolean> {
    if (!isUuid(otherId)) return false;
    const [row] = await db
      .select({ userId: friendships.userId })
      .from(friendships)
      .where(and(eq(friendships.userId, userId), eq(friendships.friendId, otherId)));
    return row !== undefined;
  }

  return {
    areFriends,

    /**
     * Users whose display name contains `term` (any case, wildcards taken literally), except the
     * searcher and their friends, with whether an invitation waits between them and which way.
     */
    async search(me: AuthUser, term: string): Promise<UserSearchResult[]> {
      const pattern = `%${term.trim().replace(/[\\%_]/g, '\\$&')}%`;
      const pendingBetween = (from: unknown, to: unknown) => sql`exists (
        select 1 from ${friendInvitations}
        where ${friendInvitations.status} = 'pending'
          and ${friendInvitations.fromUserId} = ${from} and ${friendInvitations.toUserId} = ${to})`;
      const rows = await db
        .select({
          id: users.id,
          displayName: users.displayName,
          username: users.username,
          sent: sql<boolean>`${pendingBetween(me.id, users.id)}`,
          received: sql<boolean>`${pendingBetween(users.id, me.id)}`,
        })
        .from(users)
        .where(
          and(
            sql`${users.displayName} ilike ${pattern} escape '\\'`,
            sql`${users.id} <> ${me.id}`,
            sql`not exists (select 1 from ${friendships}
              where ${friendships.userId} = ${me.id} and ${friendships.friendId} = ${users.id})`,
          ),
        )
        .orderBy(asc(users.displayNameLower))
        .limit(SEARCH_RESULTS_MAX);
      // Search lists non-friends only, and presence is for friends: a stranger's is not told.
      return rows.map((row) => ({
        id: row.id,
        display_name: row.displayName,
        username: row.username,
        pendingInvitation: row.sent ? 'sent' : row.received ? 'received' : null,
      }));
    },

    received: (me: AuthUser) =>
      invitationsWhere(and(eq(friendInvitations.toUserId, me.id), eq(friendInvitations.status, 'pending'))),

    sent: (me: AuthUser) =>
      invitationsWhere(and(eq(friendInvitations.fromUserId, me.id), eq(friendInvitations.status, 'pending'))),

    async friends(me: AuthUser): Promise<Friend[]> {
      const rows = await db
        .select({ id: users.id, displayName: users.displayName, username: users.username })
        .from(friendships)
        .innerJoin(users, eq(users.id, friendships.friendId))
        .where(eq(friendships.userId, me.id))
        .orderBy(asc(users.displayNameLower));
      const ids = rows.map((row) => row.id);
      const unread =
        ids.length === 0
          ? []
          : await db
              .select({ senderId: messages.senderUserId, count: count() })
              .from(messages)
              .where(
                and(
                  eq(messages.receiverId, me.id),
                  inArray(messages.senderUserId, ids),
                  isNull(messages.readAt),
                  isNull(messages.gameId),
                ),
              )
              .groupBy(messages.senderUserId);
      const unreadOf = new Map(unread.map((row) => [row.senderId, row.count]));
      const online = await presence.onlineAmong(ids);
      return rows.map((row) => ({
        id: row.id,
        display_name: row.displayName,
        username: row.username,
        isOnline: online.has(row.id),
        unreadCount: unreadOf.get(row.id) ?? 0,
      }));
    },

    /** Sends a friend invitation, or accepts the one `friendId` already sent. */
    async invite(
      me: AuthUser,
      friendId: string,
    ): Promise<{ created: boolean; message: string; invitation: FriendInvitation }> {
      if (friendId === me.id) throw httpError(400, texts.cannotInviteSelf);
      if (!isUuid(friendId)) throw httpError(404, texts.userNotFound);
      const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, friendId));
      if (!target) throw httpError(404, texts.userNotFound);
      if (await areFriends(me.id, friendId)) throw httpError(409, texts.alreadyFriends);

      const [reverse] = await db
        .select()
        .from(friendInvitations)
        .where(
          and(
            eq(friendInvitations.fromUserId, friendId),
            eq(friendInvitations.toUserId, me.id),
            eq(friendInvitations.status, 'pending'),
          ),
        );
      if (reverse) {
        await accept(reverse);
        return { created: false, message: texts.nowFriends, invitation: await invitationById(reverse.id) };
      }

      let id: string;
      try {
        const [row] = await db
          .insert(friendInvitations)
          .values({ fromUserId: me.id, toUserId: friendId })
          .returning({ id: friendInvitations.id });
        if (!row) throw new Error('insert returned nothing');
        id = row.id;
      } catch (error) {
        if (violatedUniqueIndex(error) === 'friend_invitations_open_pair_unique') {
          throw httpError(409, texts.alreadyInvited);
        }
        throw error;
      }
      const invitation = await invitationById(id);
      const received: FriendInvitationReceivedEvent = {
        invitationId: invitation.id,
        from: invitation.from,
        status: invitation.status,
        createdAt: invitation.createdAt,
      };
      realtime.toUser(friendId).emit('friendInvitationReceived', received);
      return { created: true, message: texts.invitationSent, invitation };
    },

    async accept(me: AuthUser, invitationId: string): Promise<Friend> {
      return accept(await pendingFor(me.id, invitationId, 'recipient'));
    },

    async decline(me: AuthUser, invitationId: string): Promise<void> {
      const row = await pendingFor(me.id, invitationId, 'recipient');
      if (!(await close(row, 'declined'))) throw httpError(404, texts.invitationNotFound);
      realtime.toUser(row.fromUserId).emit('friendInvitationDeclined', { invitationId: row.id });
    },

    async cancel(me: AuthUser, invitationId: string): Promise<void> {
      const row = await pendingFor(me.id, invitationId, 'sender');
      if (!(await close(row, 'cancelled'))) throw httpError(404, texts.invitationNotFound);
      realtime.toUser(row.toUserId).emit('friendInvitationCancelled', { invitationId: row.id });
    },

    /** Ends the friendship both ways. */
    async remove(me: AuthUser, friendId: string): Promise<void> {
      if (!isUuid(friendId)) throw httpError(404, texts.notAFriend);
      const removed = await db
        .delete(friendships)
        .where(
          or(
            and(eq(friendships.userId, me.id), eq(friendships.friendId, friendId)),
            and(eq(friendships.userId, friendId), eq(friendships.friendId, me.id)),
          ),
        )
        .returning({ userId: friendships.userId });
      if (removed.length === 0) throw httpError(404, texts.notAFriend);
      realtime.toUser(friendId).emit('friendRemoved', { friendId: me.id });
    },
  };
}

export type FriendsService = ReturnType<typeof createFriendsService>;
