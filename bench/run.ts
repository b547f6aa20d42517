/**
 * `npm run bench [name…]`: runs every bench/<name>.bench.ts (or the named ones) one after the
 * other and prints their figures as JSON lines on stdout.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const wanted = process.argv.slice(2);
const files = (await readdir(import.meta.dirname))
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.includes(file.replace(/\.bench\.ts$/, '')))
  .sort();

for (const file of files) {
  const module = (await import(pathToFileURL(path.join(import.meta.dirname, file)).href)) as {
    run: (root: string) => Promise<void>;
  };
  console.error(`== ${file}`);
  await module.run(root);
}
