import { afterAll, beforeAll } from 'vitest';
import { sharedDrivers, startTestServer, type TestServer, type TestServerOptions } from './server';

/**
 * Stands for a value a suite's `beforeAll` makes: the suite can declare it (and helpers that use
 * it) in one `const` where it is read, before the value exists; every read goes to the value.
 */
export function lateBound<T extends object>(read: () => T | undefined, what: string): T {
  const value = () => {
    const made = read();
    if (made === undefined) throw new Error(`${what} is used before the suite’s tests start`);
    return made;
  };
  return new Proxy({} as T, {
    get: (_handle, key) => Reflect.get(value(), key),
    set: (_handle, key, next) => Reflect.set(value(), key, next),
    has: (_handle, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    getOwnPropertyDescriptor: (_handle, key) => Reflect.getOwnPropertyDescriptor(value(), key),
  });
}

/**
 * A real server for the suite (the `describe`) it is called in: started before its tests, closed
 * after them.
 */
export function serverForSuite(options: TestServerOptions = {}): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(options);
  });
  afterAll(() => started?.close());
  return lateBound(() => started, 'the suite’s server');
}

/** Whether two processes can share a database and a Redis here: PostgreSQL's and REDIS_URL's. */
export const twoProcessesRun = Boolean(process.env.REDIS_URL) && sharedDrivers.length > 0;

/**
 * Two processes of one deployment for the suite: a server on a throw-away PostgreSQL database (two
 * running servers share no PGlite) and a second one on the same database, secret and Redis channels.
 */
export function twoProcessesForSuite(): [TestServer, TestServer] {
  let first: TestServer | undefined;
  let second: TestServer | undefined;
  beforeAll(async () => {
    first = await startTestServer({ driver: 'postgres' });
    second = await startTestServer({ peerOf: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });
  return [
    lateBound(() => first, 'the suite’s first process'),
    lateBound(() => second, 'the suite’s second process'),
  ];
}
