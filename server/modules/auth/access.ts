import type { Role } from '../../../src/api/schemas/auth';
import type { Db } from '../../db/client';
import { commonMessages, httpError } from '../../lib/errors';
import { findSessionUser } from './sessions';
import type { TokenService } from './tokens';

/** Who is acting: taken from the database at each check, so a granted role or a new name applies at once. */
export interface AuthUser {
  id: string;
  email: string;
  displayName: string;
  role: Role;
  /** The session (refresh family) the access token belongs to. */
  sid: string;
}

export interface AccessGuard {
  /**
   * The user behind an access token; throws 401 when it is missing, forged, expired, of a revoked
   * session or of a deleted account. REST and the socket handshake both go through here.
   */
  userFromToken(token: string | undefined): Promise<AuthUser>;
  /**
   * The user of a live session as the database has them now (role, name); throws 401 when the
   * session or the account is gone. For a socket, whose handshake read them once.
   */
  userOfSession(sid: string, userId: string): Promise<AuthUser>;
}

export function createAccessGuard(db: Db, tokens: TokenService): AccessGuard {
  async function userOfSession(sid: string, userId: string): Promise<AuthUser> {
    const user = await findSessionUser(db, sid, userId);
    if (!user) throw httpError(401, commonMessages.invalidSession);
    return { id: user.id, email: user.email, displayName: user.displayName, role: user.role, sid };
  }

  return {
    async userFromToken(token) {
      if (!token) throw httpError(401, commonMessages.authenticationRequired);
      const claims = await tokens.verifyAccess(token);
      if (!claims) throw httpError(401, commonMessages.invalidSession);
      return userOfSession(claims.sid, claims.sub);
    },
    userOfSession,
  };
}

/** The token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}
