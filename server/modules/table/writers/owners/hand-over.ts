import type { FastifyBaseLogger } from 'fastify';
import type { TableEvent } from '#shared/domain/table/types';
import { httpError, HttpError, reportInternalError } from '../../../../lib/errors';
import { tableServerMessages } from '../../messages';
import type { TableSubmission } from '../table-writer';
import type { Queued } from './owner-batch';
import type { Owners } from './owners';

/** What the owner is asked over its channel, and answers. */
type Asked = { kind: 'flush' } | ({ kind: 'command' } & TableSubmission);
type Answer =
  { ok: true; events: TableEvent[] } | { ok: false; status: number; error: string } | { notOwner: true };

/** A command handed over that finds no owner this many times is refused (try again). */
const MAX_TRIES = 5;
const ASK_TIMEOUT_MS = 5_000;
const FLUSH_ASK_TIMEOUT_MS = 2_000;

/** A handed-over command's refusal when this process does not hold the game either. */
const notOwner = Symbol('not the owner');

/**
 * The hand-over between processes (docs/live-table.md "Owners"): a command for a game another
 * process holds goes to that owner over the owners' channel, and its answer is the sender's; this
 * process answers what others hand to it. Apart from the batches, since only the channel and the
 * retries when the owner is not found are its business.
 */
export function createHandOver({
  owners,
  log,
  enqueue,
  flush,
  stopping,
}: {
  owners: Owners;
  log: FastifyBaseLogger;
  /** Queues a command here: one handed over, or one whose owner was not named yet. */
  enqueue: (item: Queued) => void;
  /** Everything this process decided is logged once this resolves. */
  flush: () => Promise<void>;
  stopping: () => boolean;
}) {
  /** A command for a game another process holds goes to it; its answer is the sender's. */
  function handOver(item: Queued, owner: string | null): void {
    if (item.handedOver) return item.reject(notOwner);
    if (owner === null) {
      // Taken a moment ago, its owner not named yet; or let go meanwhile.
      if (item.tries + 1 >= MAX_TRIES) return item.reject(httpError(503, tableServerMessages.stopping));
      setTimeout(() => enqueue({ ...item, tries: item.tries + 1 }), 20 * (item.tries + 1)).unref();
      return;
    }
    const asked: Asked = {
      kind: 'command',
      gameId: item.gameId,
      userId: item.userId,
      intent: item.intent,
      commandId: item.commandId,
    };
    owners
      .ask(owner, asked, ASK_TIMEOUT_MS)
      .then((raw) => {
        const answer = raw as Answer;
        if ('notOwner' in answer) return handOver({ ...item, tries: item.tries + 1 }, null);
        if (!answer.ok) return item.reject(httpError(answer.status, answer.error));
        item.resolve(answer.events);
      })
      // No answer: it may have been done or not, as with a server killed under a command.
      .catch(() => item.reject(httpError(503, tableServerMessages.stopping)));
  }

  void owners.answerWith(async (raw): Promise<Answer> => {
    const asked = raw as Asked;
    if (asked.kind === 'flush') {
      await flush();
      return { ok: true, events: [] };
    }
    try {
      const events = await new Promise<TableEvent[]>((resolve, reject) => {
        if (stopping()) return reject(httpError(503, tableServerMessages.stopping));
        enqueue({ ...asked, resolve, reject, handedOver: true, tries: 0 });
      });
      return { ok: true, events };
    } catch (error) {
      if (error === notOwner) return { notOwner: true };
      if (error instanceof HttpError) return { ok: false, status: error.statusCode, error: error.message };
      return { ok: false, status: 500, error: reportInternalError(log, error) };
    }
  });

  return {
    handOver,

    /** Asks the game's owner to log what it emitted; a silent owner is not waited for long. */
    async askFlush(owner: string): Promise<void> {
      await owners.ask(owner, { kind: 'flush' } satisfies Asked, FLUSH_ASK_TIMEOUT_MS).catch(() => undefined);
    },
  };
}
