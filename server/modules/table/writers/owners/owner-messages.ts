import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { OwnerChannel } from './owner-channels';

/** Longer than any ask waits for its answer. */
const PARTS_KEPT_MS = 30_000;

/**
 * The owners' request and reply (owners.ts `ask`, `answerWith`) over an `OwnerChannel`: each message
 * is JSON with an id, sent in numbered parts `id|index|count|text` no longer than the channel
 * takes (a `NOTIFY` carries at most 8,000 bytes); an answer names the id it answers (`re`). Whether
 * and when the channel is heard is the caller's: `received` is what it hands the channel.
 */
export function createOwnerMessages({
  channel,
  processId,
  log,
}: {
  channel: OwnerChannel;
  processId: string;
  log: FastifyBaseLogger;
}) {
  const replies = new Map<string, { resolve: (answer: unknown) => void; reject: (error: Error) => void }>();
  /** Messages whose parts are not all in yet, with when their first part came. */
  const parts = new Map<string, { got: string[]; since: number }>();
  let answer: (message: unknown) => Promise<unknown> = () => Promise.reject(new Error('nobody answers'));

  /** A part `id|index|count|text`; the message once every part is in. */
  function received(payload: string): void {
    const [id, index, count] = payload.split('|', 3) as [string, string, string];
    const text = payload.slice(id.length + index.length + count.length + 3);
    const now = Date.now();
    // A part lost with a connection leaves the others waiting: they go once nobody waits for them.
    for (const [other, { since }] of parts) if (now - since > PARTS_KEPT_MS) parts.delete(other);
    const { got } = parts.get(id) ?? { got: new Array<string>(Number(count)) };
    got[Number(index)] = text;
    if (got.filter((part) => part !== undefined).length < Number(count)) {
      parts.set(id, { got, since: parts.get(id)?.since ?? now });
      return;
    }
    parts.delete(id);
    let message: { id: string; from?: string; re?: string; body: unknown };
    try {
      message = JSON.parse(got.join('')) as typeof message;
    } catch (error) {
      log.error({ err: error }, 'table owners: unreadable message');
      return;
    }
    if (message.re !== undefined) {
      replies.get(message.re)?.resolve(message.body);
      replies.delete(message.re);
      return;
    }
    const from = message.from;
    if (from === undefined) return;
    void answer(message.body)
      .catch((error: unknown) => {
        log.error({ err: error }, 'table owners: answering failed');
        return null;
      })
      .then((body) => send(from, { id: randomBytes(8).toString('hex'), re: message.id, body }))
      .catch((error: unknown) => log.warn({ err: error }, 'table owners: could not answer'));
  }

  async function send(to: string, message: { id: string; from?: string; re?: string; body: unknown }) {
    const text = JSON.stringify(message);
    const size = channel.partChars;
    const count = Math.max(1, Math.ceil(text.length / size));
    const payloads = Array.from(
      { length: count },
      (_, index) =>
        `${message.id}|${index}|${count}|${count === 1 ? text : text.slice(index * size, (index + 1) * size)}`,
    );
    await channel.send(to, payloads);
  }

  return {
    received,

    /** Sends `body` to the process `owner`; its answer, or a rejection after `timeoutMs`. */
    ask(owner: string, body: unknown, timeoutMs: number): Promise<unknown> {
      const id = randomBytes(8).toString('hex');
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          replies.delete(id);
          reject(new Error(`owner ${owner} did not answer`));
        }, timeoutMs);
        // A stopping process does not wait for an answer it no longer needs.
        timer.unref();
        replies.set(id, {
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        send(owner, { id, from: processId, body }).catch((error: unknown) => {
          replies.get(id)?.reject(error as Error);
          replies.delete(id);
        });
      });
    },

    /** What this process answers when asked. */
    answerWith(handler: (message: unknown) => Promise<unknown>): void {
      answer = handler;
    },

    /** The asks waiting for an answer are rejected with `error`: none will come. */
    abandonAsks(error: Error): void {
      for (const [id, waiting] of replies) {
        replies.delete(id);
        waiting.reject(error);
      }
    },
  };
}
