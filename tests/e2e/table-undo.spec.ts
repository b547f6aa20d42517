import { expect, test, type Locator, type Page } from '@playwright/test';
import { ownServer } from './helpers/own-server';
import { tableOf, tableWithHero } from './helpers/table';
import { pressUntilFocused } from './helpers/keyboard';

const server = ownServer();

const undoButton = (page: Page) => tableOf(page).zoom.getByRole('button', { name: 'Annuler', exact: true });
const redoButton = (page: Page) => tableOf(page).zoom.getByRole('button', { name: 'Rétablir', exact: true });

test('an undo on both screens: the MJ takes a move back and redoes it, the player undoes their own, an attack stays', async ({
  browser,
}) => {
  test.slow();
  const { master, hero } = await tableWithHero(server, browser, {
    game: 'Le Retour',
    map: 'Plaine',
    monsters: [{ name: 'Gobelin', HP: 30, AC: 5 }],
  });
  const mjTable = tableOf(master);
  const heroTable = tableOf(hero);
  const cell = await heroTable.cellOnScreen();
  await mjTable.placeFromMenu({ x: 6 * cell, y: 4 * cell }, 'Gobelin');
  await heroTable.placeFromMenu({ x: 2 * cell, y: 2 * cell }, 'Aelis');
  await expect(heroTable.token('Gobelin 1')).toBeVisible();

  // The MJ moves the goblin, then Ctrl+Z: it is back on both screens.
  const placed = await mjTable.positionOf('Gobelin 1');
  await mjTable.dragTokenBy('Gobelin 1', 3 * cell, 0);
  await expect.poll(() => heroTable.positionOf('Gobelin 1')).not.toEqual(placed);
  const moved = await heroTable.positionOf('Gobelin 1');
  await expect(undoButton(master)).toHaveAttribute(
    'title',
    'Annuler\u00a0: Déplacement de Gobelin 1 (Ctrl+Z)',
  );
  await master.locator('body').click({ position: { x: 5, y: 5 } });
  await master.keyboard.press('Control+z');
  await expect.poll(() => heroTable.positionOf('Gobelin 1')).toEqual(placed);
  await expect.poll(() => mjTable.positionOf('Gobelin 1')).toEqual(placed);

  // Redo puts it where it was dropped.
  await expect(redoButton(master)).toBeEnabled();
  await master.keyboard.press('Control+Shift+z');
  await expect.poll(() => heroTable.positionOf('Gobelin 1')).toEqual(moved);

  // The player moves Aelis and takes it back with the button; they have nothing else to undo.
  const aelis = await heroTable.positionOf('Aelis');
  await heroTable.dragTokenBy('Aelis', cell, cell);
  await expect.poll(() => mjTable.positionOf('Aelis')).not.toEqual(aelis);
  await undoButton(hero).click();
  await expect.poll(() => mjTable.positionOf('Aelis')).toEqual(aelis);
  await expect(undoButton(hero)).toBeDisabled();

  // The goblin strikes Aelis; Ctrl+Z then says the rolls were seen.
  await mjTable.dragTokenBy('Gobelin 1', -6 * cell, -2 * cell);
  await mjTable.token('Gobelin 1').click();
  await master.getByRole('button', { name: 'Faire attaquer' }).click();
  await mjTable.token('Aelis').click();
  await expect(mjTable.rollLines.first()).toBeVisible();
  await master.locator('body').click({ position: { x: 5, y: 5 } });
  await master.keyboard.press('Control+z');
  await expect(master.getByRole('alert')).toContainText(
    'L’attaque de Gobelin 1 ne peut pas être annulée\u00a0: ses jets ont déjà été vus.',
  );
});

/** Presses Tab until the locator has the focus, as a keyboard user walks the page. */
const tabTo = (page: Page, target: Locator) => pressUntilFocused(page, target);

test('from the keyboard alone, the MJ moves a token with the arrows, undoes, redoes, and tabs to « Annuler »', async ({
  browser,
}) => {
  const { master } = await tableWithHero(server, browser, {
    game: 'Au Clavier',
    map: 'Plaine',
    monsters: [{ name: 'Gobelin', HP: 30, AC: 5 }],
  });
  const table = tableOf(master);
  const cell = await table.cellOnScreen();
  await table.placeFromMenu({ x: 6 * cell, y: 4 * cell }, 'Gobelin');
  await expect(table.token('Gobelin 1')).toBeVisible();
  await master.locator('body').click({ position: { x: 5, y: 5 } });

  await tabTo(master, table.token('Gobelin 1'));
  const placed = await table.positionOf('Gobelin 1');
  await master.keyboard.press('ArrowRight');
  await master.keyboard.press('Enter');
  await expect.poll(() => table.positionOf('Gobelin 1')).not.toEqual(placed);
  const moved = await table.positionOf('Gobelin 1');
  await expect(undoButton(master)).toHaveAttribute(
    'title',
    'Annuler\u00a0: Déplacement de Gobelin 1 (Ctrl+Z)',
  );

  // A screen reader hears what was taken back or done again, from the table's live region.
  const said = master.getByRole('status').filter({ hasText: /^(Annulé|Rétabli)/ });
  await master.keyboard.press('Control+z');
  await expect.poll(() => table.positionOf('Gobelin 1')).toEqual(placed);
  await expect(said).toHaveText('Annulé\u00a0: Déplacement de Gobelin 1');
  await master.keyboard.press('Control+y');
  await expect.poll(() => table.positionOf('Gobelin 1')).toEqual(moved);
  await expect(said).toHaveText('Rétabli\u00a0: Déplacement de Gobelin 1');

  await tabTo(master, undoButton(master));
  await master.keyboard.press('Enter');
  await expect.poll(() => table.positionOf('Gobelin 1')).toEqual(placed);
  await expect(said).toHaveText('Annulé\u00a0: Déplacement de Gobelin 1');
  await expect(redoButton(master)).toHaveAttribute(
    'title',
    'Rétablir\u00a0: Déplacement de Gobelin 1 (Ctrl+Maj+Z)',
  );
});
