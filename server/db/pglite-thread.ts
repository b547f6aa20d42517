import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** What crosses back for a failed call: PostgreSQL's fields (`code`, `constraint`…) kept as they were. */
interface ThreadError {
  message: string;
  fields: Record<string, unknown>;
}

type Answer = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ThreadError };
type Ready = { ready: true } | { ready: false; error: ThreadError };
type Notification = { notification: string; payload: string };

type Call =
  | {
      op: 'query';
      sql: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      textTypes?: number[];
      tx?: number;
    }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  | { op: 'close' };

/** The subset of PGlite's `Transaction` that drizzle uses. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Array<Results>>;
}

/** PGlite's code and files, read and compiled once per process whatever the number of databases. */
interface Binaries {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

let binaries: Promise<Binaries> | undefined;

function loadBinaries(): Promise<Binaries> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const compile = async (name: string) => WebAssembly.compile(await readFile(path.join(dist, name)));
  binaries ??= Promise.all([
    compile('pglite.wasm'),
    compile('initdb.wasm'),
    readFile(path.join(dist, 'pglite.data')),
  ]).then(([pgliteWasmModule, initdbWasmModule, data]) => ({
    pgliteWasmModule,
    initdbWasmModule,
    fsBundle: new Blob([data]),
  }));
  return binaries;
}

function rebuilt({ message, fields }: ThreadError): Error {
  return Object.assign(new Error(message), fields);
}

/**
 * The only parsers that cross to the worker are those that keep a type as text, the ones drizzle
 * passes for dates (functions cannot cross threads): any other parser is refused, not dropped.
 */
function textTypesOf(options: QueryOptions | undefined): number[] | undefined {
  if (!options?.parsers) return undefined;
  return Object.entries(options.parsers).map(([type, parse]) => {
    if (parse('x', Number(type)) !== 'x')
      throw new Error(`PgliteThread: parser of type ${type} is not the identity`);
    return Number(type);
  });
}

/** A statement that only reads: one SELECT (a WITH may hold an INSERT, so it counts as a write). */
const READ_ONLY = /^\s*select\s[^;]*$/i;

/**
 * The embedded PGlite on a worker thread, behind the part of PGlite's interface that drizzle, the
 * notifications and the tests use. PGlite runs its statements synchronously in WebAssembly: on the
 * server's own thread a tenth of a second of table drops logged in one statement held every socket
 * for 3–8 ms, which is what the table's delivery p95 was made of (docs/live-table.md "The fan-out").
 * Here a statement runs beside the event loop; what it costs is one message each way.
 * Notifications are posted before the answer of the statement that caused them, so a change this
 * process makes is heard before its caller goes on, as with PGlite in the thread.
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #closed = false;
  #writes = 0;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: Answer | Notification) => {
      if ('notification' in message) {
        for (const listener of this.#listeners.get(message.notification) ?? []) listener(message.payload);
        return;
      }
      const pending = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (message.ok) pending?.resolve(message.result);
      else pending?.reject(rebuilt(message.error));
    });
    worker.on('error', (error) => this.#failAll(error));
    worker.on('exit', () => this.#failAll(new Error('PGlite thread stopped')));
  }

  static async create(options: { dataDir: string; loadDataDir?: Blob }): Promise<PgliteThread> {
    const worker = new Worker(new URL('./pglite-thread-worker.mjs', import.meta.url), {
      // A compiled module crosses to the worker as it is: each database skips the 9 MB compile.
      workerData: { ...options, ...(await loadBinaries()) },
      // The worker loads PGlite only: no loader of the parent's (tsx) is needed there.
      execArgv: [],
    });
    const ready = await new Promise<Ready>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (!ready.ready) {
      await worker.terminate();
      throw rebuilt(ready.error);
    }
    return new PgliteThread(worker);
  }

  #failAll(error: Error): void {
    this.#closed = true;
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
  }

  #call<T>(call: Call): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...call, id });
    });
  }

  /**
   * A number that moves whenever a statement that may change rows is sent: anything but a lone
   * SELECT, and every transaction's end. A read sent and answered under one stamp saw the rows as
   * they still are: this process is the embedded database's sole writer (writers/choice.ts), and a
   * statement sent outside a transaction waits for an open one to end.
   */
  get writeStamp(): number {
    return this.#writes;
  }

  #on(tx: number | undefined): ThreadTransaction {
    return {
      query: async <T>(sql: string, params?: unknown[], options?: QueryOptions) => {
        if (!READ_ONLY.test(sql)) this.#writes++;
        return this.#call<Results<T>>({
          op: 'query',
          sql,
          params,
          rowMode: options?.rowMode,
          textTypes: textTypesOf(options),
          tx,
        });
      },
      exec: (sql: string) => {
        this.#writes++;
        return this.#call<Array<Results>>({ op: 'exec', sql, tx });
      },
    };
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#on(undefined).query<T>(sql, params, options);
  }

  exec(sql: string): Promise<Array<Results>> {
    return this.#on(undefined).exec(sql);
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = await this.#call<number>({ op: 'begin' });
    let result: T;
    try {
      result = await work(this.#on(tx));
    } catch (error) {
      this.#writes++;
      await this.#call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    this.#writes++;
    await this.#call({ op: 'end', tx, commit: true });
    return result;
  }

  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
      await this.#call({ op: 'listen', channel });
    }
    listeners.add(listener);
    return async () => {
      listeners.delete(listener);
      if (listeners.size > 0 || this.#listeners.get(channel) !== listeners) return;
      this.#listeners.delete(channel);
      await this.#call({ op: 'unlisten', channel });
    };
  }

  dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): ReturnType<PGlite['dumpDataDir']> {
    return this.#call({ op: 'dump', compression });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#call({ op: 'close' });
    this.#closed = true;
    await this.#worker.terminate();
  }
}
