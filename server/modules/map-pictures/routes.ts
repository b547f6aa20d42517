import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mapPictureParams, mapPictureQuery } from '#shared/wire/map-pictures';
import { FILE_POLICY, matchesEtag } from '../files/routes';
import { currentUser } from '../../plugins/authentication';
import type { MapPicture, MapPicturesService } from './service';
import { bytesResponse, notModified } from '../api-documents/openapi';

const tags = ['Map pictures'];

/**
 * The same address shows another picture when the fog or the reader's sight changes: the browser
 * keeps it but asks again each time, and an unchanged picture is answered 304 without being drawn.
 */
const CACHE_CONTROL = 'private, no-cache';

/** A map's picture as the table shows it to the reader (decision 0032). */
export const mapPicturesRoutes: FastifyPluginAsyncZod<{ service: MapPicturesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/game-data/:gameId/maps/:mapId/picture',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        description:
          "A stored map's picture as the caller may see it: what fog and sight hide is painted out. JPEG, at most `width` pixels wide.",
        params: mapPictureParams,
        querystring: mapPictureQuery,
        response: { 200: bytesResponse('The picture.', ['image/jpeg']), 304: notModified },
      },
    },
    async (request, reply) => {
      const { gameId, mapId } = request.params;
      return sendPicture(
        request,
        reply,
        await service.pictureFor(currentUser(request), gameId, mapId, request.query.width),
      );
    },
  );
};

/** A map's picture as a reply: 304 when the reader holds it already, drawn only otherwise. */
export async function sendPicture(request: FastifyRequest, reply: FastifyReply, picture: MapPicture) {
  void reply.headers({
    etag: picture.etag,
    'cache-control': CACHE_CONTROL,
    'content-security-policy': FILE_POLICY,
    vary: 'authorization',
  });
  if (matchesEtag(request.headers['if-none-match'], picture.etag)) return reply.code(304).send();
  return reply.type('image/jpeg').send(await picture.render());
}
