import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createGameInvitationRequest,
  gameInvitationList,
  idParam,
  invitationIdParam,
  invitationMoveResponse,
  inviteCandidateList,
  inviteCandidatesQuery,
  receivedInvitationsQuery,
  sentInvitationsQuery,
} from '#shared/wire/game-invitations';
import { currentUser } from '../../plugins/authentication';
import { invitationMessages } from './messages';
import type { GameInvitationsService } from './service';

/** platform.md §7 "Game invitations", plus the invite search of the game admin modal. */
export const gameInvitationsRoutes: FastifyPluginAsyncZod<{ service: GameInvitationsService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);
  const moved = { response: { 200: invitationMoveResponse } };

  app.post(
    '/game-invitations',
    { schema: { body: createGameInvitationRequest, response: { 201: invitationMoveResponse } } },
    async (request, reply) => {
      const invitation = await service.invite(currentUser(request), request.body);
      return reply.code(201).send({ message: invitationMessages.sent, invitation });
    },
  );

  app.get(
    '/game-invitations',
    { schema: { querystring: receivedInvitationsQuery, response: { 200: gameInvitationList } } },
    (request) => service.received(currentUser(request)),
  );

  app.get(
    '/game-invitations/sent',
    { schema: { querystring: sentInvitationsQuery, response: { 200: gameInvitationList } } },
    (request) => service.sent(currentUser(request), request.query.gameId),
  );

  app.get(
    '/game-invitations/candidates',
    { schema: { querystring: inviteCandidatesQuery, response: { 200: inviteCandidateList } } },
    (request) => service.candidates(currentUser(request), request.query.gameId, request.query.q),
  );

  app.post(
    '/game-invitations/:invitationId/accept',
    { schema: { params: invitationIdParam, ...moved } },
    async (request) => ({
      message: invitationMessages.accepted,
      invitation: await service.move(currentUser(request), request.params.invitationId, 'accept'),
    }),
  );

  app.post(
    '/game-invitations/:invitationId/decline',
    { schema: { params: invitationIdParam, ...moved } },
    async (request) => ({
      message: invitationMessages.declined,
      invitation: await service.move(currentUser(request), request.params.invitationId, 'decline'),
    }),
  );

  app.delete(
    '/game-invitations/:invitationId/revoke',
    { schema: { params: invitationIdParam, ...moved } },
    async (request) => ({
      message: invitationMessages.revoked,
      invitation: await service.move(currentUser(request), request.params.invitationId, 'revoke'),
    }),
  );

  app.post('/game-invitations/:id/kick', { schema: { params: idParam, ...moved } }, async (request) => ({
    message: invitationMessages.kicked,
    invitation: await service.move(currentUser(request), request.params.id, 'kick'),
  }));
};
