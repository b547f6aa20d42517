import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * Helmet's headers with a policy fitted to the built client: its own scripts only, inline styles
 * (React style props), images from anywhere over HTTPS (maps and monsters are links), blob:
 * for workers and generated media, and the socket on this origin.
 */
export async function useSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'publicUrl'>,
): Promise<void> {
  const served = config.publicUrl ? new URL(config.publicUrl) : undefined;
  const overHttps = served?.protocol === 'https:';
  // Browsers before CSP 3 do not count ws:/wss: as 'self'.
  const socketOrigin = served ? [`${overHttps ? 'wss' : 'ws'}://${served.host}`] : [];

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...socketOrigin],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        // Only over HTTPS: on a plain-HTTP LAN install it would send the browser to a port nobody serves.
        ...(overHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: overHttps ? undefined : false,
  });
}
