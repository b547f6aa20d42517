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
import { messageBody } from '#shared/wire/common';
import { currentUser } from '../../plugins/authentication';
import { authMessages } from './messages';
import type { AuthService } from './service';

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
    { config: attemptsLimit, schema: { body: registerRequest, response: { 201: registerResponse } } },
    async (request, reply) => {
      const session = await service.register(request.body, userAgent(request));
      return reply.code(201).send({ message: authMessages.registered, ...session });
    },
  );

  app.post(
    '/auth/login',
    { config: attemptsLimit, schema: { body: loginRequest, response: { 200: loginResponse } } },
    (request) => service.login(request.body, userAgent(request)),
  );

  app.post(
    '/auth/refresh',
    { config: attemptsLimit, schema: { body: refreshRequest, response: { 200: loginResponse } } },
    (request) => service.refresh(request.body.refreshToken),
  );

  app.post(
    '/auth/logout',
    { onRequest: app.authenticate, schema: { response: { 200: messageBody } } },
    async (request) => {
      await service.logout(currentUser(request));
      return { message: authMessages.loggedOut };
    },
  );

  app.get(
    '/auth/verify',
    { onRequest: app.authenticate, schema: { response: { 200: verifyResponse } } },
    async (request) => ({ valid: true as const, user: await service.profile(currentUser(request)) }),
  );

  app.get(
    '/auth/profile',
    { onRequest: app.authenticate, schema: { response: { 200: profileResponse } } },
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
      schema: { body: updateProfileRequest, response: { 200: updateProfileResponse } },
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
      schema: { querystring: checkDisplayNameQuery, response: { 200: checkDisplayNameResponse } },
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
      schema: { body: changePasswordRequest, response: { 200: messageBody } },
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
      schema: { body: deleteAccountRequest, response: { 200: messageBody } },
    },
    async (request) => {
      await service.deleteAccount(currentUser(request), request.body.password);
      return { message: authMessages.accountDeleted };
    },
  );
};
