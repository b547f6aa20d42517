import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, type AccessGuard, type AuthUser } from '../modules/auth/access';
import { commonMessages, httpError, HttpError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route hook (`onRequest`): a valid bearer access token is required; sets `request.user`. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** Route hook for public routes that read the caller when one is signed in; never refuses. */
    identify(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `authenticate` / `identify`; read it with `currentUser(request)` on protected routes. */
    user: AuthUser | null;
  }
}

export function useAuthentication(app: FastifyInstance, access: AccessGuard): void {
  app.decorateRequest('user', null);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.user = await access.userFromToken(bearerToken(request.headers.authorization));
  });

  app.decorate('identify', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return;
    try {
      request.user = await access.userFromToken(token);
    } catch (error) {
      // A stale token on a public route just means an anonymous caller.
      if (!(error instanceof HttpError)) throw error;
    }
  });
}

/** The acting user of a route guarded by `app.authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw httpError(401, commonMessages.authenticationRequired);
  return request.user;
}

/** The acting user of an admin-only route: 403 for any other role. */
export function requireAdmin(request: FastifyRequest): AuthUser {
  const user = currentUser(request);
  if (user.role !== 'admin') throw httpError(403, commonMessages.adminOnly);
  return user;
}
