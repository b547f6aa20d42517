/**
 * The server's French `error` text of a failed call, or null when it sent none: the REST client's
 * ApiError keeps the answer body; network failures and anything else have none.
 */
export function serverErrorText(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('body' in error)) return null;
  const { body } = error;
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  return typeof body.error === 'string' && body.error !== '' ? body.error : null;
}

/** platform.md §8: a failed call shows the server's text when it sent one, else the caller's fallback. */
export function failureText(error: unknown, fallback: string): string {
  return serverErrorText(error) ?? fallback;
}
