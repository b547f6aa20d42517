import rateLimit from '@fastify/rate-limit';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { commonMessages, httpError } from '../lib/errors';

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
