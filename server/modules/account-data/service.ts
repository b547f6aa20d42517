import { alias } from 'drizzle-orm/pg-core';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { ACCOUNT_DATA_FORMAT, type AccountData } from '#shared/wire/account-data';
import type { Db } from '../../db/client';
import {
  characters,
  files,
  friendInvitations,
  friendships,
  gameInvitations,
  games,
  macros,
  messages,
  sessions,
  tableEvents,
  users,
} from '../../db/schema/index';
import { httpError } from '../../lib/errors';
import type { AuthUser } from '../auth/access';
import { sheetOf } from '../characters/service';
import { toMacro } from '../macros/service';

/** The lines a person wrote at a table: what they said and what they rolled, not what the rules wrote. */
const OWN_LINE_TYPES = ['chat.posted', 'dice.rolled'];

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date === null ? null : date.toISOString());

/**
 * Everything an account holds, read for its owner alone (decision 0033). Read in one repeatable
 * snapshot, so a message sent meanwhile is in every part or in none.
 */
export function createAccountDataService(db: Db) {
  const other = alias(users, 'other');
  return {
    async export(actor: AuthUser): Promise<AccountData> {
      return db.transaction(
        async (tx) => {
          const [account] = await tx.select().from(users).where(eq(users.id, actor.id));
          if (!account) throw httpError(404, 'Compte introuvable.');

          const ownSessions = await tx
            .select()
            .from(sessions)
            .where(eq(sessions.userId, actor.id))
            .orderBy(asc(sessions.createdAt));
          const gamesAsMj = await tx
            .select()
            .from(games)
            .where(eq(games.mjUserId, actor.id))
            .orderBy(asc(games.createdAt));
          const joined = await tx
            .select({ game: games, mjDisplayName: other.displayName, since: gameInvitations.updatedAt })
            .from(gameInvitations)
            .innerJoin(games, eq(games.id, gameInvitations.gameId))
            .innerJoin(other, eq(other.id, games.mjUserId))
            .where(and(eq(gameInvitations.toUserId, actor.id), eq(gameInvitations.status, 'accepted')))
            .orderBy(asc(gameInvitations.updatedAt));
          const characterRows = await tx
            .select()
            .from(characters)
            .where(eq(characters.userId, actor.id))
            .orderBy(asc(characters.createdAt));
          const ownMacros = await tx
            .select()
            .from(macros)
            .where(eq(macros.userId, actor.id))
            .orderBy(asc(macros.id));
          const written = await tx
            .select({ message: messages, toDisplayName: other.displayName })
            .from(messages)
            .innerJoin(other, eq(other.id, messages.receiverId))
            .where(and(eq(messages.senderUserId, actor.id), isNull(messages.gameId)))
            .orderBy(asc(messages.createdAt));
          const lines = await tx
            .select({ event: tableEvents, gameName: games.name })
            .from(tableEvents)
            .innerJoin(games, eq(games.id, tableEvents.gameId))
            .where(and(eq(tableEvents.userId, actor.id), inArray(tableEvents.type, OWN_LINE_TYPES)))
            .orderBy(asc(tableEvents.createdAt), asc(tableEvents.seq));
          const friends = await tx
            .select({ id: other.id, displayName: other.displayName, since: friendships.createdAt })
            .from(friendships)
            .innerJoin(other, eq(other.id, friendships.friendId))
            .where(eq(friendships.userId, actor.id))
            .orderBy(asc(friendships.createdAt));
          const friendAsks = await tx
            .select({ invitation: friendInvitations, from: friendInvitations.fromUserId })
            .from(friendInvitations)
            .where(or(eq(friendInvitations.fromUserId, actor.id), eq(friendInvitations.toUserId, actor.id)))
            .orderBy(asc(friendInvitations.createdAt));
          const gameAsks = await tx
            .select({ invitation: gameInvitations, gameName: games.name })
            .from(gameInvitations)
            .innerJoin(games, eq(games.id, gameInvitations.gameId))
            .where(or(eq(gameInvitations.fromUserId, actor.id), eq(gameInvitations.toUserId, actor.id)))
            .orderBy(asc(gameInvitations.createdAt));
          const uploads = await tx
            .select({ file: files, gameName: games.name })
            .from(files)
            .innerJoin(games, eq(games.id, files.gameId))
            .where(eq(files.createdBy, actor.id))
            .orderBy(asc(files.createdAt));

          const namesOf = async (ids: string[]) => {
            if (ids.length === 0) return new Map<string, string>();
            const rows = await tx
              .select({ id: users.id, displayName: users.displayName })
              .from(users)
              .where(inArray(users.id, [...new Set(ids)]));
            return new Map(rows.map((row) => [row.id, row.displayName]));
          };
          const counterpart = (fromUserId: string, toUserId: string) =>
            fromUserId === actor.id ? toUserId : fromUserId;
          const names = await namesOf([
            ...friendAsks.map(({ invitation }) => counterpart(invitation.fromUserId, invitation.toUserId)),
            ...gameAsks.map(({ invitation }) => counterpart(invitation.fromUserId, invitation.toUserId)),
          ]);
          const nameOf = (id: string) => names.get(id) ?? '';

          return {
            format: ACCOUNT_DATA_FORMAT,
            exportedAt: new Date().toISOString(),
            account: {
              id: account.id,
              email: account.email,
              displayName: account.displayName,
              username: account.username,
              role: account.role,
              createdAt: iso(account.createdAt),
            },
            sessions: ownSessions.map((session) => ({
              createdAt: iso(session.createdAt),
              revokedAt: isoOrNull(session.revokedAt),
              userAgent: session.userAgent,
            })),
            gamesAsMj: gamesAsMj.map((game) => ({
              id: game.id,
              name: game.name,
              createdAt: iso(game.createdAt),
            })),
            gamesAsPlayer: joined.map(({ game, mjDisplayName, since }) => ({
              id: game.id,
              name: game.name,
              mjDisplayName,
              since: iso(since),
            })),
            characters: await Promise.all(
              characterRows.map(async (row) => ({
                ...(await sheetOf(tx, row)),
                createdAt: iso(row.createdAt),
              })),
            ),
            macros: ownMacros.map(toMacro),
            privateMessages: written.map(({ message, toDisplayName }) => ({
              to: message.receiverId ?? '',
              toDisplayName,
              content: message.content,
              createdAt: iso(message.createdAt),
              readAt: isoOrNull(message.readAt),
            })),
            tableLines: lines.map(({ event, gameName }) => ({
              game: { id: event.gameId, name: gameName },
              seq: event.seq,
              type: event.type,
              speaker: String(event.payload.playerName ?? ''),
              text: String(event.payload.message ?? ''),
              createdAt: iso(event.createdAt),
            })),
            friends: friends.map((friend) => ({ ...friend, since: iso(friend.since) })),
            friendInvitations: friendAsks.map(({ invitation }) => ({
              direction: invitation.fromUserId === actor.id ? ('sent' as const) : ('received' as const),
              otherDisplayName: nameOf(counterpart(invitation.fromUserId, invitation.toUserId)),
              status: invitation.status,
              createdAt: iso(invitation.createdAt),
            })),
            gameInvitations: gameAsks.map(({ invitation, gameName }) => ({
              direction: invitation.fromUserId === actor.id ? ('sent' as const) : ('received' as const),
              game: { id: invitation.gameId, name: gameName },
              otherDisplayName: nameOf(counterpart(invitation.fromUserId, invitation.toUserId)),
              status: invitation.status,
              createdAt: iso(invitation.createdAt),
            })),
            uploadedFiles: uploads.map(({ file, gameName }) => ({
              id: file.id,
              game: { id: file.gameId, name: gameName },
              kind: file.kind,
              mime: file.mime,
              size: file.size,
              createdAt: iso(file.createdAt),
            })),
          };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },
  };
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;
