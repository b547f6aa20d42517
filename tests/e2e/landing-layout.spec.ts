import { expect, test, type Page } from '@playwright/test';
import { insertGame } from '../helpers/game-fixtures';
import { BASE_PATH } from '../../src/api/paths';
import { openSignedIn, ownServer } from './helpers/own-server';

const server = ownServer();

const sizes = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 980, height: 800 },
  { width: 844, height: 390 },
  { width: 390, height: 844 },
];

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where « SHATTERED REALMS » is drawn in the logo picture (logo.svg: 320 × 300, text from y 234 to 284). */
function wordmarkOf(logo: Box): Box {
  return {
    x: logo.x + logo.width * 0.15,
    y: logo.y + logo.height * 0.76,
    width: logo.width * 0.7,
    height: logo.height * 0.2,
  };
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The emblem moves and shrinks as it rises: where it comes to rest, nothing covers its wordmark. */
async function expectWordmarkClearOf(page: Page, covering: ReturnType<Page['locator']>, size: string) {
  await expect
    .poll(
      async () => {
        const logo = (await page.locator('.central-logo__image').boundingBox())!;
        return overlap(wordmarkOf(logo), (await covering.boundingBox())!);
      },
      { message: `${size} : le mot-symbole est couvert` },
    )
    .toBe(false);
  const box = (await covering.boundingBox())!;
  expect(box.y + box.height, size).toBeLessThanOrEqual(page.viewportSize()!.height);
}

test('a click on the invitation while the app’s code arrives is not lost', async ({ page }) => {
  await page.goto(`${server.url}${BASE_PATH}/`);
  const invite = page.getByRole('button', { name: 'Commencer l’aventure' });
  const box = (await invite.boundingBox())!;
  // A first gesture elsewhere fetches the app; the landing scene then renders, and mounts some
  // 300 ms later: the visitor's click on the invitation comes in between, as soon as its code is here.
  const landingCode = page.waitForResponse(/\/js\/LandingPage-[^/]*\.js$/);
  await page.mouse.click(10, page.viewportSize()!.height - 10);
  await landingCode;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
});

test('a visitor is told how to enter, and the invitation does what the emblem does', async ({ page }) => {
  await page.goto(`${server.url}${BASE_PATH}/`);
  const invitation = page.getByRole('button', { name: 'Commencer l’aventure' });
  for (const size of sizes) {
    await page.setViewportSize(size);
    await expect(invitation).toBeInViewport({ ratio: 1 });
    await expectWordmarkClearOf(page, invitation, `${size.width}×${size.height}`);
  }
  await invitation.click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(invitation).toHaveCount(0);
  await page.getByRole('button', { name: 'Fermer' }).click();
  await expect(invitation).toBeVisible();
});

test('the mode panel and the lobby never cover the « SHATTERED REALMS » wordmark', async ({ page }) => {
  const mj = await server.register();
  await insertGame(server.database.db, mj.userId, 'La Crypte');
  await openSignedIn(page, server, mj, '/');
  const panel = page.locator('.mode-panel');
  for (const size of sizes) {
    await page.setViewportSize(size);
    await expect(page.getByRole('button', { name: 'Maître du jeu' })).toBeVisible();
    await expectWordmarkClearOf(page, panel, `${size.width}×${size.height} (choix)`);
  }
  await page.getByRole('button', { name: 'Maître du jeu' }).click();
  await expect(page.getByRole('listitem', { name: 'La Crypte' })).toBeVisible();
  for (const size of sizes) {
    await page.setViewportSize(size);
    await expectWordmarkClearOf(page, panel, `${size.width}×${size.height} (lobby)`);
  }
});

test('the MJ lobby gives its games most of the screen, at 1440 × 900 and held upright', async ({ page }) => {
  const mj = await server.register();
  for (const name of ['La Crypte', 'Les Ombres', 'Le Val', 'La Tour', 'Essai']) {
    await insertGame(server.database.db, mj.userId, name);
  }
  await openSignedIn(page, server, mj, '/');
  await page.getByRole('button', { name: 'Maître du jeu' }).click();
  await expect(page.getByRole('listitem', { name: 'La Crypte' })).toBeVisible();
  const panel = page.locator('.mode-panel');
  for (const size of [sizes[0]!, sizes[4]!]) {
    await page.setViewportSize(size);
    await expect
      .poll(async () => (await panel.boundingBox())!.height, { message: `${size.width}×${size.height}` })
      .toBeGreaterThan(0.6 * size.height);
    // Five games overflow it: the panel scrolls, and its lower edge is shaded to say so.
    expect(await panel.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    expect(await panel.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain(
      'radial-gradient',
    );
  }
});

test('the page’s first paint shows the emblem where the scene then draws it, and the shell goes at the first gesture', async ({
  page,
}) => {
  for (const size of [sizes[0]!, sizes[4]!]) {
    await page.setViewportSize(size);
    // Held code: what the visitor sees before any script has run.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/js/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}${BASE_PATH}/`, { waitUntil: 'commit' });
    const shellEmblem = page.locator('#app-shell .central-logo__image');
    await expect(shellEmblem).toBeVisible();
    // Read at the first paint, which the stylesheet holds back: a layout read before it arrives
    // sees the emblem unstyled (374 × 351 at the corner once, on a slow machine).
    await page.waitForFunction(() => performance.getEntriesByName('first-paint').length > 0);
    const before = (await shellEmblem.boundingBox())!;
    release();
    // A first visit: the boot module fills the shell in, and the app takes over at the first gesture.
    await expect(page.getByRole('button', { name: 'Commencer l’aventure' })).toBeVisible();
    expect((await shellEmblem.boundingBox())!, `${size.width}×${size.height} (invitation)`).toEqual(before);
    await page.keyboard.press('Shift');
    await expect(page.locator('#app-shell')).toHaveCount(0);
    const after = (await page.locator('.landing-scene .central-logo__image').boundingBox())!;
    expect(after, `${size.width}×${size.height}`).toEqual(before);
    await page.unrouteAll();
  }
});

test.describe('a signed-in first load', () => {
  // The emblem's rise into the lobby is an animation, which visitors asking for less motion skip.
  test.use({ reducedMotion: 'no-preference', viewport: { width: 412, height: 823 } });

  test('its largest paint is the first one, the shell’s emblem, even when the session is checked before the landing’s code arrives', async ({
    context,
  }) => {
    const signingIn = await context.newPage();
    await openSignedIn(signingIn, server, await server.register(), '/');
    await signingIn.close();
    const page = await context.newPage();
    // Which element each largest paint was, told when it is reported: the shell is gone later.
    await page.addInitScript(() => {
      const largest: string[] = [];
      Object.assign(window, { largestPaints: largest });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as LargestContentfulPaint[]) {
          const where = entry.element?.closest('#app-shell') ? 'shell' : 'scene';
          largest.push(`${where} ${entry.element?.className} (${entry.size})`);
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    // The lobby then comes with the scene's first render: the emblem rises from its very first frame.
    let opened = () => {};
    const sessionOpen = new Promise<void>((resolve) => (opened = resolve));
    page.on('websocket', () => opened());
    await page.route('**/js/LandingPage-*.js', async (route) => {
      await sessionOpen;
      await route.continue();
    });
    await page.goto(`${server.url}${BASE_PATH}/`);
    await expect(page.getByRole('button', { name: 'Maître du jeu' })).toBeVisible();
    await expect
      .poll(() =>
        page.locator('.landing-scene .central-logo').evaluate((logo) => logo.getAnimations().length),
      )
      .toBe(0);
    const largest = await page.evaluate(
      () => (window as unknown as { largestPaints: string[] }).largestPaints,
    );
    expect(largest).toEqual([expect.stringMatching(/^shell central-logo__image /)]);
  });
});
