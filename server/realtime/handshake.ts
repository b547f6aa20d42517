import type { FastifyBaseLogger } from 'fastify';
import type { ExtendedError } from 'socket.io';
import { bearerToken, type AccessGuard } from '../modules/auth/access';
import { HttpError, reportInternalError } from '../lib/errors';
import type { RealtimeSocket } from './types';

/**
 * Admits a socket only with a live access token, checked exactly as REST checks it, from the
 * `auth.token` of the handshake or an `Authorization: Bearer` header.
 */
export function handshakeAuthentication(access: AccessGuard, log: FastifyBaseLogger) {
  return async (socket: RealtimeSocket, next: (error?: ExtendedError) => void): Promise<void> => {
    const fromAuth: unknown = socket.handshake.auth?.token;
    const token =
      typeof fromAuth === 'string' ? fromAuth : bearerToken(socket.handshake.headers.authorization);
    try {
      socket.data.user = await access.userFromToken(token);
      next();
    } catch (error) {
      next(new Error(error instanceof HttpError ? error.message : reportInternalError(log, error)));
    }
  };
}
