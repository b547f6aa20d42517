import type { Page } from '@playwright/test';
import { contrast, over, parseColour } from './colour';

/** The look a focus indicator changes, as getComputedStyle gives it. */
interface Look {
  outline: string;
  boxShadow: string;
}

/** What the page says of its focused element: named, its look focused and unfocused, its ground. */
interface Focused {
  key: string;
  focused: Look & { width: number; colour: string };
  unfocused: Look | null;
  /** The background the outline is drawn over, and the colours above it up to the first opaque one. */
  ground: string[];
}

/**
 * Tabs through the page as a keyboard user would, from where the focus stands, once round (or
 * `presses` times), and returns every element whose focus does not show: « tag.class "name": why ».
 * An element shows its focus with an outline of 2 px or more, or a box-shadow, that it does not wear
 * unfocused, the outline at 3:1 or more against what it is drawn over (WCAG 2.4.7, and 2.4.13's
 * contrast). The unfocused looks are read before the first press, for every element then on the page,
 * so that nothing is blurred on the way (a menu closes when the focus leaves it).
 */
export async function focusNotShown(page: Page, presses = 120): Promise<string[]> {
  await page.evaluate(() => {
    const looks = new Map<Element, Look>();
    for (const element of document.querySelectorAll('body *')) {
      if (element === document.activeElement) continue;
      const style = getComputedStyle(element);
      looks.set(element, {
        outline: style.outlineStyle === 'none' ? 'none' : `${style.outlineWidth} ${style.outlineColor}`,
        boxShadow: style.boxShadow,
      });
    }
    (window as unknown as { unfocusedLooks: Map<Element, Look> }).unfocusedLooks = looks;
  });
  const lacking = new Map<string, string>();
  let first: string | null = null;
  for (let press = 0; press < presses; press++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(focusedNow);
    if (!focused) continue;
    if (focused.key === first) break;
    first ??= focused.key;
    const lack = lackOf(focused);
    if (lack) lacking.set(focused.key, lack);
  }
  return [...lacking].map(([element, why]) => `${element}: ${why}`);
}

function lackOf({ focused, unfocused, ground }: Focused): string | null {
  const outlined = focused.outline !== 'none' && focused.width >= 2 && unfocused?.outline !== focused.outline;
  const shadowed = focused.boxShadow !== 'none' && unfocused?.boxShadow !== focused.boxShadow;
  if (!outlined && !shadowed) {
    return `no focus indicator (outline ${focused.outline}, box-shadow ${focused.boxShadow})`;
  }
  if (!outlined) return null;
  const [opaque, ...layers] = [...ground].reverse().map(parseColour);
  const under = layers.reduce((below, layer) => over(layer, below), opaque!);
  const ratio = contrast(over(parseColour(focused.colour), under), under);
  return ratio >= 3 ? null : `outline ${focused.colour} at ${ratio.toFixed(2)}:1 on ${ground.join(' over ')}`;
}

/** In the page: the focused element as `Focused`, or null while the focus is on no element. */
function focusedNow(): Focused | null {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  // Each element once, however often the walk meets it and whatever the page adds meanwhile.
  const seen = ((
    window as unknown as { focusIds?: { ids: WeakMap<Element, number>; next: number } }
  ).focusIds ??= { ids: new WeakMap(), next: 0 });
  if (!seen.ids.has(element)) seen.ids.set(element, seen.next++);
  const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30);
  const key = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${name}" #${seen.ids.get(element)}`;

  const style = getComputedStyle(element);
  const width = parseFloat(style.outlineWidth);
  // An outline drawn outside lies on what is around the element; one drawn inside, on the element.
  const ground: string[] = [];
  let at: Element | null = parseFloat(style.outlineOffset) + width > 0 ? element.parentElement : element;
  for (; at; at = at.parentElement) {
    const colour = getComputedStyle(at).backgroundColor;
    if (colour === 'rgba(0, 0, 0, 0)') continue;
    ground.push(colour);
    if (!colour.startsWith('rgba')) break;
  }
  if (!at) ground.push(getComputedStyle(document.documentElement).backgroundColor, 'rgb(0, 0, 0)');
  return {
    key,
    focused: {
      outline: style.outlineStyle === 'none' ? 'none' : `${style.outlineWidth} ${style.outlineColor}`,
      boxShadow: style.boxShadow,
      width,
      colour: style.outlineColor,
    },
    unfocused:
      (window as unknown as { unfocusedLooks: Map<Element, Look> }).unfocusedLooks.get(element) ?? null,
    ground,
  };
}
