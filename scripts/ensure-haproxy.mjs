// The cluster (`npm run start:cluster`, `npm run test:cluster`, the cluster soak) runs behind
// Debian's HAProxy. Exits non-zero only when there is still no HAProxy.
import { pathToFileURL } from 'node:url';
import { ensureDebianPackage } from './ensure-debian-package.mjs';

export const haproxyBinary = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

export function ensureHaproxy() {
  return ensureDebianPackage({
    binary: haproxyBinary,
    name: 'haproxy',
    what: 'HAProxy',
    mayInstall: !process.env.HAPROXY_PATH,
    hint: ' ou donnez son chemin dans HAPROXY_PATH',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(ensureHaproxy() ? 0 : 1);
