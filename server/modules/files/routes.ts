import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { downloadName } from '#shared/domain/files';
import { messageBody } from '#shared/wire/common';
import { z } from 'zod';
import {
  fileMessages,
  fileParams,
  gameFileParams,
  gameFiles,
  storedFile,
  streamLink,
  streamQuery,
  uploadParams,
  uploadQuery,
} from '#shared/wire/files';
import { httpError } from '../../lib/errors';
import { currentUser } from '../../plugins/authentication';
import type { FilesService, ServedVariant } from './service';
import { bytesResponse, notModified, publicRoute } from '../api-documents/openapi';

const tags = ['Files'];

/** A file's content never changes under its id: a browser keeps it for a year and never asks again. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';
/** A picture or a sound opened on its own is inert: no script, no plugin, no form. */
export const FILE_POLICY = "default-src 'none'; sandbox";

/** The first range of a `Range: bytes=…` header, within `size`; null when there is none. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.split(',')[0]!.trim());
  if (!match || (match[1] === '' && match[2] === '')) throw httpError(416, fileMessages.range);
  const [, from, to] = match;
  const range =
    from === ''
      ? { start: Math.max(0, size - Number(to)), end: size - 1 }
      : { start: Number(from), end: to === '' ? size - 1 : Math.min(Number(to), size - 1) };
  if (range.start > range.end || range.start >= size) throw httpError(416, fileMessages.range);
  return range;
}

/**
 * Shown in the browser, saved under its own name: RFC 6266's `filename*` carries it whole, the
 * plain `filename` an ASCII stand-in for the rare client without it.
 */
const inlineAs = (name: string) =>
  `inline; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/** Whether an `If-None-Match` header names this ETag (or any). */
export const matchesEtag = (header: string | undefined, etag: string) =>
  header !== undefined &&
  header.split(',').some((tag) => {
    const candidate = tag.trim().replace(/^W\//, '');
    return candidate === '*' || candidate === etag;
  });

/**
 * Uploads go as the raw body, whatever `Content-Type` the browser puts on it: the server reads the
 * type from the bytes. Downloads carry a strong ETag (the content's hash) and answer ranges, which
 * a sound's player asks for.
 */
export const filesRoutes: FastifyPluginAsyncZod<{ service: FilesService }> = async (app, { service }) => {
  await app.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    // Left unread here: the service reads `request.raw` itself, up to the kind's cap.
    uploads.addContentTypeParser('*', (_request, _payload, done) => done(null));
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/game-data/:gameId/files',
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          description:
            "Stores a file in a game: the request's raw body, its type read from the bytes (`kind` says what it is for). 201 when stored, 200 when the game already held the same bytes. The game's MJ.",
          consumes: ['application/octet-stream'],
          body: z
            .unknown()
            .meta({ type: 'string', format: 'binary', description: 'The file, as the raw body.' }),
          params: uploadParams,
          querystring: uploadQuery,
          response: { 200: storedFile, 201: storedFile },
        },
      },
      async (request, reply) => {
        const declared = request.headers['content-length'];
        const stored = await service.upload(
          currentUser(request),
          request.params.gameId,
          request.query.kind,
          request.raw,
          declared === undefined ? undefined : Number(declared),
          request.query.name,
        );
        return reply.code(stored.existing ? 200 : 201).send(stored);
      },
    );
  });

  app.get(
    '/game-data/:gameId/files',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        description: "The files a game stores, with the bytes they take and the game's quota. The game's MJ.",
        params: uploadParams,
        response: { 200: gameFiles },
      },
    },
    (request) => service.list(currentUser(request), request.params.gameId),
  );

  app.delete(
    '/game-data/:gameId/files/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        description: "Deletes a stored file that nothing shows any more. The game's MJ.",
        params: gameFileParams,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await service.remove(currentUser(request), request.params.gameId, request.params.id);
      return { message: 'Fichier supprimé.' };
    },
  );

  /**
   * A variant's bytes: 304 when the browser holds them (the ETag is the content's, whichever link
   * read it), else the whole or the range asked, inert and named.
   */
  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    served: ServedVariant,
    cacheControl: string,
  ) {
    const etag = `"${served.sha256}-${served.variant.name}"`;
    void reply.headers({
      etag,
      'cache-control': cacheControl,
      'content-security-policy': FILE_POLICY,
      'accept-ranges': 'bytes',
    });
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const { size, mime } = served.variant;
    if (served.name !== null)
      void reply.header('content-disposition', inlineAs(downloadName(served.name, mime)));
    const range = byteRange(request.headers.range, size);
    const { start, end } = range ?? { start: 0, end: size - 1 };
    void reply.type(mime).header('content-length', end - start + 1);
    if (range) void reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
    return reply.send(await service.body(served, start, end));
  }

  app.get(
    '/game-data/:gameId/files/:id/stream-url',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        description:
          "A link that plays one of the game's sounds without the bearer (an `<audio>` element's `src`), answering byte ranges, for the caller's session until `expiresAt` (one hour to an hour and a quarter). Who may hear the game's ambience: its members and admins.",
        params: gameFileParams,
        response: { 200: streamLink },
      },
    },
    (request) =>
      service.streamUrl(currentUser(request), request.params.gameId, request.params.id, Date.now()),
  );

  app.get(
    '/files/:id/stream',
    {
      schema: {
        tags,
        description:
          "A stored sound's bytes through a link from `stream-url`, with byte ranges: 403 once the link is over, forged, made for another file, or its session closed; the reader's seat in the game is asked again on every request.",
        ...publicRoute,
        params: fileParams.pick({ id: true }),
        querystring: streamQuery,
        response: {
          200: bytesResponse('The bytes.', ['audio/*']),
          206: bytesResponse('The range of bytes asked in `Range`.', ['audio/*']),
          304: notModified,
        },
      },
    },
    async (request, reply) => {
      const now = Date.now();
      const served = await service.streamed(request.params.id, request.query.token, now);
      // Held no longer than the link itself: past it, the browser must ask the server again.
      const seconds = Math.max(0, Math.floor((served.expiresAt - now) / 1000));
      return send(request, reply, served, `private, max-age=${seconds}`);
    },
  );

  for (const path of ['/files/:id', '/files/:id/:variant']) {
    app.get(
      path,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          description:
            "A stored file's bytes (or one of its sizes, `variant`), with a strong ETag and byte ranges. Who may see it in its game.",
          params: fileParams,
          response: {
            200: bytesResponse('The bytes.', ['image/*', 'audio/*']),
            206: bytesResponse('The range of bytes asked in `Range`.', ['image/*', 'audio/*']),
            304: notModified,
          },
        },
      },
      async (request, reply) => {
        const served = await service.variantFor(
          currentUser(request),
          request.params.id,
          request.params.variant,
        );
        return send(request, reply, served, CACHE_CONTROL);
      },
    );
  }
};
