import { z } from 'zod';
import { characterSheet } from './characters';
import { macro } from './macros';

/**
 * `GET /auth/account/data`: everything an account holds, for its owner to keep or take elsewhere
 * (the RGPD's rights of access and portability). Dates are ISO 8601; the names of other people
 * appear only where a line of one's own needs them to be read (who a message went to).
 */
const when = z.string();
const gameRef = z.object({ id: z.string(), name: z.string() });

export const ACCOUNT_DATA_FORMAT = 'shattered-realms/donnees-du-compte@1';

export const accountData = z.object({
  format: z.literal(ACCOUNT_DATA_FORMAT),
  exportedAt: when,
  account: z.object({
    id: z.string(),
    email: z.string(),
    displayName: z.string(),
    username: z.string(),
    role: z.string(),
    createdAt: when,
  }),
  sessions: z.array(
    z.object({ createdAt: when, revokedAt: when.nullable(), userAgent: z.string().nullable() }),
  ),
  gamesAsMj: z.array(gameRef.extend({ createdAt: when })),
  gamesAsPlayer: z.array(gameRef.extend({ mjDisplayName: z.string(), since: when })),
  characters: z.array(characterSheet.extend({ createdAt: when })),
  macros: z.array(macro),
  privateMessages: z.array(
    z.object({
      to: z.string(),
      toDisplayName: z.string(),
      content: z.string(),
      createdAt: when,
      readAt: when.nullable(),
    }),
  ),
  tableLines: z.array(
    z.object({
      game: gameRef,
      seq: z.number().int(),
      type: z.string(),
      speaker: z.string(),
      text: z.string(),
      createdAt: when,
    }),
  ),
  friends: z.array(z.object({ id: z.string(), displayName: z.string(), since: when })),
  friendInvitations: z.array(
    z.object({
      direction: z.enum(['sent', 'received']),
      otherDisplayName: z.string(),
      status: z.string(),
      createdAt: when,
    }),
  ),
  gameInvitations: z.array(
    z.object({
      direction: z.enum(['sent', 'received']),
      game: gameRef,
      otherDisplayName: z.string(),
      status: z.string(),
      createdAt: when,
    }),
  ),
  uploadedFiles: z.array(
    z.object({
      id: z.string(),
      game: gameRef,
      kind: z.string(),
      mime: z.string(),
      size: z.number().int(),
      createdAt: when,
    }),
  ),
});
export type AccountData = z.infer<typeof accountData>;
