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
  /**
   * A token already swapped was shown again after the grace, or after a later token of its family
   * was itself swapped: it leaked, so its whole family was revoked.
   */
  | { outcome: 'reused'; sid: string; userId: string | undefined }
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

/**
 * Swaps a refresh token for a new one of its session. The token swapped last may be shown again
 * for `graceSeconds` after its swap (two tabs refreshing at once): it then gets a fresh sibling in
 * the same family rather than the successor already handed out, which is stored only as a hash.
 */
export function rotateRefreshToken(db: Db, token: string, graceSeconds: number): Promise<Rotation> {
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

    let sessionId = claimed?.sessionId;
    if (!sessionId) {
      const replay = await usedToken(tx, tokenHash, graceSeconds);
      if (!replay) return { outcome: 'invalid' };
      if (!replay.inGrace) {
        const userId = await revokeSession(tx, replay.sessionId);
        return { outcome: 'reused', sid: replay.sessionId, userId };
      }
      sessionId = replay.sessionId;
    }

    const user = await findSessionUser(tx, sessionId);
    if (!user) return { outcome: 'invalid' };
    return {
      outcome: 'rotated',
      user,
      sid: sessionId,
      refreshToken: await issueRefreshToken(tx, sessionId),
    };
  });
}

/**
 * A token that could not be claimed, when it was swapped already (null when it was never issued
 * or expired unused). It is in its grace when swapped less than `graceSeconds` ago and no token of
 * its family was swapped since: a replay of an older token is never a second tab.
 */
async function usedToken(
  tx: Db,
  tokenHash: string,
  graceSeconds: number,
): Promise<{ sessionId: string; inGrace: boolean } | null> {
  const [known] = await tx
    .select({
      sessionId: refreshTokens.sessionId,
      usedAt: refreshTokens.usedAt,
      // Spelt out: drizzle leaves columns unqualified in a one-table select, which the subquery's
      // own refresh_tokens would capture.
      inGrace: sql<boolean>`refresh_tokens.used_at > now() - make_interval(secs => ${graceSeconds})
        and not exists (select 1 from refresh_tokens later_use
          where later_use.session_id = refresh_tokens.session_id
            and later_use.used_at > refresh_tokens.used_at)`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return known?.usedAt ? { sessionId: known.sessionId, inGrace: known.inGrace } : null;
}

/** The owner of a live session: one indexed join, run on every authenticated request. */
export async function findSessionUser(db: Db, sid: string): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sid), isNull(sessions.revokedAt)));
  return row?.user ?? null;
}

/** Returns the session's user when it was still live. */
export async function revokeSession(db: Db, sid: string): Promise<string | undefined> {
  const [revoked] = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sid), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  return revoked?.userId;
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
