import { expect, test, type Page } from '@playwright/test';
import { ownServer } from './helpers/own-server';
import { pressUntilFocused, tableOutOfPlace } from './helpers/keyboard';
import { tableOf, tableWithHero } from './helpers/table';

const server = ownServer();

/** The table's live region holding `text` (the keyboard's words; the narration shares it). */
const said = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** The table's one live region, as a screen reader hears it. */
const liveRegion = (page: Page) => page.locator('.live-table__toolbar > [role="status"].visually-hidden');

/** The attack's verdict as its roll line ends (« touché ! », « raté. »…): whether the blow landed. */
async function landed(page: Page, label: string): Promise<boolean> {
  const line = tableOf(page).rollLines.filter({ hasText: label });
  await expect(line).toHaveCount(1);
  return /touché|réussite critique/.test(await line.innerText());
}

/** « Aller à la carte », then Enter at the map's cross, then `name` in « Ajouter un pion ». */
async function placeAtCross(page: Page, name: string) {
  await pressUntilFocused(page, page.getByRole('link', { name: 'Aller à la carte' }));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await pressUntilFocused(page, page.getByRole('menuitem', { name, exact: true }), 'ArrowDown');
  await page.keyboard.press('Enter');
}

test('played with the keyboard alone: the player moves, strikes a goblin in reach and ends their turn, and the goblin strikes back', async ({
  browser,
}) => {
  test.slow();
  const { master, hero } = await tableWithHero(server, browser, {
    game: 'Au clavier',
    map: 'Clairière',
    monsters: [{ name: 'Gobelin', HP: 40, AC: 1 }],
  });

  // Both place at the cross in the middle of the view, so on the same cell.
  await placeAtCross(master, 'Gobelin');
  await expect(tableOf(hero).token('Gobelin 1')).toBeVisible();
  await placeAtCross(hero, 'Aelis');
  await expect(tableOf(master).token('Aelis')).toBeVisible();
  // The narration of the placement comes back from the server; heard before the keys start, it
  // cannot come after their words and take the live region from them.
  await expect(liveRegion(hero)).toContainText(/Aelis apparaît en [A-Z]+\d+\./);

  // The player carries Aelis a cell left and puts her down; Escape first puts her back.
  const aelis = tableOf(hero).token('Aelis');
  await pressUntilFocused(hero, aelis);
  const placed = await tableOf(master).positionOf('Aelis');
  await hero.keyboard.press('ArrowLeft');
  await expect(said(hero, 'Pion soulevé\u00a0: Aelis.')).toHaveCount(1);
  await hero.keyboard.press('Escape');
  await expect(said(hero, 'Pion reposé à sa place\u00a0: Aelis.')).toHaveCount(1);
  await hero.keyboard.press('ArrowLeft');
  await hero.keyboard.press('Enter');
  await expect(said(hero, 'Pion posé\u00a0: Aelis.')).toHaveCount(1);
  await expect.poll(() => tableOf(master).positionOf('Aelis')).not.toEqual(placed);

  // The MJ starts the fight from the turn order's region.
  await pressUntilFocused(master, master.getByRole('link', { name: 'Aller à l’ordre du tour' }));
  await master.keyboard.press('Enter');
  await pressUntilFocused(master, master.getByRole('button', { name: 'Générer' }));
  await master.keyboard.press('Enter');
  await expect(tableOf(hero).chat).toContainText('Round 1');
  // The rolls choose who starts: when the goblin won, the MJ moves Aelis up with Alt + ↑.
  const entries = (page: Page) => page.getByRole('list', { name: 'Ordre de tour' }).getByRole('listitem');
  await expect(entries(master)).toHaveCount(2);
  if (await entries(master).first().filter({ hasText: 'Gobelin 1' }).count()) {
    await pressUntilFocused(master, entries(master).filter({ hasText: 'Aelis' }), 'Shift+Tab');
    await master.keyboard.press('Alt+ArrowUp');
  }
  await expect(entries(hero).first()).toContainText('Aelis');

  // « Attaquer », the simple attack, then the goblin from the list of targets in reach.
  await pressUntilFocused(hero, hero.getByRole('button', { name: 'Attaquer' }));
  await hero.keyboard.press('Enter');
  await expect(hero.getByRole('menuitem', { name: /^Attaque simple/ })).toBeFocused();
  await hero.keyboard.press('Enter');
  const targets = hero.getByRole('listbox', { name: /^Cibles à portée/ });
  await expect(targets).toBeFocused();
  await hero.keyboard.press('ArrowDown');
  await expect(said(hero, 'Cible\u00a0: Gobelin 1, à 1 case.')).toHaveCount(1);
  await hero.keyboard.press('Enter');
  // Both hear the roll; the MJ hears the goblin's HP, the player only its band (it stood unhurt).
  const heroHit = await landed(master, 'Attaque simple → Gobelin 1');
  for (const page of [master, hero])
    await expect(liveRegion(page)).toContainText(
      /Aelis\s: Attaque simple → Gobelin 1 — 1d20(?:[+-]\d+)? = \d+ · CA 1\s: (touché !|réussite critique !|raté\.|échec critique !)/,
    );
  if (heroHit) {
    await expect(liveRegion(master)).toContainText(/Gobelin 1 perd \d+ PV\u00a0: \d+ PV sur 40\./);
    await expect(liveRegion(hero)).toContainText('Gobelin 1 est blessé.');
  }
  await expect(liveRegion(hero)).not.toContainText(/Gobelin 1 perd|PV sur 40/);
  // The focus is back on the token that struck.
  await expect(aelis).toBeFocused();

  // The player ends their own turn from the turn order's region; the goblin's comes.
  const endTurn = hero.getByRole('button', { name: 'Finir mon tour' });
  await pressUntilFocused(hero, hero.getByRole('link', { name: 'Aller à l’ordre du tour' }));
  await hero.keyboard.press('Enter');
  await pressUntilFocused(hero, endTurn);
  await hero.keyboard.press('Enter');
  await expect(entries(master).first()).toContainText('Gobelin 1');
  await expect(tableOf(hero).chat).toContainText('C’est au tour de Gobelin 1.');
  await expect(endTurn).toHaveCount(0);
  // The button that had the focus is gone: the turn order's panel takes it, not the page's body.
  await expect(hero.getByRole('complementary', { name: 'Ordre de tour' })).toBeFocused();

  // The MJ makes the goblin strike back: its menu by Enter, « Faire attaquer », Aelis from the list.
  const goblin = tableOf(master).token('Gobelin 1');
  await pressUntilFocused(master, goblin);
  await master.keyboard.press('Enter');
  await pressUntilFocused(master, master.getByRole('button', { name: 'Faire attaquer' }));
  await master.keyboard.press('Enter');
  await expect(master.getByRole('listbox', { name: /^Cibles à portée/ })).toBeFocused();
  await master.keyboard.press('ArrowDown');
  await expect(said(master, 'Cible\u00a0: Aelis, à 1 case.')).toHaveCount(1);
  await master.keyboard.press('Enter');
  // Aelis's numbers are everyone's: both hear what she lost, when the blow lands.
  const goblinHit = await landed(hero, 'Attaque → Aelis');
  for (const page of [master, hero]) {
    await expect(liveRegion(page)).toContainText(
      /Gobelin 1\s: Attaque → Aelis — 1d20(?:[+-]\d+)? = \d+ · CA \d+\s: (touché !|réussite critique !|raté\.|échec critique !)/,
    );
    if (goblinHit)
      await expect(liveRegion(page)).toContainText(/Aelis (perd \d+ PV\u00a0: \d+ PV sur \d+|est à terre)\./);
  }
  await expect(goblin).toBeFocused();

  // Focus moved by keys scrolls nothing of the table: the toolbar stays whole above the map.
  for (const page of [master, hero]) expect(await tableOutOfPlace(page)).toEqual([]);
  await Promise.all([master, hero].map((page) => page.context().close()));
});
