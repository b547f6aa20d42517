import type { Db } from '../../db/client';
import { commonMessages, httpError } from '../../lib/errors';
import { onAccountChange } from './account-changes';
import { findSessionUser } from './sessions';
import { sessionAccountOf, type SessionAccount, type SessionView } from './session-view';
import type { TokenService } from './tokens';

/**
 * Who is acting, as the database has them now (through the session view, exact on every process),
 * so a granted role or a new name applies at once.
 */
export interface AuthUser extends SessionAccount {
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
  /** The session view's stamp (session-view.ts): an account read under it is current while it holds. */
  accountsStamp(): number | null;
  /** Calls `changed` when a user's account or sessions change, here or in another process. */
  onAccountChange(changed: (userId: string) => void): () => void;
}

export function createAccessGuard(db: Db, tokens: TokenService, view: SessionView): AccessGuard {
  async function userOfSession(sid: string, userId: string): Promise<AuthUser> {
    const account = await view.account(sid, async () => {
      const user = await findSessionUser(db, sid);
      return user && sessionAccountOf(user);
    });
    // The token's subject must own the session, whether the view or the database answered.
    if (!account || account.id !== userId) throw httpError(401, commonMessages.invalidSession);
    return { ...account, sid };
  }

  return {
    async userFromToken(token) {
      if (!token) throw httpError(401, commonMessages.authenticationRequired);
      const claims = await tokens.verifyAccess(token);
      if (!claims) throw httpError(401, commonMessages.invalidSession);
      return userOfSession(claims.sid, claims.sub);
    },
    userOfSession,
    accountsStamp: view.stamp,
    onAccountChange: (changed) => onAccountChange(db, changed),
  };
}

/** The token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}
