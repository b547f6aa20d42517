import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody } from '#shared/wire/common';
import {
  acceptInvitationResponse,
  addFriendRequest,
  addFriendResponse,
  friendIdParam,
  friendInvitationList,
  friendList,
  invitationIdParam,
} from '#shared/wire/friends';
import { currentUser } from '../../plugins/authentication';
import { friendsMessages } from './messages';
import type { FriendsService } from './service';

/**
 * platform.md §7 "Users, friends and friend invitations" (the search lives with the users
 * module). `GET /users/invitations/sent` is ours: the menu lists sent invitations to cancel them.
 */
export const friendsRoutes: FastifyPluginAsyncZod<{ service: FriendsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/users/invitations', { schema: { response: { 200: friendInvitationList } } }, (request) =>
    service.received(currentUser(request)),
  );

  app.get('/users/invitations/sent', { schema: { response: { 200: friendInvitationList } } }, (request) =>
    service.sent(currentUser(request)),
  );

  app.post(
    '/users/invitations/:invitationId/accept',
    { schema: { params: invitationIdParam, response: { 200: acceptInvitationResponse } } },
    async (request) => ({
      message: friendsMessages.nowFriends,
      friend: await service.accept(currentUser(request), request.params.invitationId),
    }),
  );

  app.post(
    '/users/invitations/:invitationId/decline',
    { schema: { params: invitationIdParam, response: { 200: messageBody } } },
    async (request) => {
      await service.decline(currentUser(request), request.params.invitationId);
      return { message: friendsMessages.invitationDeclined };
    },
  );

  app.delete(
    '/users/invitations/:invitationId/cancel',
    { schema: { params: invitationIdParam, response: { 200: messageBody } } },
    async (request) => {
      await service.cancel(currentUser(request), request.params.invitationId);
      return { message: friendsMessages.invitationCancelled };
    },
  );

  app.get('/users/friends', { schema: { response: { 200: friendList } } }, (request) =>
    service.friends(currentUser(request)),
  );

  app.post(
    '/users/friends',
    { schema: { body: addFriendRequest, response: { 200: addFriendResponse, 201: addFriendResponse } } },
    async (request, reply) => {
      const { created, ...answer } = await service.invite(currentUser(request), request.body.friendId);
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  app.delete(
    '/users/friends/:friendId',
    { schema: { params: friendIdParam, response: { 200: messageBody } } },
    async (request) => {
      await service.remove(currentUser(request), request.params.friendId);
      return { message: friendsMessages.friendRemoved };
    },
  );
};
