import { createHmac } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';

/**
 * A web-vitals visitor is the network a beacon comes from: its IPv4 address, or its IPv6 /64
 * (one home, one phone: an attacker given a /64 must not be 2^64 visitors). It is the key the
 * beacon's rate limit counts too. A random id carried by the beacon would cost a forger nothing,
 * so none is asked for (docs/monitoring.md "Web-vitals").
 *
 * Keys are keyed digests, never addresses: they go into the shared figures' rows, and nobody
 * holding those may read an address back. The same secret on every process gives the same key,
 * so a visitor reporting to two processes is one.
 */
export function visitorKeys(secret: string): (ip: string) => string {
  return (ip) =>
    createHmac('sha256', secret)
      .update(`web-vitals visitor\u0000${normalizeIP(ip)}`)
      .digest('base64url')
      .slice(0, 16);
}
