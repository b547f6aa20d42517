import { z } from 'zod';

/** Payloads of the socket events of platform.md §7 "Realtime socket" that the server checks. */

export const authenticateUserPayload = z.object({ token: z.string().min(1).max(4096) });
export type AuthenticateUserPayload = z.infer<typeof authenticateUserPayload>;

/** What the client says about its player; informative only, never used as identity. */
export const playerConnectedPayload = z.object({
  id: z.union([z.string().max(100), z.number()]),
  name: z.string().max(100),
  avatar: z.string().max(2048).nullish(),
  socketId: z.string().max(100).optional(),
});
export type PlayerConnectedPayload = z.infer<typeof playerConnectedPayload>;

/** The acknowledgement of a client event the server refused, with the French reason. */
export const socketRefusal = z.object({ ok: z.literal(false), error: z.string() });

/** The acknowledgement of every client event that passes a callback. */
export const socketAck = z.discriminatedUnion('ok', [z.looseObject({ ok: z.literal(true) }), socketRefusal]);
export type SocketAck = z.infer<typeof socketAck>;

/** Emitted as `error` when a client event without a callback fails. */
export const socketError = z.object({ error: z.string() });
