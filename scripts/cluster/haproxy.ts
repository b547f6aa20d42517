/**
 * HAProxy in front of the cluster's server processes, run in the foreground on deploy/haproxy.cfg
 * with the addresses in its environment: `npm run start:cluster`, the fault suite and the soak
 * all go through the same configuration a deployment starts from.
 */
import { spawn, type StdioOptions } from 'node:child_process';
import path from 'node:path';
import { API_BASE } from '../../src/api/paths';
import { ensureHaproxy, haproxyBinary } from '../ensure-haproxy.mjs';

export const HAPROXY_CONFIG = path.resolve(import.meta.dirname, '../../deploy/haproxy.cfg');

export interface Proxy {
  /** http://host:port of the proxy: what the browsers (or the test clients) open. */
  url: string;
  stop(): Promise<void>;
  /** Resolves when HAProxy exits on its own (a bad configuration, a port taken). */
  exited: Promise<number | null>;
  /**
   * Waits until the proxy hands new visitors to server `name` ('a' or 'b') again: after a
   * restart, its health check must see the server up twice first.
   */
  serving(name: 'a' | 'b', timeoutMs?: number): Promise<void>;
}

/** The sticky-session cookie of deploy/haproxy.cfg: its value names the server that answered. */
const STICKY_COOKIE = 'SR_NODE';

const START_TIMEOUT_MS = 15_000;

export async function startProxy({
  host = '127.0.0.1',
  port,
  servers,
  stdio = ['ignore', 'ignore', 'inherit'],
}: {
  host?: string;
  port: number;
  /** host:port of the two server processes. */
  servers: [string, string];
  stdio?: StdioOptions;
}): Promise<Proxy> {
  if (!ensureHaproxy()) throw new Error('HAProxy is missing');
  const child = spawn(haproxyBinary, ['-db', '-f', HAPROXY_CONFIG], {
    env: {
      ...process.env,
      CLUSTER_PROXY_BIND: `${host}:${port}`,
      CLUSTER_SERVER_A: servers[0],
      CLUSTER_SERVER_B: servers[1],
    },
    stdio,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://${host}:${port}`;
  // Listening is enough here: whether the servers are up is the health check's business (`serving`).
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}`);
    const listening = await fetch(`${url}${API_BASE}/health`)
      .then((response) => response.body?.cancel())
      .then(
        () => true,
        () => false,
      );
    if (listening) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('haproxy did not listen');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    exited,
    async serving(name, timeoutMs = START_TIMEOUT_MS) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // A visitor without the cookie is balanced, and told by the cookie where it went.
        const response = await fetch(`${url}${API_BASE}/health`);
        await response.body?.cancel();
        if (
          response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${STICKY_COOKIE}=${name};`))
        ) {
          return;
        }
        if (Date.now() > deadline) throw new Error(`the proxy does not hand visitors to ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // SIGUSR1 would wait for every open tunnel (the players' WebSockets): SIGTERM ends now.
      child.kill('SIGTERM');
      await exited;
    },
  };
}
