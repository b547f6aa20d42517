import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from './server';

/**
 * A real server for the suite (the `describe`) it is called in: started before its tests, closed
 * after them. The handle stands for the server from then on, so that the suite's helpers can name
 * it where they are declared, before it exists.
 */
export function serverForSuite(options: TestServerOptions = {}): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(options);
  });
  afterAll(() => started?.close());
  return new Proxy({} as TestServer, {
    get(_handle, key) {
      if (!started) throw new Error('the suite’s server is used before its tests start');
      return Reflect.get(started, key);
    },
  });
}
