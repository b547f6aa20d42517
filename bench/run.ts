/**
 * `npm run bench [name…]`: runs every bench/<name>.bench.ts (or the named ones) one after the
 * other and prints their figures as JSON lines on stdout. With more than one, each runs in a
 * process of its own: a bench in the runner's process would inherit what the ones before it
 * left there — after the cluster's soak, a 1 GB heap whose collections, in the process that also
 * drives Lighthouse and serves its pages, take the lobby's blocking time from 170 to 370 ms.
 * `--record` writes each bench's figures into docs/benchmarks.md (bench/lib/record.ts).
 */
import { spawnSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { figuresSection, withRecorded } from './lib/record';
import { printed } from './lib/report';

const root = path.resolve(import.meta.dirname, '..');
const record = process.argv.includes('--record');
const wanted = process.argv.slice(2).filter((arg) => arg !== '--record');
const benchmarksDoc = path.join(root, 'docs', 'benchmarks.md');
const files = (await readdir(import.meta.dirname))
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.includes(file.replace(/\.bench\.ts$/, '')))
  .sort();

if (files.length === 1) {
  const [file] = files as [string];
  const module = (await import(pathToFileURL(path.join(import.meta.dirname, file)).href)) as {
    run: (root: string) => Promise<void>;
  };
  console.error(`== ${file}`);
  await module.run(root);
  if (record) {
    const name = file.replace(/\.bench\.ts$/, '');
    const section = figuresSection(name, printed, new Date().toISOString().slice(0, 10));
    await writeFile(benchmarksDoc, withRecorded(await readFile(benchmarksDoc, 'utf8'), name, section));
    console.error(`== ${name}: figures recorded in docs/benchmarks.md`);
  }
} else {
  for (const file of files) {
    const name = file.replace(/\.bench\.ts$/, '');
    const { status, signal } = spawnSync(
      process.execPath,
      [...process.execArgv, import.meta.filename, name, ...(record ? ['--record'] : [])],
      {
        stdio: 'inherit',
      },
    );
    if (status !== 0) {
      console.error(`== ${file} failed (${status ?? signal})`);
      process.exitCode = 1;
    }
  }
}
