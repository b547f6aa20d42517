import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Chromium gathers the map's paint into layers again on every frame a token moves, a pan or a zoom
 * settles, at a cost that grows faster than the number of tokens whose parts carry a transform or
 * clip their content (bench/table-render, 1,000 tokens: 42 ms of main thread a frame with them,
 * 13 ms without). What every token draws — its picture, bars, conditions and name at rest — does
 * neither: a name is cut to its room in code (name-cut.ts), not clipped; the one token held,
 * pointed at or focused may be transformed. These read the rules, as no paint runs here.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const rules = async (file: string) =>
  [
    ...(await readFile(`${root}${file}`, 'utf8'))
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .matchAll(/([^{}]+)\{([^{}]*)\}/g),
  ].map((match) => ({ selectors: match[1]!.trim(), body: match[2]! }));
const EVERY_TOKEN_PART =
  /^\.map-token__(portrait|bars|bar|name)\b[^:]*$|^\.token-conditions(__icon)?\b[^:]*$|^\.map-token__bar > span$/;
const PAINT_PROPERTY = /(^|;)\s*(transform|overflow|filter|clip-path|mask)\s*:\s*(?!none|visible)/;
const POSITIONED = /(^|;)\s*position\s*:\s*(absolute|relative|fixed|sticky)/;
const tokenRules = async () => [
  ...(await rules('src/ui/game/map-token.css')),
  ...(await rules('src/ui/conditions/conditions.css')),
];
const offendingParts = (
  found: { selectors: string; body: string }[],
  breaks: (selector: string, body: string) => boolean,
) =>
  found.flatMap(({ selectors, body }) =>
    selectors
      .split(',')
      .map((selector) => selector.trim())
      .filter((selector) => EVERY_TOKEN_PART.test(selector) && breaks(selector, body))
      .map((selector) => `${selector} { ${body.trim().replace(/\s+/g, ' ')} }`),
  );

describe('what every token of the map draws', () => {
  it('neither transforms nor clips its parts', async () => {
    const offending = offendingParts(await tokenRules(), (_, body) => PAINT_PROPERTY.test(body));
    expect(offending).toEqual([]);
  });

  // Each positioned box is a layer of paint of its own that the gathering walks: 1,000 tokens,
  // board moved every frame: 22.6 ms of it a frame with the parts positioned, 18.5 ms without.
  it('lays its parts out in the token’s grid, the name alone positioned above the others', async () => {
    const offending = offendingParts(
      await tokenRules(),
      (selector, body) => !selector.startsWith('.map-token__name') && POSITIONED.test(body),
    );
    expect(offending).toEqual([]);
  });
});
