/**
 * The landing page's initial JavaScript as a visitor's browser loads it: every script fetched
 * until the network is idle, gzipped. The baseline is the 150 KB budget of the Foundation issue.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ensureClientBuild } from '../scripts/client-build.mjs';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { tableJournalIn } from '../server/modules/table/writers/sole-writer/journal';
import { chromiumLaunchOptions } from '../tests/e2e/helpers/browser';
import { figure, print } from './lib/report';

const BUDGET_KB = 150;

export async function run(root: string): Promise<void> {
  ensureClientBuild();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sr-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    CLIENT_DIR: path.join(root, 'dist/client'),
  });
  const database = await openDatabase(config, { inMemory: true });
  const app = await buildApp({ config, db: database.db, tableJournal: tableJournalIn(dataDir) });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const page = await browser.newPage();
    const scripts = new Map<string, Buffer>();
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script' && response.ok()) {
        scripts.set(response.url(), await response.body());
      }
    });
    await page.goto(`${origin}/shatteredrealms/`, { waitUntil: 'networkidle' });
    const raw = [...scripts.values()].reduce((sum, body) => sum + body.length, 0);
    const gzipped = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    print(
      figure(
        'landing-bundle',
        'initial-js-gzip',
        gzipped / 1024,
        'KB',
        BUDGET_KB,
        `${scripts.size} script(s), ${Math.round(raw / 1024)} KB before gzip; baseline = budget`,
      ),
    );
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
