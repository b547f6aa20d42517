// The browser tests and benches drive Debian's Chromium (never a downloaded one). The end-to-end
// suite runs in Debian's headless shell of the same Chromium when it can have it: no browser
// around the page, and the same tests in 249 s against 411 s (the suite is CPU-bound on 2 cores).
// Exits non-zero only when there is still no browser.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ensureDebianPackage } from './ensure-debian-package.mjs';

/** The full browser: the benches (Lighthouse measures what a visitor's Chromium does). */
export const chromiumBinary = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A build named by the user is used for everything, and nothing is installed beside it. */
const named = Boolean(process.env.CHROMIUM_PATH);
const headlessShellBinary = '/usr/bin/chromium-headless-shell';

/** The end-to-end suite's browser: the one named in CHROMIUM_PATH, else the shell when present. */
export function testBrowserBinary() {
  if (named || !existsSync(headlessShellBinary)) return chromiumBinary;
  return headlessShellBinary;
}

export function ensureChromium() {
  const chromium = ensureDebianPackage({
    binary: chromiumBinary,
    name: 'chromium',
    what: 'Chromium',
    mayInstall: !named,
    hint: ' ou donnez son chemin dans CHROMIUM_PATH',
  });
  // Optional: without it the suite runs in the full browser.
  if (chromium && !named)
    ensureDebianPackage({
      binary: headlessShellBinary,
      name: 'chromium-headless-shell',
      what: 'Chromium sans interface (tests de bout en bout)',
      optional: true,
    });
  return chromium;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(ensureChromium() ? 0 : 1);
