/**
 * platform.md §8: a failed call shows the server's French `error` text when it sent one, else the
 * caller's fallback. The REST client's ApiError keeps the answer body; network failures and
 * anything else have none.
 */
export function failureText(error: unknown, fallback: string): string {
  if (typeof error !== 'object' || error === null || !('body' in error)) return fallback;
  const { body } = error;
  if (typeof body !== 'object' || body === null || !('error' in body)) return fallback;
  return typeof body.error === 'string' && body.error !== '' ? body.error : fallback;
}
