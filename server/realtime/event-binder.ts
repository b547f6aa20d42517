import type { FastifyBaseLogger } from 'fastify';
import { containsNulCharacter, nulCharacterRefused } from '../../src/api/schemas/common';
import type { SocketAck } from '../../src/api/schemas/realtime';
import { HttpError, reportInternalError } from '../lib/errors';
import type { EventBinder, RealtimeSocket } from './types';

type Ack = (answer: SocketAck) => void;

/**
 * The one way to listen to a client event: the payload is checked before the handler sees it,
 * and no failure leaves the handler: the client gets `{ ok: false, error }` in its ack, or an
 * `error` event when it passed no callback.
 */
export function eventBinder(socket: RealtimeSocket, log: FastifyBaseLogger): EventBinder {
  return (event, schema, handler) => {
    socket.on(event, async (...args: unknown[]) => {
      const ack = typeof args.at(-1) === 'function' ? (args.pop() as Ack) : undefined;
      if (containsNulCharacter(args[0])) {
        answer(socket, ack, { ok: false, error: nulCharacterRefused });
        return;
      }
      const parsed = schema.safeParse(args[0]);
      if (!parsed.success) {
        answer(socket, ack, { ok: false, error: parsed.error.issues[0]?.message ?? 'Données invalides' });
        return;
      }
      try {
        const result = await handler(parsed.data);
        answer(socket, ack, isRecord(result) ? { ...result, ok: true } : { ok: true });
      } catch (error) {
        const message =
          error instanceof HttpError ? error.message : reportInternalError(log.child({ event }), error);
        answer(socket, ack, { ok: false, error: message });
      }
    });
  };
}

function answer(socket: RealtimeSocket, ack: Ack | undefined, result: SocketAck): void {
  if (ack) ack(result);
  else if (!result.ok) socket.emit('error', { error: result.error });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
