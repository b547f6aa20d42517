/**
 * Writes docs/statecharts/<machine>.md from the machine definitions, so designers read the same
 * statecharts the app runs. With --check it writes nothing and fails when a page is stale, missing
 * or left over: the test suite runs it that way.
 */
import { readdir, readFile, writeFile, mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { renderStatechartPage } from './statecharts/render';

const root = path.resolve(import.meta.dirname, '..');
const machinesDir = path.join(root, 'src/machines');
const docsDir = path.join(root, 'docs/statecharts');
const checkOnly = process.argv.includes('--check');

function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    'config' in value &&
    typeof (value as { transition?: unknown }).transition === 'function'
  );
}

async function expectedPages(): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const files = (await readdir(machinesDir)).filter((f) => f.endsWith('.machine.ts')).sort();
  for (const file of files) {
    const source = await readFile(path.join(machinesDir, file), 'utf8');
    const module = (await import(pathToFileURL(path.join(machinesDir, file)).href)) as Record<
      string,
      unknown
    >;
    const machines = Object.entries(module).filter((entry): entry is [string, AnyStateMachine] =>
      isMachine(entry[1]),
    );
    if (machines.length === 0) throw new Error(`${file} exports no machine`);
    const stem = file.replace(/\.machine\.ts$/, '');
    for (const [exportName, machine] of machines) {
      const page = machines.length === 1 ? stem : `${stem}.${exportName}`;
      pages.set(
        `${page}.md`,
        renderStatechartPage({ file: `src/machines/${file}`, exportName, machine, source }),
      );
    }
  }
  return pages;
}

async function main(): Promise<void> {
  const pages = await expectedPages();
  await mkdir(docsDir, { recursive: true });
  const existing = new Set((await readdir(docsDir)).filter((f) => f.endsWith('.md') && f !== 'README.md'));
  const problems: string[] = [];
  for (const [name, content] of pages) {
    const current = existing.has(name) ? await readFile(path.join(docsDir, name), 'utf8') : null;
    existing.delete(name);
    if (current === content) continue;
    if (checkOnly) problems.push(current === null ? `missing: ${name}` : `stale: ${name}`);
    else await writeFile(path.join(docsDir, name), content);
  }
  for (const leftover of existing) {
    if (checkOnly) problems.push(`no machine for: ${leftover}`);
    else await unlink(path.join(docsDir, leftover));
  }
  if (problems.length > 0) {
    console.error(
      `docs/statecharts is out of date (run npm run docs:statecharts):\n  ${problems.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log(`${checkOnly ? 'checked' : 'wrote'} ${pages.size} statechart page(s)`);
}

await main();
