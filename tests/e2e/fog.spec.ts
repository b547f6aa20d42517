import { expect, test, type Browser, type Page } from '@playwright/test';
import { ownServer } from './helpers/own-server';
import { tableOf, tableWithHero } from './helpers/table';

const server = ownServer();

/** The MJ and the hero at one table, a goblin placed where both see it; the MJ's fog panel found. */
async function tableWithGoblin(browser: Browser, game: string) {
  const { master, hero } = await tableWithHero(server, browser, {
    game,
    map: 'Plaine',
    monsters: [{ name: 'Gobelin', HP: 7 }],
  });
  const mjTable = tableOf(master);
  const heroTable = tableOf(hero);
  await mjTable.placeFromMenu({ x: 400, y: 200 }, 'Gobelin');
  await expect(heroTable.token('Gobelin 1')).toBeVisible();
  const panel = master.getByRole('form', { name: 'Brouillard de guerre' });
  return { master, hero, mjTable, heroTable, panel };
}

test('the MJ covers the map and reveals a rectangle: the player sees the goblin only once revealed, after a reload too', async ({
  browser,
}) => {
  test.slow();
  const { master, hero, mjTable, heroTable, panel } = await tableWithGoblin(browser, 'Le Brouillard');

  // « Tout cacher »: the goblin leaves the player's map, the MJ still sees it through the veil.
  await expect(heroTable.zoom.getByRole('button', { name: 'Brouillard' })).toHaveCount(0);
  await (await mjTable.tool('Brouillard')).click();
  await panel.getByRole('button', { name: 'Tout cacher' }).click();
  await expect(heroTable.token('Gobelin 1')).toHaveCount(0);
  await expect(hero.getByTestId('map-fog')).toBeVisible();
  await expect(mjTable.token('Gobelin 1')).toBeVisible();

  // A rectangle drawn around it, in « Révéler »: the player sees it again.
  await panel.getByRole('radio', { name: 'Révéler' }).check();
  await panel.getByRole('radio', { name: 'Rectangle' }).check();
  const goblin = (await mjTable.token('Gobelin 1').boundingBox())!;
  // From below right, clear of the panel on the left.
  await master.mouse.move(goblin.x + goblin.width + 60, goblin.y + goblin.height + 60);
  await master.mouse.down();
  await master.mouse.move(goblin.x + goblin.width / 2, goblin.y + goblin.height / 2, { steps: 3 });
  await master.mouse.move(goblin.x - 10, goblin.y - 10, { steps: 3 });
  await master.mouse.up();
  await expect(heroTable.token('Gobelin 1')).toBeVisible();

  // A reload folds the same fog from the log.
  await hero.reload();
  await expect(heroTable.token('Gobelin 1')).toBeVisible();
  await expect(hero.getByTestId('map-fog')).toBeVisible();
});

/** Where the keyboard's crosshair stands on the screen. */
async function cursorOf(page: Page) {
  const box = (await page.getByTestId('fog-cursor').boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Presses the arrow until the crosshair has passed the line, one cell at a time. */
async function arrowUntil(page: Page, key: string, past: (at: { x: number; y: number }) => boolean) {
  for (let step = 0; step < 60 && !past(await cursorOf(page)); step++) await page.keyboard.press(key);
  expect(past(await cursorOf(page))).toBe(true);
}

test('the MJ reveals a rectangle with the keyboard alone, each step said, and the player sees the goblin', async ({
  browser,
}) => {
  test.slow();
  const { master, mjTable, heroTable, panel } = await tableWithGoblin(browser, 'Le Brouillard au clavier');

  await mjTable.zoom.getByRole('button', { name: 'Brouillard' }).focus();
  await master.keyboard.press('Enter');
  await panel.getByRole('button', { name: 'Tout cacher' }).focus();
  await master.keyboard.press('Enter');
  await expect(heroTable.token('Gobelin 1')).toHaveCount(0);

  const goblin = (await mjTable.token('Gobelin 1').boundingBox())!;
  const surface = master.getByRole('application', { name: 'Zone de dessin du brouillard' });
  await surface.focus();
  await expect(master.getByTestId('fog-cursor')).toBeVisible();

  await arrowUntil(master, 'ArrowLeft', (at) => at.x < goblin.x - 4);
  await arrowUntil(master, 'ArrowUp', (at) => at.y < goblin.y - 4);
  await master.keyboard.press('Enter');
  await expect(master.getByRole('status').filter({ hasText: 'Premier coin posé' })).toHaveCount(1);
  await arrowUntil(master, 'ArrowRight', (at) => at.x > goblin.x + goblin.width + 4);
  await arrowUntil(master, 'ArrowDown', (at) => at.y > goblin.y + goblin.height + 4);
  await master.keyboard.press('Space');
  await expect(master.getByRole('status').filter({ hasText: 'Rectangle révélé.' })).toHaveCount(1);
  await expect(heroTable.token('Gobelin 1')).toBeVisible();
});
