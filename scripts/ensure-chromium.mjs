// The browser tests and benches drive Debian's Chromium (never a downloaded one). On a fresh
// machine it is missing: install it when apt can (root, or sudo without a password), else say in
// one line what to do. Exits non-zero only when there is still no browser.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const browser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

export function ensureChromium() {
  if (existsSync(browser)) return true;
  const apt = process.env.CHROMIUM_PATH ? null : aptRunner();
  if (apt) {
    console.log('Chromium absent : installation du paquet Debian « chromium »…');
    if (apt(['install', '-y', 'chromium']) || (apt(['update']) && apt(['install', '-y', 'chromium']))) {
      if (existsSync(browser)) return true;
    }
  }
  console.error(
    `Chromium introuvable (${browser}) : installez le paquet Debian « chromium » (sudo apt-get install chromium) ou donnez son chemin dans CHROMIUM_PATH.`,
  );
  return false;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(ensureChromium() ? 0 : 1);
