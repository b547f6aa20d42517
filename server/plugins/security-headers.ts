import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/**
 * The headers helmet sets for these options, read once by running its middleware on a recorder:
 * with fixed directives they are the same on every answer. Built again for each request (as
 * @fastify/helmet did: its directives parsed, its names dashified), they were a quarter of what
 * the server spent on an authenticated call (docs/server.md "Serving").
 */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.fromEntries(headers);
}

/**
 * Helmet's headers with a policy fitted to the built client: its own scripts only, inline styles
 * (React style props), images from anywhere over HTTPS (maps and monsters are links), blob:
 * for workers and generated media, and the socket on this origin.
 */
export function useSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'publicUrl'>): void {
  const served = config.publicUrl ? new URL(config.publicUrl) : undefined;
  const overHttps = served?.protocol === 'https:';
  // Browsers before CSP 3 do not count ws:/wss: as 'self'.
  const socketOrigin = served ? [`${overHttps ? 'wss' : 'ws'}://${served.host}`] : [];

  const headers = headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // A stored sound streams from this origin (decision 0040); an ambience track may name an
        // https link (decision 0031).
        mediaSrc: ["'self'", 'https:'],
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
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
