import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { commonMessages, httpError } from '../lib/errors';
import { messageFloodRefusal } from '../lib/token-bucket';

/** Registered for everyone but applied only where a route asks, through `limitAttempts`. */
export async function useRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => httpError(429, commonMessages.tooManyAttempts),
  });
}

/** Route config for the credential endpoints: AUTH_RATE_LIMIT_MAX attempts per IP per minute. */
export function limitAttempts(config: Pick<Config, 'authRateLimitMax'>): FastifyContextConfig {
  return { rateLimit: { max: config.authRateLimitMax, timeWindow: '1 minute' } };
}

/**
 * Limiter options for the routes that check a signed-in user's password (change it, delete the
 * account): as many tries as login, counted per account, since whoever holds a stolen access token
 * may guess from many addresses. One limiter (`app.rateLimit`) serves both routes as a preHandler,
 * after authentication, so one count covers both and the account is known.
 */
export function limitPasswordChecks(config: Pick<Config, 'authRateLimitMax'>): RateLimitOptions {
  return {
    max: config.authRateLimitMax,
    timeWindow: '1 minute',
    keyGenerator: (request) => request.user?.id ?? request.ip,
  };
}

/** Route config for the public name check: NAME_CHECK_RATE_LIMIT_MAX per IP per minute. */
export function limitNameChecks(config: Pick<Config, 'nameCheckRateLimitMax'>): FastifyContextConfig {
  return { rateLimit: { max: config.nameCheckRateLimitMax, timeWindow: '1 minute' } };
}

/**
 * Limiter options for `POST /message`, the REST twin of `sendPrivateMessage`: the socket's bucket
 * as a window per account (MESSAGE_BURST lines per MESSAGE_BURST seconds), so the same rate holds
 * whichever way a line comes.
 */
export function limitRestMessages(config: Pick<Config, 'messageBurst'>): RateLimitOptions {
  return {
    max: config.messageBurst,
    timeWindow: config.messageBurst * 1000,
    keyGenerator: (request) => request.user?.id ?? request.ip,
    errorResponseBuilder: () => httpError(429, messageFloodRefusal),
  };
}
