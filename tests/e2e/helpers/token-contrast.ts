import { expect, type Page } from '@playwright/test';
import { contrast, over, parseColour, type Rgba } from './colour';

/** A text drawn on a token: its colour, and the backgrounds beneath it, nearest first. */
interface TokenText {
  what: string;
  colour: string;
  /** Each layer's possible colours: one for a plain colour, a gradient's every stop. */
  layers: string[][];
}

/** What a background that does not cover lies on: the map's picture, any colour from white to black. */
const MAP_PICTURE = ['rgb(255, 255, 255)', 'rgb(0, 0, 0)'];

/**
 * The texts drawn on the map's tokens (names, initials, marks) as the map is shown now, each with its
 * contrast against its own background, « token class » and the ratio. Their background is their own
 * and their token's (a name's band, a picture's gradient): where it does not cover, the map's
 * picture shows through, counted as white and as black, the worse of the two. Texts not shown (a
 * name under the zoom it is drawn from) are left out.
 */
export async function tokenTextContrasts(page: Page): Promise<{ what: string; ratio: number }[]> {
  const texts = await page.locator('.map-token').evaluateAll((tokens): TokenText[] =>
    tokens.flatMap((token) =>
      [...token.querySelectorAll('*')].flatMap((element) => {
        const style = getComputedStyle(element);
        const initials = getComputedStyle(element, '::before').content;
        const own = [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent!.trim());
        if (!own && (initials === 'none' || initials === 'normal')) return [];
        for (let at: Element | null = element; at && at !== token.parentElement; at = at.parentElement) {
          const seen = getComputedStyle(at);
          if (seen.display === 'none' || seen.visibility === 'hidden' || Number(seen.opacity) === 0)
            return [];
        }
        const layers: string[][] = [];
        for (let at: Element | null = element; at && at !== token.parentElement; at = at.parentElement) {
          const seen = getComputedStyle(at);
          const stops = seen.backgroundImage.includes('gradient')
            ? (seen.backgroundImage.match(/rgba?\([^)]*\)/g) ?? [])
            : [];
          if (stops.length > 0) layers.push(stops);
          else if (seen.backgroundColor !== 'rgba(0, 0, 0, 0)') layers.push([seen.backgroundColor]);
        }
        const name = token.getAttribute('aria-label')?.split(',')[0];
        return [{ what: `${name} ${element.className}`, colour: style.color, layers }];
      }),
    ),
  );
  return texts.map(({ what, colour, layers }) => ({
    what,
    ratio: Math.min(
      ...grounds([...layers, MAP_PICTURE]).map((ground) =>
        contrast(over(parseColour(colour), ground), ground),
      ),
    ),
  }));
}

/** Every opaque colour the layers may show, nearest layer first: each stop of each, laid down in turn. */
function grounds(layers: string[][]): Rgba[] {
  const [nearest, ...beneath] = layers;
  if (!nearest) return [];
  return nearest.flatMap((colour) => {
    const top = parseColour(colour);
    return top.a >= 0.99 ? [top] : grounds(beneath).map((under) => over(top, under));
  });
}

/** Presses the map's zoom button until it can go no further, so the map stands at that end. */
export async function zoomToTheEnd(page: Page, button: 'Zoom avant' | 'Zoom arrière') {
  const zoom = page.getByRole('button', { name: button });
  while (await zoom.isEnabled()) await zoom.click();
  await expect(zoom).toBeDisabled();
}
