import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Role } from '#shared/wire/auth';
import { accessClaims, type AccessClaims } from '#shared/wire/auth-requests';

/**
 * The two credentials of a session: a short-lived signed access token (read by the client for
 * its claims, checked by every request) and a long-lived opaque refresh token, stored only as a
 * hash and swapped for a new one at each use.
 */

export const ACCESS_TOKEN_TTL = '15m';
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface TokenSubject {
  id: string;
  email: string;
  displayName: string;
  role: Role;
}

export interface TokenService {
  signAccess(subject: TokenSubject, sessionId: string): Promise<string>;
  /** The claims of a well-signed, unexpired token, or null for anything else. */
  verifyAccess(token: string): Promise<AccessClaims | null>;
}

// What the server itself signs: an expiry, and ids that name rows. A token claiming less, even
// well signed (an old secret, a hand-made one), is refused before any query sees its claims.
const signedClaims = accessClaims.extend({ sub: z.guid(), sid: z.guid(), exp: z.number() });
type SignedClaims = z.infer<typeof signedClaims>;

/** Tokens whose signature was checked, kept until they expire: at most this many. */
const VERIFIED_TOKENS_MAX = 10_000;

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  // A client sends the same access token on every call for its 15 minutes; checking its HMAC through
  // WebCrypto each time was a fifth of a verified call's cost. The exact string checked before
  // needs no second check: only its expiry is read again.
  const verified = new Map<string, SignedClaims>();
  const remember = (token: string, claims: SignedClaims) => {
    if (verified.size >= VERIFIED_TOKENS_MAX) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, claims);
  };
  const unexpired = (claims: SignedClaims) => claims.exp * 1000 > Date.now();

  return {
    signAccess(subject, sessionId) {
      const claims: Omit<AccessClaims, 'sub'> = {
        email: subject.email,
        display_name: subject.displayName,
        sid: sessionId,
        user_metadata: { role: subject.role },
      };
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(subject.id)
        .setIssuedAt()
        .setExpirationTime(ACCESS_TOKEN_TTL)
        .sign(key);
    },
    async verifyAccess(token) {
      const known = verified.get(token);
      if (known) {
        if (unexpired(known)) return known;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
        const claims = signedClaims.safeParse(payload);
        if (!claims.success) return null;
        remember(token, claims.data);
        return claims.data;
      } catch {
        return null;
      }
    },
  };
}

export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
