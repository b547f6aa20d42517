import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/api/paths';
import { socketEventOf, tableEvent } from '../../src/api/schemas/table';
import { routesOf, type ListedRoute } from '../helpers/route-list';
import { drivers, startTestServer, type TestServer } from '../helpers/server';

/**
 * The API documents (decision 0039) against what the server really does: every route it registers
 * is in the OpenAPI document with a tag, a description and the schemas of what it takes and
 * answers, and asks for the access token exactly when the route refuses an anonymous caller;
 * every event a socket listens to, and every event the server's code emits, is in the AsyncAPI
 * document with its payload. A failure names the route or the event.
 */
interface Content {
  schema?: unknown;
}
interface Operation {
  tags?: string[];
  description?: string;
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; schema?: unknown }>;
  requestBody?: { content?: Record<string, Content> };
  responses?: Record<string, { content?: Record<string, Content> }>;
}
interface OpenApi {
  openapi: string;
  servers: Array<{ url: string }>;
  security: unknown[];
  paths: Record<string, Record<string, Operation>>;
}
interface AsyncApi {
  asyncapi: string;
  operations: Record<
    string,
    {
      action: 'send' | 'receive';
      summary?: string;
      tags?: unknown[];
      messages: Array<{ $ref: string }>;
      reply?: { messages: Array<{ $ref: string }> };
    }
  >;
  components: { messages: Record<string, { payload?: unknown }> };
}

/** socket.io's own events, and the `error` it listens to itself (a no-op, so a client's `error` cannot crash it). */
const SOCKET_IO_OWN = new Set([
  'connect',
  'connect_error',
  'disconnect',
  'disconnecting',
  'newListener',
  'removeListener',
  'error',
]);

/** A route's place in the document: its parameters, whatever their names (`:a|:b` is Fastify's merged node). */
const shapeOfRoute = (url: string) => url.slice(API_BASE.length).replace(/:[^/]+/g, '{}');
const shapeOfPath = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
const nameOf = (route: ListedRoute) => `${route.method} ${route.url.slice(API_BASE.length)}`;
const hasSchema = (contents: Record<string, Content> | undefined) =>
  Object.values(contents ?? {}).some((content) => content.schema !== undefined);

/** What a route lacks in the document, said in words. */
function lacks(route: ListedRoute, path: string | undefined, operation: Operation | undefined): string[] {
  if (!path || !operation) return ['is not in the document'];
  const missing: string[] = [];
  if (!operation.description?.trim()) missing.push('has no description');
  if (!operation.tags?.length) missing.push('has no tag');
  const successes = Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith('2'));
  if (!successes.some(([status, response]) => status === '204' || hasSchema(response.content)))
    missing.push('has no success response schema');
  if (['POST', 'PUT', 'PATCH'].includes(route.method) && !hasSchema(operation.requestBody?.content))
    missing.push('has no body schema (emptyBody when it reads none)');
  for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
    const parameter = operation.parameters?.find((one) => one.in === 'path' && one.name === name);
    if (!parameter?.schema) missing.push(`has no schema for its parameter ${name}`);
  }
  return missing;
}

/** The server's source files, tests aside. */
async function serverSources(folder = 'server'): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return serverSources(path);
      return Promise.resolve(entry.name.endsWith('.ts') ? [path] : []);
    }),
  );
  return nested.flat();
}

