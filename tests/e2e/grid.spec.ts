import { expect, test } from '@playwright/test';
import { ownServer } from './helpers/own-server';
import { tableOf, tableWithHero } from './helpers/table';

const server = ownServer();

test('the MJ aligns the map’s grid with a live preview, the player sees it, and a dropped token snaps to it', async ({
  browser,
}) => {
  test.slow();
  const { master, hero } = await tableWithHero(server, browser, { game: 'La Grille', map: 'Plaine' });
  const mjTable = tableOf(master);
  const heroTable = tableOf(hero);

  // Every map starts with 75 px cells from its corner; only the MJ has the tool.
  expect(await heroTable.gridDrawn()).toEqual({ cell: 75, x: 0, y: 0 });
  await expect(heroTable.zoom.getByRole('button', { name: 'Grille' })).toHaveCount(0);

  // Typing a size redraws the MJ's grid at once, and nobody else's.
  await (await mjTable.tool('Grille')).click();
  const panel = mjTable.gridPanel;
  await panel.getByLabel('Taille d’une case (px)').fill('100');
  await expect.poll(() => mjTable.gridDrawn()).toEqual({ cell: 100, x: 0, y: 0 });
  expect((await heroTable.gridDrawn()).cell).toBe(75);

  // Dragging the golden cell moves the grid under it: 20 map pixels right and 10 down.
  const scale = (await mjTable.cellOnScreen()) / 75;
  const cell = (await master.getByTestId('grid-align').boundingBox())!;
  const grip = { x: cell.x + cell.width / 2, y: cell.y + cell.height / 2 };
  await master.mouse.move(grip.x, grip.y);
  await master.mouse.down();
  await master.mouse.move(grip.x + 10 * scale, grip.y + 5 * scale, { steps: 4 });
  await master.mouse.move(grip.x + 20 * scale, grip.y + 10 * scale, { steps: 4 });
  await master.mouse.up();
  const aligned = await mjTable.gridDrawn();
  expect(aligned.cell).toBe(100);
  expect(aligned.x).toBeCloseTo(20, 0);
  expect(aligned.y).toBeCloseTo(10, 0);
  await expect(panel.getByLabel('Décalage horizontal (px)')).toHaveValue(String(aligned.x));

  // Saved, it is the map's grid for everyone.
  await panel.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(panel).toHaveCount(0);
  await expect.poll(() => heroTable.gridDrawn()).toEqual(aligned);

  // The player's token, placed then dropped anywhere, stands on a cell of that grid.
  await heroTable.placeFromMenu({ x: 230, y: 170 }, 'Aelis');
  await expect(mjTable.token('Aelis')).toBeVisible();
  await heroTable.dragTokenBy('Aelis', 137, 61);
  const onGrid = async (page: typeof heroTable) => {
    const { left, top } = await page.positionOf('Aelis');
    const x = (parseFloat(left) / 100) * 1500;
    const y = (parseFloat(top) / 100) * 1000;
    return [(x - aligned.x) / aligned.cell, (y - aligned.y) / aligned.cell].map(
      (steps) => Math.abs(steps - Math.round(steps)) < 1e-3,
    );
  };
  await expect.poll(() => onGrid(mjTable)).toEqual([true, true]);
  expect(await onGrid(heroTable)).toEqual([true, true]);

  // The arrow keys carry it a cell, Enter puts it down; with Alt held at the drop, it lands off the grid.
  const before = await mjTable.positionOf('Aelis');
  await heroTable.token('Aelis').focus();
  await hero.keyboard.press('ArrowRight');
  await hero.keyboard.press('Enter');
  await expect
    .poll(async () => parseFloat((await mjTable.positionOf('Aelis')).left))
    .toBeCloseTo(parseFloat(before.left) + (aligned.cell / 1500) * 100, 3);
  await heroTable.dragTokenBy('Aelis', 37, 0, { holding: 'Alt' });
  await expect.poll(() => onGrid(mjTable)).toEqual([false, true]);

  for (const page of [master, hero]) await page.context().close();
});
