import type { Locator, Page } from '@playwright/test';

/** Presses `key` (Tab by default) until `target` has the focus, as a keyboard user would. */
export async function pressUntilFocused(page: Page, target: Locator, key = 'Tab') {
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press(key);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${key} never reached the element`);
}

/**
 * What of the table a focus given by the keyboard may have moved out of place: any box scrolled
 * down but the chat's lines (which scroll by design), and the toolbar when the map's top is above
 * its bottom.
 */
export async function tableOutOfPlace(page: Page): Promise<string[]> {
  const scrolled = await page.evaluate(() =>
    [document.scrollingElement ?? document.documentElement, ...document.querySelectorAll('body *')]
      .filter((element) => element.scrollTop !== 0 && !element.closest('.live-table__chat'))
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} scrolled ${element.scrollTop}px`,
      ),
  );
  const toolbar = await page.locator('.live-table__toolbar').boundingBox();
  const map = await page.locator('.table-map').boundingBox();
  const covered = toolbar && map && map.y < toolbar.y + toolbar.height ? ['the map covers the toolbar'] : [];
  return [...scrolled, ...covered];
}
