import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkDisplayNameResponse,
  loginResponse,
  profileResponse,
  registerResponse,
  updateProfileResponse,
  verifyResponse,
} from '#shared/wire/auth';
import {
  changePasswordRequest,
  checkDisplayNameQuery,
  deleteAccountRequest,
  loginRequest,
  refreshRequest,
  registerRequest,
  updateProfileRequest,
} from '#shared/wire/auth-requests';
import { messageBody, emptyBody } from '#shared/wire/common';
import { currentUser } from '../../plugins/authentication';
import { authMessages } from './messages';
import type { AuthService } from './service';
import { publicRoute } from '../api-documents/openapi';

const tags = ['Auth'];

export interface AuthRoutesOptions {
  service: AuthService;
  /** Route config limiting the credential endpoints (login, register, refresh). */
  attemptsLimit: FastifyContextConfig;
  /** Limiter options for a signed-in user's password checks (change, account deletion). */
  passwordChecksLimit: RateLimitOptions;
  /** Route config limiting the public display-name check. */
  nameChecksLimit: FastifyContextConfig;
}

const userAgent = (request: FastifyRequest) => request.headers['user-agent']?.slice(0, 512) ?? null;

/** platform.md §7 "Auth and profile". */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { service, attemptsLimit, passwordChecksLimit, nameChecksLimit },
) => {
  const passwordChecks = app.rateLimit(passwordChecksLimit);

  app.post(
    '/auth/register',
    {
      config: attemptsLimit,
      schema: {
        tags,
        ...publicRoute,
        description: 'Creates an account and signs it in: an access token and a refresh token.',
        body: registerRequest,
        response: { 201: registerResponse },
      },
    },
    async (request, reply) => {
      const session = await service.register(request.body, userAgent(request));
      return reply.code(201).send({ message: authMessages.registered, ...session });
    },
  );

  app.post(
    '/auth/login',
    {
      config: attemptsLimit,
      schema: {
        tags,
        ...publicRoute,
        description:
          'Signs in with e-mail and password: an access token (15 minutes) and a refresh token (30 days).',
        body: loginRequest,
        response: { 200: loginResponse },
      },
    },
    (request) => service.login(request.body, userAgent(request)),
  );

  app.post(
    '/auth/refresh',
    {
      config: attemptsLimit,
      schema: {
        tags,
        ...publicRoute,
        description:
          'Swaps a refresh token for a new pair; a refresh token is good once (a replay revokes the session).',
        body: refreshRequest,
        response: { 200: loginResponse },
      },
    },
    (request) => service.refresh(request.body.refreshToken),
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        description:
          "Ends the caller's session: its refresh tokens stop working and its sockets are disconnected.",
        body: emptyBody,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await service.logout(currentUser(request));
      return { message: authMessages.loggedOut };
    },
  );

  app.get(
    '/auth/verify',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        description: 'Whether the access token is valid, with the account it belongs to.',
        response: { 200: verifyResponse },
      },
    },
    async (request) => ({ valid: true as const, user: await service.profile(currentUser(request)) }),
  );

  app.get(
    '/auth/profile',
    {
      onRequest: app.authenticate,
      schema: { tags, description: "The signed-in account's profile.", response: { 200: profileResponse } },
    },
    (request) => service.profile(currentUser(request)),
  );

  app.put(
    '/auth/profile',
    {
      onRequest: app.authenticate,
      // Only a body carrying a password is a password check (an e-mail change): a rename is not.
      preHandler: async function (request, reply) {
        if (request.body.currentPassword !== undefined) await passwordChecks.call(this, request, reply);
      },
      schema: {
        tags,
        description:
          'Changes the display name or the e-mail (the current password is required for the e-mail); answers a fresh access token.',
        body: updateProfileRequest,
        response: { 200: updateProfileResponse },
      },
    },
    async (request) => {
      const updated = await service.updateProfile(currentUser(request), request.body);
      return { ...updated, message: authMessages.profileUpdated };
    },
  );

  app.get(
    '/auth/check-display-name',
    {
      onRequest: app.identify,
      config: nameChecksLimit,
      schema: {
        tags,
        ...publicRoute,
        description:
          "Whether a display name is free (look-alike names count as taken). With a bearer, the caller's own name counts as free.",
        querystring: checkDisplayNameQuery,
        response: { 200: checkDisplayNameResponse },
      },
    },
    async (request) => ({
      isAvailable: await service.isDisplayNameAvailable(request.query.displayName, request.user),
    }),
  );

  app.post(
    '/auth/change-password',
    {
      onRequest: app.authenticate,
      preHandler: passwordChecks,
      schema: {
        tags,
        description: 'Changes the password; every other session of the account ends.',
        body: changePasswordRequest,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await service.changePassword(currentUser(request), request.body);
      return { message: authMessages.passwordChanged };
    },
  );

  app.delete(
    '/auth/account',
    {
      onRequest: app.authenticate,
      preHandler: passwordChecks,
      schema: {
        tags,
        description: 'Deletes the account and everything it owns, after checking its password.',
        body: deleteAccountRequest,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await service.deleteAccount(currentUser(request), request.body.password);
      return { message: authMessages.accountDeleted };
    },
  );
};