/** Every event name the server's code emits by name, and the four the table's log goes out under. */
async function emittedEvents(): Promise<Set<string>> {
  const names = new Set<string>(tableEvent.options.map((option) => socketEventOf(option.shape.type.value)));
  for (const file of await serverSources()) {
    const source = await readFile(file, 'utf8');
    for (const [, name] of source.matchAll(/\.emit\(\s*'([A-Za-z]\w*)'/g)) names.add(name!);
  }
  return names;
}

describe.each(drivers)('API documents (%s)', (driver) => {
  let t: TestServer;
  let openApi: OpenApi;
  let asyncApi: AsyncApi;
  beforeAll(async () => {
    t = await startTestServer({ driver });
    // Anonymous: the documents are public.
    const open = await t.api<OpenApi>('GET', '/docs/openapi.json');
    const realtime = await t.api<AsyncApi>('GET', '/docs/asyncapi.json');
    expect([open.status, realtime.status]).toEqual([200, 200]);
    openApi = open.body;
    asyncApi = realtime.body;
  });
  afterAll(() => t.close());

  it('writes an OpenAPI 3 document of the API, its paths from the base, the access token by default', () => {
    expect(openApi.openapi).toMatch(/^3\./);
    expect(openApi.servers).toEqual([{ url: API_BASE }]);
    expect(openApi.security).toEqual([{ bearer: [] }]);
    expect(openApi.paths['/auth/login']?.post?.requestBody).toBeDefined();
  });

  it('documents every registered route with a tag, a description and its schemas, naming those that lack one', () => {
    const documented = new Map<string, { path: string; operation: Operation }>();
    for (const [path, item] of Object.entries(openApi.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        documented.set(`${method.toUpperCase()} ${shapeOfPath(path)}`, { path, operation });
      }
    }
    const routes = routesOf(t.app).filter((route) => route.url.startsWith(`${API_BASE}/`));
    expect(routes.length).toBeGreaterThan(150);
    const wrong = routes.flatMap((route) => {
      const found = documented.get(`${route.method} ${shapeOfRoute(route.url)}`);
      return lacks(route, found?.path, found?.operation).map((lack) => `${nameOf(route)} ${lack}`);
    });
    expect(wrong).toEqual([]);
    expect(documented.size).toBe(routes.length);
  });

  it('asks for the access token on exactly the routes that refuse an anonymous caller', async () => {
    const wrong: string[] = [];
    for (const [path, item] of Object.entries(openApi.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const response = await t.api(method.toUpperCase(), path.replace(/\{[^}]+\}/g, randomUUID()));
        const isPublic = operation.security?.length === 0;
        if (isPublic !== (response.status !== 401)) {
          wrong.push(
            `${method.toUpperCase()} ${path}: ${isPublic ? 'public' : 'token'} but ${response.status}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('serves a page of every route and event, without a script, under the product’s policy', async () => {
    const page = await fetch(`${t.baseUrl}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Documentation de l’API');
    expect(html).not.toMatch(/<script/i);
    const escaped = (text: string) => text.replace(/'/g, '&#39;');
    const missing = [
      ...Object.keys(openApi.paths).filter((path) => !html.includes(`<code>${escaped(path)}</code>`)),
      ...Object.keys(asyncApi.operations).filter((name) => !html.includes(`<code>${name}</code>`)),
    ];
    expect(missing).toEqual([]);
  });

  it('lists every event a socket listens to, with its payload and its acknowledgement', async () => {
    const user = await t.register();
    await t.socket(user.token);
    const [socket] = t.app.realtime.io.of('/').sockets.values();
    const listened = socket!
      .eventNames()
      .map(String)
      .filter((name) => !SOCKET_IO_OWN.has(name));
    const received = Object.entries(asyncApi.operations).filter(
      ([, operation]) => operation.action === 'receive',
    );
    expect(received.map(([name]) => name).sort()).toEqual([...new Set(listened)].sort());
    const wrong = received.flatMap(([name, operation]) => {
      const payload = asyncApi.components.messages[name]?.payload;
      const ack = operation.reply?.messages[0]?.$ref.split('/').at(-1);
      return [
        ...(operation.summary ? [] : [`${name} has no summary`]),
        ...(operation.tags?.length ? [] : [`${name} has no tag`]),
        ...(payload ? [] : [`${name} has no payload`]),
        ...(ack && asyncApi.components.messages[ack]?.payload ? [] : [`${name} has no acknowledgement`]),
      ];
    });
    expect(wrong).toEqual([]);
  });

  it('lists every event the server emits, with its payload, and none it never emits', async () => {
    expect(asyncApi.asyncapi).toBe('3.0.0');
    const sent = Object.entries(asyncApi.operations).filter(([, operation]) => operation.action === 'send');
    expect(sent.map(([name]) => name).sort()).toEqual([...(await emittedEvents())].sort());
    const wrong = sent.flatMap(([name, operation]) => [
      ...(operation.summary ? [] : [`${name} has no summary`]),
      ...(asyncApi.components.messages[name]?.payload ? [] : [`${name} has no payload`]),
    ]);
    expect(wrong).toEqual([]);
  });
});
