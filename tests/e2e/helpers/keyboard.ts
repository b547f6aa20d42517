import type { Locator, Page } from '@playwright/test';

/** Presses `key` (Tab by default) until `target` has the focus, as a keyboard user would. */
export async function pressUntilFocused(page: Page, target: Locator, key = 'Tab') {
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press(key);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${key} never reached the element`);
}
