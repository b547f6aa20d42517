import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageBody, emptyBody } from '#shared/wire/common';
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

const tags = ['Friends'];

/**
 * platform.md §7 "Users, friends and friend invitations" (the search lives with the users
 * module). `GET /users/invitations/sent` is ours: the menu lists sent invitations to cancel them.
 */
export const friendsRoutes: FastifyPluginAsyncZod<{ service: FriendsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/users/invitations',
    {
      schema: {
        tags,
        description: 'Friend invitations the caller received and has not answered.',
        response: { 200: friendInvitationList },
      },
    },
    (request) => service.received(currentUser(request)),
  );

  app.get(
    '/users/invitations/sent',
    {
      schema: {
        tags,
        description: 'Friend invitations the caller sent and nobody answered yet.',
        response: { 200: friendInvitationList },
      },
    },
    (request) => service.sent(currentUser(request)),
  );

  app.post(
    '/users/invitations/:invitationId/accept',
    {
      schema: {
        tags,
        description: 'Accepts a received friend invitation.',
        body: emptyBody,
        params: invitationIdParam,
        response: { 200: acceptInvitationResponse },
      },
    },
    async (request) => ({
      message: friendsMessages.nowFriends,
      friend: await service.accept(currentUser(request), request.params.invitationId),
    }),
  );

  app.post(
    '/users/invitations/:invitationId/decline',
    {
      schema: {
        tags,
        description: 'Declines a received friend invitation.',
        body: emptyBody,
        params: invitationIdParam,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await service.decline(currentUser(request), request.params.invitationId);
      return { message: friendsMessages.invitationDeclined };
    },
  );

  app.delete(
    '/users/invitations/:invitationId/cancel',
    {
      schema: {
        tags,
        description: 'Cancels a friend invitation the caller sent.',
        params: invitationIdParam,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await service.cancel(currentUser(request), request.params.invitationId);
      return { message: friendsMessages.invitationCancelled };
    },
  );

  app.get(
    '/users/friends',
    {
      schema: {
        tags,
        description: "The caller's friends, with who is online.",
        response: { 200: friendList },
      },
    },
    (request) => service.friends(currentUser(request)),
  );

  app.post(
    '/users/friends',
    {
      schema: {
        tags,
        description:
          'Invites a user to be friends (201); an invitation already pending the other way is accepted instead (200).',
        body: addFriendRequest,
        response: { 200: addFriendResponse, 201: addFriendResponse },
      },
    },
    async (request, reply) => {
      const { created, ...answer } = await service.invite(currentUser(request), request.body.friendId);
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  app.delete(
    '/users/friends/:friendId',
    {
      schema: {
        tags,
        description: 'Ends a friendship.',
        params: friendIdParam,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await service.remove(currentUser(request), request.params.friendId);
      return { message: friendsMessages.friendRemoved };
    },
  );
};
