// The browser tests and benches drive Debian's Chromium (never a downloaded one). Exits non-zero
// only when there is still no browser.
import { pathToFileURL } from 'node:url';
import { ensureDebianPackage } from './ensure-debian-package.mjs';

export function ensureChromium() {
  return ensureDebianPackage({
    binary: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    name: 'chromium',
    what: 'Chromium',
    mayInstall: !process.env.CHROMIUM_PATH,
    hint: ' ou donnez son chemin dans CHROMIUM_PATH',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(ensureChromium() ? 0 : 1);
