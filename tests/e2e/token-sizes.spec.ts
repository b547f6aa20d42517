import { expect, test } from '@playwright/test';
import { ownServer } from './helpers/own-server';
import { tableOf, tableWithHero, uncovered, type Table } from './helpers/table';

const server = ownServer();

/** Right-clicks the middle of the map's cell (column, row) and opens « Ajouter un pion » there. */
async function addMenuAt(table: Table, column: number, row: number) {
  const cell = await table.cellOnScreen();
  await table.map.click({ button: 'right', position: { x: (column + 0.5) * cell, y: (row + 0.5) * cell } });
  return table.page.getByRole('menu', { name: 'Ajouter un pion' });
}

test('a huge monster covers 3×3 cells on both screens, eight goblins packed together keep their names in sight, and « Placer masqué » hides one from the start', async ({
  browser,
}) => {
  test.slow();
  const { master, hero } = await tableWithHero(server, browser, {
    game: 'La Horde',
    map: 'Plaine',
    monsters: [
      { name: 'Ogre', HP: 60, size: 'Très grande' },
      { name: 'Gobelin', HP: 7 },
    ],
  });
  const table = tableOf(master);

  // Placed from the middle of cell (2, 2), the ogre is centred there: on cells 1–3 of rows 1–3.
  await (await addMenuAt(table, 2, 2)).getByRole('menuitem', { name: 'Ogre' }).click();
  for (const page of [master, hero]) {
    const ogre = tableOf(page).token('Ogre 1');
    await expect(ogre).toBeVisible();
    const cell = await tableOf(page).cellOnScreen();
    const box = (await ogre.boundingBox())!;
    expect(box.width).toBeCloseTo(3 * cell, 0);
    expect(box.height).toBeCloseTo(3 * cell, 0);
    const board = (await tableOf(page).map.boundingBox())!;
    // Within the pixel or two the click's rounding costs.
    expect(Math.abs(box.x - board.x - cell)).toBeLessThan(2);
    expect(Math.abs(box.y - board.y - cell)).toBeLessThan(2);
  }

  // Eight goblins side by side, two rows of four right of the ogre: every name drawn over the
  // tokens around it.
  for (const [index, [column, row]] of [
    [5, 1],
    [6, 1],
    [7, 1],
    [8, 1],
    [5, 2],
    [6, 2],
    [7, 2],
    [8, 2],
  ].entries()) {
    await (await addMenuAt(table, column!, row!)).getByRole('menuitem', { name: 'Gobelin' }).click();
    await expect(table.token(`Gobelin ${index + 1}`)).toBeVisible();
  }
  for (const page of [master, hero]) {
    const names = tableOf(page).map.locator('.map-token__name');
    await expect(names).toHaveCount(9);
    // A name lets a click through to the token beneath it; to ask the browser what is drawn on
    // top, the names take the pointer for this check.
    await page.addStyleTag({ content: '.map-token__name { pointer-events: auto !important; }' });
    await expect.poll(() => uncovered(names)).not.toContain(false);
  }
  // Nor do the names of tokens side by side cover each other.
  const overlapping = await table.map.locator('.map-token__name').evaluateAll((elements) => {
    const boxes = elements.map((element) => element.getBoundingClientRect());
    return boxes.flatMap((a, i) =>
      boxes
        .slice(i + 1)
        .filter(
          (b) =>
            a.left < b.right - 0.5 &&
            b.left < a.right - 0.5 &&
            a.top < b.bottom - 0.5 &&
            b.top < a.bottom - 0.5,
        )
        .map(() => elements[i]!.textContent),
    );
  });
  expect(overlapping).toEqual([]);

  // « Placer masqué » beside the goblin: the MJ sees it hidden and lettered, the player never.
  const menu = await addMenuAt(table, 10, 5);
  const hidden = menu
    .locator('.menu__pair', { hasText: 'Gobelin' })
    .getByRole('menuitem', { name: 'Placer masqué' });
  await expect(hidden).toHaveAccessibleDescription('Gobelin');
  await hidden.click();
  await expect(table.token('Gobelin A')).toHaveClass(/map-token--hidden/);
  await expect(tableOf(hero).map.locator('.map-token')).toHaveCount(9);
  await expect(tableOf(hero).token('Gobelin A')).toHaveCount(0);
});

test('the MJ makes a character « Grande » from its menu: a 2×2 token on both screens', async ({
  browser,
}) => {
  const { master, hero } = await tableWithHero(server, browser, { game: 'La Géante', map: 'Plaine' });
  const table = tableOf(master);
  await (await addMenuAt(table, 3, 2)).getByRole('menuitem', { name: 'Aelis' }).click();
  await expect(tableOf(hero).token('Aelis')).toBeVisible();

  // The player's own menu has no « Taille »: sizes are the MJ's.
  await tableOf(hero).token('Aelis').click();
  await expect(hero.getByRole('dialog', { name: 'Aelis' })).toBeVisible();
  await expect(hero.getByRole('dialog', { name: 'Aelis' }).getByLabel('Taille')).toHaveCount(0);

  await table.token('Aelis').click();
  const menu = master.getByRole('dialog', { name: 'Aelis' });
  await expect(menu.getByLabel('Taille')).toHaveValue('Moyenne');
  await menu.getByLabel('Taille').selectOption('Grande');
  await expect(menu.getByLabel('Taille')).toHaveValue('Grande');
  for (const page of [master, hero]) {
    const cell = await tableOf(page).cellOnScreen();
    await expect
      .poll(async () => {
        const box = (await tableOf(page).token('Aelis').boundingBox())!;
        return [Math.round(box.width / cell), Math.round(box.height / cell)];
      })
      .toEqual([2, 2]);
  }
});
