import { createHash, timingSafeEqual } from 'node:crypto';
import { bearerToken } from '../modules/auth/access';

/**
 * Whether the request's bearer is the operator's token of the configuration (METRICS_TOKEN,
 * BACKUP_TOKEN); never when none is configured. Compared as digests, so neither the token's length
 * nor its first differing byte shows in the time taken.
 */
export function isOperatorToken(expected: string | undefined, header: string | undefined): boolean {
  const given = bearerToken(header);
  if (!expected || !given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
