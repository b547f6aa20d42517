// Tools the tests and benches drive come from Debian's packages, never from downloaded builds. On
// a fresh machine one may be missing: install it when apt can (root, or sudo without a password),
// else say in one line what to do.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

/** apt-get as root, or through sudo when it asks no password; null when neither can. */
function aptRunner() {
  if (!existsSync('/usr/bin/apt-get')) return null;
  if (process.getuid?.() === 0) return (args) => run('apt-get', args);
  if (run('sudo', ['-n', 'true'])) return (args) => run('sudo', ['-n', 'apt-get', ...args]);
  return null;
}

/**
 * True once `binary` exists, installing the Debian package `name` first when it is missing and
 * `mayInstall` (false when the user named a binary of their own). `what` names it in the messages;
 * an `optional` package that stays missing is said on the standard output, not as an error.
 */
export function ensureDebianPackage({ binary, name, what, mayInstall = true, hint = '', optional = false }) {
  if (existsSync(binary)) return true;
  const apt = mayInstall ? aptRunner() : null;
  if (apt) {
    console.log(`${what} absent\u00a0: installation du paquet Debian «\u00a0${name}\u00a0»…`);
    if (apt(['install', '-y', name]) || (apt(['update']) && apt(['install', '-y', name]))) {
      if (existsSync(binary)) return true;
    }
  }
  (optional ? console.log : console.error)(
    `${what} introuvable (${binary})\u00a0: installez le paquet Debian «\u00a0${name}\u00a0» (sudo apt-get install ${name})${hint}.`,
  );
  return false;
}
