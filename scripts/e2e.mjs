// End-to-end tests run against the real app: the built client served by the real server, bundled
// and run as `npm start` runs it, on a throw-away embedded database. The port and data folder are
// chosen here, once, because playwright.config.ts is evaluated again in every worker process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureClientBuild } from './client-build.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { buildServer } from './server-build.mjs';

const root = path.resolve(import.meta.dirname, '..');

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

if (!ensureChromium()) process.exit(1);
ensureClientBuild();
const server = await buildServer();
const dataDir = mkdtempSync(path.join(tmpdir(), 'sr-e2e-'));
// The app under test runs on its default embedded database; the shared PostgreSQL and Redis are
// exercised by the server suite, which makes its own throw-away databases.
const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
const env = {
  ...inherited,
  E2E_PORT: String(await freePort()),
  E2E_DATA_DIR: dataDir,
  E2E_SERVER: path.relative(root, server),
};
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env,
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
