import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Chromium gathers the map's paint into layers again on every frame a token moves, a pan or a zoom
 * settles, at a cost that grows faster than the number of tokens whose parts carry a transform or
 * clip their content (bench/table-render, 1,000 tokens: 42 ms of main thread a frame with them,
 * 13 ms without). What every token draws — its picture, bars, conditions and name at rest — does
 * neither, but for the clip a name needs to end in an ellipsis; the one token held, pointed at or
 * focused may. These read the rules, as no paint runs here.
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
const NAME_PAINT_PROPERTY = /(^|;)\s*(transform|filter|clip-path|mask)\s*:\s*(?!none)/;

describe('what every token of the map draws', () => {
  it('neither transforms nor clips its parts', async () => {
    const offending = [
      ...(await rules('src/ui/game/map-token.css')),
      ...(await rules('src/ui/conditions/conditions.css')),
    ].flatMap(({ selectors, body }) =>
      selectors
        .split(',')
        .map((selector) => selector.trim())
        .filter(
          (selector) =>
            EVERY_TOKEN_PART.test(selector) &&
            (selector.startsWith('.map-token__name') ? NAME_PAINT_PROPERTY : PAINT_PROPERTY).test(body),
        )
        .map((selector) => `${selector} { ${body.trim().replace(/\s+/g, ' ')} }`),
    );
    expect(offending).toEqual([]);
  });
});
