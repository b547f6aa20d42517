import type { FastifyBaseLogger } from 'fastify';
import { untrustedInputRefusal } from '#shared/wire/common';
import type { SocketAck } from '#shared/wire/realtime';
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
    const refused = (error: unknown) => {
      const message =
        error instanceof HttpError ? error.message : reportInternalError(log.child({ event }), error);
      return { ok: false as const, error: message };
    };
    socket.on(event, (...args: unknown[]) => {
      const ack = typeof args.at(-1) === 'function' ? (args.pop() as Ack) : undefined;
      // Nothing a client sends may throw out of a listener: socket.io calls it from the
      // connection's data handler, where a throw ends the process.
      try {
        const refusal = untrustedInputRefusal(args[0]);
        if (refusal) {
          answer(socket, ack, { ok: false, error: refusal });
          return;
        }
        const parsed = schema.safeParse(args[0]);
        if (!parsed.success) {
          answer(socket, ack, { ok: false, error: parsed.error.issues[0]?.message ?? 'Données invalides' });
          return;
        }
        const result = handler(parsed.data);
        // A handler done at once is answered at once; a promise, once it settles (a table's drop
        // costs no extra turn of the microtask queue per step of its way).
        if (result instanceof Promise) {
          result.then(
            (value: unknown) => answer(socket, ack, succeeded(value)),
            (error: unknown) => answer(socket, ack, refused(error)),
          );
        } else {
          answer(socket, ack, succeeded(result));
        }
      } catch (error) {
        answer(socket, ack, refused(error));
      }
    });
  };
}

/** The ack of a handler's result: its fields beside `ok` when it is a record, `ok` alone otherwise. */
function succeeded(result: unknown): SocketAck {
  return isRecord(result) ? { ...result, ok: true } : { ok: true };
}

function answer(socket: RealtimeSocket, ack: Ack | undefined, result: SocketAck): void {
  if (ack) ack(result);
  else if (!result.ok) socket.emit('error', { error: result.error });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
