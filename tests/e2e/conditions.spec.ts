import { expect, test, type BrowserContext } from '@playwright/test';
import type { RegisteredUser } from '../helpers/server';
import { openSignedIn, ownServer } from './helpers/own-server';
import { gameWithHero } from './helpers/party';
import { furnishGame, tableOf } from './helpers/table';

const server = ownServer();

test('the MJ marks a condition on a monster: the player sees its icon on the token and in the turn panel, and it counts down', async ({
  browser,
}) => {
  test.slow();
  const { mj, player, gameId, characterId } = await gameWithHero(server, 'Les États');
  await furnishGame(server, mj, gameId, 'Crypte', [{ name: 'Goule', HP: 18 }]);
  const contexts: BrowserContext[] = [];
  const open = async (user: RegisteredUser, path: string) => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await openSignedIn(page, server, user, path);
    return page;
  };
  const master = await open(mj, `/game?gameId=${gameId}`);
  const hero = await open(player, `/game?gameId=${gameId}&playerId=${characterId}`);
  await tableOf(master).bringPlayersTo('Crypte');
  await tableOf(master).placeFromMenu({ x: 500, y: 200 }, 'Goule');
  await tableOf(hero).placeFromMenu({ x: 200, y: 200 }, 'Aelis');
  await expect(tableOf(master).token('Aelis')).toBeVisible();
  await tableOf(master).turnOrder.getByRole('button', { name: 'Générer' }).click();
  await expect(tableOf(hero).turnNames).toHaveCount(2);

  // The MJ marks the ghoul stunned for 2 rounds, from its menu.
  await tableOf(master).token('Goule 1').click();
  const menu = master.getByRole('dialog', { name: 'Goule 1' });
  await menu.getByLabel('État', { exact: true }).selectOption({ label: 'Étourdi' });
  await menu.getByLabel('Durée en rounds').fill('2');
  await menu.getByRole('button', { name: 'Poser' }).click();
  await expect(menu.getByRole('img', { name: 'Étourdi (2 rounds)' })).toBeVisible();
  await menu.getByRole('button', { name: 'Fermer' }).click();

  // The player sees it on the token and beside the ghoul's name in the turn panel.
  const ghoul = tableOf(hero).token('Goule 1');
  await expect(ghoul).toHaveAttribute('aria-label', /, Étourdi$/);
  await expect(ghoul.locator('[data-condition="stunned"]')).toBeVisible();
  const ghoulEntry = tableOf(hero).turnOrder.getByRole('listitem').filter({ hasText: 'Goule 1' });
  await expect(ghoulEntry.getByRole('img', { name: 'Étourdi (2 rounds)' })).toBeVisible();

  // The player marks their own token, the form filled by the keyboard.
  await tableOf(hero).token('Aelis').click();
  const own = hero.getByRole('dialog', { name: 'Aelis' });
  await own.getByLabel('État', { exact: true }).selectOption({ label: 'Marque libre…' });
  await own.getByLabel('Marque', { exact: true }).fill('Béni');
  await own.getByLabel('Marque', { exact: true }).press('Enter');
  await expect(tableOf(master).token('Aelis')).toHaveAttribute('aria-label', /, Béni$/);
  await expect(tableOf(master).token('Aelis').locator('.token-conditions__chip')).toHaveText('Béni');
  await own.getByRole('button', { name: 'Fermer' }).click();

  // Its turn ends: what is left shows on both screens, as the server counted it.
  for (let turn = 0; turn < 2; turn += 1) {
    await tableOf(master).turnOrder.getByRole('button', { name: 'Tour suivant' }).click();
  }
  await expect(ghoulEntry.getByRole('img', { name: 'Étourdi (1 round)' })).toBeVisible();
  await expect(
    tableOf(master).turnOrder.getByRole('listitem').filter({ hasText: 'Goule 1' }).getByRole('img', {
      name: 'Étourdi (1 round)',
    }),
  ).toBeVisible();

  for (const context of contexts) await context.close();
});
