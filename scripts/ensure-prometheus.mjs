// The operations suite (npm run test:operations, part of npm test) runs Debian's Prometheus and
// promtool against a real server. Exits non-zero only when there is still no Prometheus.
import { pathToFileURL } from 'node:url';
import { ensureDebianPackage } from './ensure-debian-package.mjs';

export function ensurePrometheus() {
  const mine = Boolean(process.env.PROMETHEUS_PATH || process.env.PROMTOOL_PATH);
  return (
    ensureDebianPackage({
      binary: process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus',
      name: 'prometheus',
      what: 'Prometheus',
      mayInstall: !mine,
      hint: ' ou donnez ses chemins dans PROMETHEUS_PATH et PROMTOOL_PATH',
    }) &&
    ensureDebianPackage({
      binary: process.env.PROMTOOL_PATH ?? '/usr/bin/promtool',
      name: 'prometheus',
      what: 'promtool',
      mayInstall: !mine,
    })
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(ensurePrometheus() ? 0 : 1);
