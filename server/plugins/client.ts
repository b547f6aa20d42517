import { existsSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE, BASE_PATH, SOCKET_PATH } from '#shared/paths';
import type { Config } from '../config';
import { sendNotFound } from './error-handler';

/** Vite writes content-hashed names in these folders, so a browser may keep them for good. */
const HASHED_FOLDERS = ['js', 'assets'];
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built client under the base path. Every other GET there is a client-side route and
 * gets index.html, except the API, the socket and the hashed folders: a missing chunk must fail
 * as a 404, not parse an HTML page as JavaScript.
 */
export async function useClient(app: FastifyInstance, config: Pick<Config, 'clientDir'>): Promise<void> {
  const redirectHome = (_request: FastifyRequest, reply: FastifyReply) => reply.redirect(`${BASE_PATH}/`);
  app.get('/', redirectHome);
  app.get(BASE_PATH, redirectHome);

  const root = resolve(config.clientDir);
  if (!existsSync(resolve(root, 'index.html'))) {
    app.log.warn({ clientDir: root }, 'built client not found: serving the API only (run `npm run build`)');
    return;
  }

  const isHashed = (file: string) => HASHED_FOLDERS.some((folder) => file.startsWith(folder + sep));

  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root,
        prefix: '/',
        // The build writes .br and .gz twins (scripts/client-build.mjs); sent when the browser accepts them.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, file) => {
          reply.header('cache-control', isHashed(relative(root, file)) ? IMMUTABLE : 'no-cache');
        },
      });
      scope.setNotFoundHandler((request, reply) =>
        isClientRoute(request) ? reply.sendFile('index.html') : sendNotFound(reply),
      );
    },
    { prefix: BASE_PATH },
  );
}

function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  const excluded = [
    `${API_BASE}/`,
    SOCKET_PATH,
    ...HASHED_FOLDERS.map((folder) => `${BASE_PATH}/${folder}/`),
  ];
  return !excluded.some((prefix) => path.startsWith(prefix));
}
