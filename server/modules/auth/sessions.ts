import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens, sessions, users, type UserRow } from '../../db/schema/index';
import { hashRefreshToken, newRefreshToken, REFRESH_TOKEN_TTL_MS } from './tokens';

/**
 * Sessions and their refresh tokens in the database. A session is one login on one device and
 * the family of its refresh tokens: revoking it ends the access and refresh tokens it issued.
 */

export interface OpenedSession {
  sid: string;
  refreshToken: string;
}

export type Rotation =
  | { outcome: 'rotated'; user: UserRow; sid: string; refreshToken: string }
  /** A token already swapped was shown again: it leaked, so its whole family was revoked. */
  | { outcome: 'reused'; sid: string }
  | { outcome: 'invalid' };

export async function openSession(tx: Db, userId: string, userAgent: string | null): Promise<OpenedSession> {
  const [session] = await tx.insert(sessions).values({ userId, userAgent }).returning({ id: sessions.id });
  if (!session) throw new Error('session insert returned no row');
  return { sid: session.id, refreshToken: await issueRefreshToken(tx, session.id) };
}

async function issueRefreshToken(tx: Db, sessionId: string): Promise<string> {
  const { token, hash } = newRefreshToken();
  await tx.insert(refreshTokens).values({
    sessionId,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  return token;
}

export function rotateRefreshToken(db: Db, token: string): Promise<Rotation> {
  const tokenHash = hashRefreshToken(token);
  return db.transaction(async (tx): Promise<Rotation> => {
    // Claiming with one conditional update keeps two concurrent uses from both succeeding.
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ sessionId: refreshTokens.sessionId });

    if (!claimed) {
      const [known] = await tx
        .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (!known?.usedAt) return { outcome: 'invalid' };
      await revokeSession(tx, known.sessionId);
      return { outcome: 'reused', sid: known.sessionId };
    }

    const user = await findSessionUser(tx, claimed.sessionId);
    if (!user) return { outcome: 'invalid' };
    return {
      outcome: 'rotated',
      user,
      sid: claimed.sessionId,
      refreshToken: await issueRefreshToken(tx, claimed.sessionId),
    };
  });
}

/** The owner of a live session: one indexed join, run on every authenticated request. */
export async function findSessionUser(db: Db, sid: string, userId?: string): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.id, sid), isNull(sessions.revokedAt), userId ? eq(sessions.userId, userId) : undefined),
    );
  return row?.user ?? null;
}

export async function revokeSession(db: Db, sid: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sid), isNull(sessions.revokedAt)));
}

/** Revokes every live session of the user but one; returns the ids it ended. */
export async function revokeOtherSessions(db: Db, userId: string, keepSid: string): Promise<string[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSid), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.map((session) => session.id);
}
