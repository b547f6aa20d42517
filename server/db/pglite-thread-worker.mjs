// The embedded PGlite, on a thread of its own (pglite-thread.ts says why). Plain JavaScript: a
// worker starts without the TypeScript loader under the test runner as under `npm start`.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const port = parentPort;
/** Open transactions by number: each holds PGlite's connection until the main thread ends it. */
const transactions = new Map();
let nextTransaction = 1;
const unlisteners = new Map();
/** Each open transaction's outcome, once its `end` has come. */
const settling = new Map();
const rolledBack = Symbol('rolled back');

/** A parser per type the caller wants left as text (drizzle keeps dates as PostgreSQL wrote them). */
function parsersOf(textTypes) {
  if (!textTypes) return undefined;
  return Object.fromEntries(textTypes.map((type) => [type, (value) => value]));
}

/** What an error carries across threads: its message and PostgreSQL's fields (code, constraint…). */
function errorOf(error) {
  const fields = {};
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
      fields[key] = value;
    }
  }
  return { message: error instanceof Error ? error.message : String(error), fields };
}

/**
 * Opens a transaction that stays open across messages: PGlite runs the callback, which answers
 * `begin` with the transaction's number and then waits for its `end`.
 */
function begin(db, id) {
  let end;
  const ended = new Promise((resolve) => (end = resolve));
  const number = nextTransaction++;
  let started = false;
  const settled = db
    .transaction(async (tx) => {
      started = true;
      transactions.set(number, { tx, end });
      port.postMessage({ id, ok: true, result: number });
      if (!(await ended)) throw rolledBack;
    })
    .then(
      () => ({ ok: true }),
      (error) => {
        if (!started) port.postMessage({ id, ok: false, error: errorOf(error) });
        return error === rolledBack ? { ok: true } : { ok: false, error: errorOf(error) };
      },
    );
  settling.set(number, settled);
}

async function handle(db, message) {
  const { op } = message;
  const on = message.tx ? transactions.get(message.tx)?.tx : db;
  if (!on) throw new Error('transaction already ended');
  switch (op) {
    case 'query':
      return on.query(message.sql, message.params, {
        rowMode: message.rowMode,
        parsers: parsersOf(message.textTypes),
      });
    case 'exec':
      return on.exec(message.sql);
    case 'end': {
      const open = transactions.get(message.tx);
      transactions.delete(message.tx);
      open.end(message.commit);
      const outcome = await settling.get(message.tx);
      settling.delete(message.tx);
      if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), outcome.error.fields);
      return undefined;
    }
    case 'listen': {
      const unlisten = await db.listen(message.channel, (payload) =>
        port.postMessage({ notification: message.channel, payload }),
      );
      unlisteners.set(message.channel, unlisten);
      return undefined;
    }
    case 'unlisten': {
      await unlisteners.get(message.channel)?.();
      unlisteners.delete(message.channel);
      return undefined;
    }
    case 'dump':
      return db.dumpDataDir(message.compression);
    case 'close':
      await db.close();
      return undefined;
    default:
      throw new Error(`unknown operation ${op}`);
  }
}

const db = await PGlite.create(workerData).catch((error) => {
  port.postMessage({ ready: false, error: errorOf(error) });
  return undefined;
});
if (db) {
  port.on('message', (message) => {
    if (message.op === 'begin') {
      begin(db, message.id);
      return;
    }
    handle(db, message).then(
      (result) => port.postMessage({ id: message.id, ok: true, result }),
      (error) => port.postMessage({ id: message.id, ok: false, error: errorOf(error) }),
    );
  });
  port.postMessage({ ready: true });
}
