import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSummary } from '#shared/wire/auth';
import { idParam } from '#shared/wire/common';
import { userSearchQuery, userSearchResults, type UserSearchResult } from '#shared/wire/friends';
import type { AuthUser } from '../auth/access';
import { currentUser } from '../../plugins/authentication';
import type { UsersService } from './service';

const tags = ['Users'];

export interface UsersRoutesOptions {
  service: UsersService;
  /** The friends module's search: it knows friendships, invitations and who is online. */
  search(me: AuthUser, term: string): Promise<UserSearchResult[]>;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { service, search }) => {
  app.get(
    '/users/search',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        description: 'Users whose display name matches `username`, with their friendship with the caller.',
        querystring: userSearchQuery,
        response: { 200: userSearchResults },
      },
    },
    (request) => search(currentUser(request), request.query.username),
  );

  app.get(
    '/users/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        description: "A user's public summary.",
        params: idParam,
        response: { 200: userSummary },
      },
    },
    (request) => service.summary(currentUser(request), request.params.id),
  );
};
