import { DrizzleQueryError } from 'drizzle-orm';

const UNIQUE_VIOLATION = '23505';

/**
 * The unique index a failed write collided with, or null for any other failure. Uniqueness is
 * left to the indexes (never check-then-insert) so two racing requests cannot both succeed.
 */
export function violatedUniqueIndex(error: unknown): string | null {
  const cause: unknown = error instanceof DrizzleQueryError ? error.cause : error;
  if (typeof cause !== 'object' || cause === null) return null;
  const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && typeof constraint === 'string' ? constraint : null;
}
