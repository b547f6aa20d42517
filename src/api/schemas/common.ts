import { z } from 'zod';

/** Every failed call answers this one shape, with a French text meant for the user. */
export const errorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });

export const idParam = z.object({ id: z.string().min(1) });

/**
 * PostgreSQL cannot store U+0000 in text: let through, it turns any field into a 500. Every
 * request body, query, path and socket payload is checked once, before its own schema
 * (server/plugins/validation.ts, server/realtime/event-binder.ts), keys included.
 */
export const nulCharacterRefused = 'Le texte ne peut pas contenir le caractère nul (U+0000)';

export function containsNulCharacter(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null) return false;
  // Every socket event and request body goes through here: a loop, no array of entries.
  for (const key of Object.keys(value)) {
    if (key.includes('\u0000') || containsNulCharacter((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}
