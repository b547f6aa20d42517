import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { friendIdParam } from '#shared/wire/friends';
import { conversationResponse, markReadResponse, message, postMessageRequest } from '#shared/wire/messages';
import { httpError } from '../../lib/errors';
import { currentUser } from '../../plugins/authentication';
import { messagesTexts } from './messages';
import type { MessagesService } from './service';
import { emptyBody } from '#shared/wire/common';

const tags = ['Messages'];

/**
 * platform.md §7 "Messages", private side. A game message (with gameId) belongs to the game chat
 * and is refused here until that chat exists.
 */
export const messagesRoutes: FastifyPluginAsyncZod<{
  service: MessagesService;
  /** Limiter options for sending (`limitRestMessages`), counted once the sender is known. */
  sendingLimit: RateLimitOptions;
}> = async (app, { service, sendingLimit }) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/message',
    {
      preHandler: app.rateLimit(sendingLimit),
      schema: {
        tags,
        description: "Sends a private message to a friend (the socket's `sendPrivateMessage` does the same).",
        body: postMessageRequest,
        response: { 201: message },
      },
    },
    async (request, reply) => {
      const { gameId, receiverId, content, clientId } = request.body;
      if (gameId) throw httpError(400, messagesTexts.gameMessagesUnavailable);
      if (!receiverId) throw httpError(400, messagesTexts.receiverRequired);
      const sent = await service.sendPrivate(currentUser(request), receiverId, content, clientId);
      return reply.code(201).send(sent);
    },
  );

  app.get(
    '/message/conversation/:friendId',
    {
      schema: {
        tags,
        description: 'The private conversation with a friend.',
        params: friendIdParam,
        response: { 200: conversationResponse },
      },
    },
    (request) => service.conversation(currentUser(request), request.params.friendId),
  );

  app.post(
    '/message/conversation/:friendId/read',
    {
      schema: {
        tags,
        description: 'Marks the conversation with a friend as read.',
        body: emptyBody,
        params: friendIdParam,
        response: { 200: markReadResponse },
      },
    },
    async (request) => ({
      message: messagesTexts.markedRead,
      count: await service.markRead(currentUser(request), request.params.friendId),
    }),
  );
};
