import { expect, test, type Page } from '@playwright/test';
import { expectModeChoice, newAccount, openLanding, register } from './helpers/ui';

/** React's element marker: in every script that carries React, in none of the boot module's. */
const REACT_MARKER = 'react.transitional.element';

/** Whether any script the page has fetched so far carries React. */
function watchForReact(page: Page): () => Promise<boolean> {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) bodies.push(response.text());
  });
  return async () => (await Promise.all(bodies)).some((text) => text.includes(REACT_MARKER));
}

test('a first visit shows the landing without the app’s code, which one click brings with the entrance', async ({
  page,
}) => {
  const reactLoaded = watchForReact(page);
  await openLanding(page);
  await expect(page.getByRole('button', { name: 'Commencer l’aventure' })).toBeVisible();
  await expect(page.getByText('ou touchez l’emblème pour vous connecter')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await reactLoaded()).toBe(false);

  await page.getByRole('button', { name: 'Commencer l’aventure' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect.poll(reactLoaded).toBe(true);
});

test('the music controls answer before the app, which keeps what they were set to', async ({ page }) => {
  await openLanding(page);
  const slider = page.getByRole('slider', { name: 'Volume de la musique' });
  const mute = page.getByRole('button', { name: 'Couper la musique' });
  // Setting the value is no gesture (a drag would be one): the app comes with the click after it.
  await slider.fill('0.2');
  await expect(slider).toHaveAttribute('aria-valuetext', '20 %');
  await mute.click();
  // The app has taken over once the shell is gone: its controls show the same settings.
  await expect(page.locator('#app-shell')).toHaveCount(0);
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  await expect(slider).toHaveAttribute('aria-valuetext', '20 %');
  expect(
    await page.locator('audio').evaluate((audio: HTMLAudioElement) => [audio.volume, audio.muted]),
  ).toEqual([0.2, true]);
  await expect(page.getByRole('button', { name: 'Commencer l’aventure' })).toBeVisible();
});

test('the key press that brings the app leaves the focus where it was once the app takes over', async ({
  page,
}) => {
  await openLanding(page);
  const mute = page.getByRole('button', { name: 'Couper la musique' });
  await mute.focus();
  await page.keyboard.press('Enter');
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#app-shell')).toHaveCount(0);
  await expect(mute).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(mute).toHaveAttribute('aria-pressed', 'false');
});

test('a visitor with a stored session gets the app at once, without a gesture', async ({ page }) => {
  await openLanding(page);
  await register(page, newAccount());
  const reactLoaded = watchForReact(page);
  await page.reload();
  await expectModeChoice(page);
  await expect.poll(reactLoaded).toBe(true);
});
