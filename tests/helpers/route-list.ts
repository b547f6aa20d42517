import type { FastifyInstance } from 'fastify';

export interface ListedRoute {
  method: string;
  /** The route's template, `/shatteredrealms/api/users/:id`. */
  url: string;
}

/**
 * Every route the server registered, read from Fastify's own tree (`printRoutes`), so a test
 * built on it covers a route the day it is added. HEAD mirrors GET and is left out.
 */
export function routesOf(app: FastifyInstance): ListedRoute[] {
  const stack: string[] = [];
  const routes: ListedRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const start = line.search(/[^ │├└─]/);
    if (start === -1) continue;
    const depth = Math.round(start / 4) - 1;
    const match = /^(\S+?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(start).trim());
    if (!match) continue;
    stack.length = Math.max(0, depth);
    stack.push(match[1]!);
    const url = stack.join('').replace(/\/\/+/g, '/');
    for (const method of (match[2] ?? '').split(',').map((name) => name.trim())) {
      if (method && method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}
