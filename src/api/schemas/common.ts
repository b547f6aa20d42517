import { z } from 'zod';

/** Every failed call answers this one shape, with a French text meant for the user. */
export const errorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });

export const idParam = z.object({ id: z.string().min(1) });

/** The body of a call that sends nothing: none (which Fastify may read as null), or an empty object. */
export const emptyBody = z.object({}).nullish().describe('Nothing is read: send no body, or {}.');

/**
 * PostgreSQL cannot store U+0000 in text: let through, it turns any field into a 500. Every
 * request body, query, path and socket payload is checked once, before its own schema
 * (server/plugins/validation.ts, server/realtime/event-binder.ts), keys included.
 */
export const nulCharacterRefused = 'Le texte ne peut pas contenir le caractère nul (U+0000)';

/**
 * No contract of the app nests deeper than a few levels; a payload nested thousands deep (40 KB
 * for 20,000 levels, far under the size limits) would overflow the stack of any recursive walk,
 * zod's included, and take the process down. It is refused before anything recurses over it.
 */
export const MAX_INPUT_DEPTH = 32;
export const inputTooDeepRefused = 'Les données envoyées sont trop imbriquées.';

/**
 * Why untrusted input is refused before its schema reads it, or null. It recurses, but never
 * deeper than MAX_INPUT_DEPTH: the depth it may meet is what it checks.
 */
export function untrustedInputRefusal(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? nulCharacterRefused : null;
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= MAX_INPUT_DEPTH) return inputTooDeepRefused;
  // Every socket event and request body goes through here: a loop, no array of entries.
  for (const key of Object.keys(value)) {
    if (key.includes('\u0000')) return nulCharacterRefused;
    const refusal = untrustedInputRefusal((value as Record<string, unknown>)[key], depth + 1);
    if (refusal) return refusal;
  }
  return null;
}
