// Bundles a server entry (esbuild, every package left to node_modules) into dist/server, so the
// server runs on plain `node` as a deployed service does: no TypeScript loader thread, no
// transform at start, no `__name` wrapper around every named closure (tsx's transform adds one).
// Built at every start (a tenth of a second), never stale. Each file lands by rename, whole: two
// processes building at once (the cluster's, the tests') never start on a half-written bundle.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/**
 * How every server process runs its bundle: `npm start`, the cluster, the tests' and benches'
 * server processes, the end-to-end suite. A table keeps each drop's objects a second or so (the
 * journal's lines until the log's statement, the answers until the commit), so V8's default young
 * generation (semi-spaces of 16 MiB at most) copied them at every scavenge, about ten a second
 * under 1,000 drops/s. With 64 MiB the server scavenged 45 times instead of 303 over the same load,
 * its loop paused 254 ms instead of 845, for about 90 MB more resident memory (docs/live-table.md
 * "The fan-out"); the bench's bare relay, which keeps nothing, runs with the same flags.
 */
export const serverNodeFlags = ['--enable-source-maps', '--max-semi-space-size=64'];

const outDir = path.join(root, 'dist/server');

/**
 * What the bundle reads beside itself at run time (`new URL('./…', import.meta.url)` in
 * server/db/client.ts and server/db/pglite-thread.ts).
 */
const besideTheBundle = ['server/db/migrations', 'server/db/pglite-thread-worker.mjs'];

function writeWhole(file, contents) {
  if (existsSync(file) && readFileSync(file).equals(Buffer.from(contents))) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, file);
}

function copyWhole(source, target) {
  if (!statSync(source).isDirectory()) return writeWhole(target, readFileSync(source));
  for (const entry of readdirSync(source)) copyWhole(path.join(source, entry), path.join(target, entry));
}

/** Bundles `entry` (a path from the project's root) and returns the bundle's absolute path. */
export async function buildServer(entry = 'server/main.ts') {
  const outfile = path.join(outDir, `${path.basename(entry, path.extname(entry))}.mjs`);
  const { outputFiles } = await build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
  });
  for (const file of outputFiles) writeWhole(file.path, file.contents);
  for (const source of besideTheBundle)
    copyWhole(path.join(root, source), path.join(outDir, path.basename(source)));
  return outfile;
}

if (process.argv[1] === import.meta.filename) await buildServer(process.argv[2]);
