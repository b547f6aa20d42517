import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The game page and the rendering bench's page (bench/render) draw the same map: whatever
 * stylesheet the game page loads, the bench must load too, or its tokens lie unpositioned in the
 * page's flow and the bench's drag finds nothing to follow. Both take them from one module; these
 * read the imports, as no layout runs here.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const source = (file: string) => readFile(`${root}${file}`, 'utf8');
const stylesheets = (code: string) =>
  [...code.matchAll(/^import '([^']+\.css)';$/gm)].map((match) => match[1]!);
const importsGameStyles = (code: string, from: string) =>
  new RegExp(`^import '${from.replace(/[./]/g, '\\$&')}';$`, 'm').test(code);

describe('the game’s stylesheets, one list for the game page and the bench', () => {
  it('the game page loads them through src/ui/game/game-styles alone', async () => {
    const page = await source('src/ui/game/GamePage.tsx');
    expect(stylesheets(page)).toEqual([]);
    expect(importsGameStyles(page, './game-styles')).toBe(true);
  });

  it('the bench’s page loads the same module', async () => {
    const bench = await source('bench/render/main.tsx');
    expect(stylesheets(bench).filter((sheet) => sheet.includes('/ui/game/'))).toEqual([]);
    expect(importsGameStyles(bench, '../../src/ui/game/game-styles')).toBe(true);
  });

  it('the module holds the sheets that lay the map and its tokens out', async () => {
    const styles = await source('src/ui/game/game-styles.ts');
    expect(stylesheets(styles)).toContain('./map-token.css');
    expect(stylesheets(styles)).toContain('./table-map.css');
  });
});
