import { randomBytes } from 'node:crypto';
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

/** A failure meant for the user: its status and French text reach the client as `{ error }`. */
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export function httpError(statusCode: number, message: string): HttpError {
  return new HttpError(statusCode, message);
}

export const commonMessages = {
  notFound: 'Ressource introuvable',
  authenticationRequired: 'Authentification requise',
  invalidSession: 'Session invalide ou expirée',
  invalidJson: 'Corps de requête JSON invalide',
  unsupportedMediaType: 'Type de contenu non pris en charge (application/json attendu)',
  payloadTooLarge: 'Corps de requête trop volumineux',
  badRequest: 'Requête invalide',
  tooManyAttempts: 'Trop de tentatives, veuillez réessayer plus tard.',
  adminOnly: 'Réservé aux administrateurs',
} as const;

/**
 * Logs an unexpected failure with a short reference and returns the only text the client sees,
 * so a user can quote the reference and we find the stack in the log.
 */
export function reportInternalError(log: FastifyBaseLogger, error: unknown): string {
  const ref = randomBytes(4).toString('hex');
  log.error({ ...withoutQueryParameters(error), ref }, 'unexpected failure');
  return `Erreur interne du serveur (réf. ${ref})`;
}

/** Drizzle and the drivers copy the bound parameters (password hashes, e-mails) into the error: keep them out of the log. */
function withoutQueryParameters(error: unknown): Record<string, unknown> {
  if (!(error instanceof DrizzleQueryError)) return { err: error };
  const cause = error.cause as { message?: unknown; code?: unknown } | undefined;
  return {
    query: error.query,
    database: { message: cause?.message, code: cause?.code },
    // The first lines repeat the message, parameters included.
    stack: error.stack?.slice(error.stack.indexOf('\n    at ') + 1),
  };
}
