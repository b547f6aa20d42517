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
import { emptyBody } from '#shared/wire/common';

const tags = ['Game invitations'];

/** platform.md §7 "Game invitations", plus the invite search of the game admin modal. */
export const gameInvitationsRoutes: FastifyPluginAsyncZod<{ service: GameInvitationsService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);
  const moved = { body: emptyBody, response: { 200: invitationMoveResponse } };

  app.post(
    '/game-invitations',
    {
      schema: {
        tags,
        description: "Invites a user to a game. The game's MJ.",
        body: createGameInvitationRequest,
        response: { 201: invitationMoveResponse },
      },
    },
    async (request, reply) => {
      const invitation = await service.invite(currentUser(request), request.body);
      return reply.code(201).send({ message: invitationMessages.sent, invitation });
    },
  );

  app.get(
    '/game-invitations',
    {
      schema: {
        tags,
        description: 'Game invitations the caller received.',
        querystring: receivedInvitationsQuery,
        response: { 200: gameInvitationList },
      },
    },
    (request) => service.received(currentUser(request)),
  );

  app.get(
    '/game-invitations/sent',
    {
      schema: {
        tags,
        description: 'Game invitations the caller sent, for one game (`gameId`) or all.',
        querystring: sentInvitationsQuery,
        response: { 200: gameInvitationList },
      },
    },
    (request) => service.sent(currentUser(request), request.query.gameId),
  );

  app.get(
    '/game-invitations/candidates',
    {
      schema: {
        tags,
        description: 'Users the MJ may invite to a game, matching `q`.',
        querystring: inviteCandidatesQuery,
        response: { 200: inviteCandidateList },
      },
    },
    (request) => service.candidates(currentUser(request), request.query.gameId, request.query.q),
  );

  app.post(
    '/game-invitations/:invitationId/accept',
    {
      schema: {
        tags,
        description: 'Accepts a game invitation: the caller joins the game.',
        params: invitationIdParam,
        ...moved,
      },
    },
    async (request) => ({
      message: invitationMessages.accepted,
      invitation: await service.move(currentUser(request), request.params.invitationId, 'accept'),
    }),
  );

  app.post(
    '/game-invitations/:invitationId/decline',
    { schema: { tags, description: 'Declines a game invitation.', params: invitationIdParam, ...moved } },
    async (request) => ({
      message: invitationMessages.declined,
      invitation: await service.move(currentUser(request), request.params.invitationId, 'decline'),
    }),
  );

  app.delete(
    '/game-invitations/:invitationId/revoke',
    {
      schema: {
        tags,
        description: 'Withdraws a game invitation the caller sent.',
        params: invitationIdParam,
        ...moved,
      },
    },
    async (request) => ({
      message: invitationMessages.revoked,
      invitation: await service.move(currentUser(request), request.params.invitationId, 'revoke'),
    }),
  );

  app.post(
    '/game-invitations/:id/kick',
    {
      schema: {
        tags,
        description: "Removes a player from a game (by their accepted invitation). The game's MJ.",
        params: idParam,
        ...moved,
      },
    },
    async (request) => ({
      message: invitationMessages.kicked,
      invitation: await service.move(currentUser(request), request.params.id, 'kick'),
    }),
  );
};
