import { expect, test } from '@playwright/test';
import { ownServer } from './helpers/own-server';
import { tableOf, tableWithHero } from './helpers/table';

const server = ownServer();

test('the MJ marks a condition on a monster: the player sees its icon on the token and in the turn panel, and it counts down', async ({
  browser,
}) => {
  test.slow();
  const { master, hero } = await tableWithHero(server, browser, {
    game: 'Les États',
    map: 'Crypte',
    monsters: [{ name: 'Goule', HP: 18 }],
    viewport: { width: 1400, height: 900 },
  });
  await tableOf(master).placeFromMenu({ x: 500, y: 200 }, 'Goule');
  await tableOf(hero).placeFromMenu({ x: 200, y: 200 }, 'Aelis');
  await expect(tableOf(master).token('Aelis')).toBeVisible();
  await tableOf(master).turnOrder.getByRole('button', { name: 'Générer' }).click();
  await expect(tableOf(hero).turnNames).toHaveCount(2);

  // The MJ marks the ghoul stunned for 2 rounds, from its menu.
  await tableOf(master).markCondition('Goule 1', 'Étourdi', { rounds: '2' });

  // The player sees it on the token and beside the ghoul's name in the turn panel.
  const ghoul = tableOf(hero).token('Goule 1');
  await expect(ghoul).toHaveAttribute('aria-label', /, Étourdi$/);
  await expect(ghoul.locator('[data-condition="stunned"]')).toBeVisible();
  const ghoulEntry = tableOf(hero).turnOrder.getByRole('listitem').filter({ hasText: 'Goule 1' });
  await expect(ghoulEntry.getByRole('img', { name: 'Étourdi (2 rounds)' })).toBeVisible();

  // The player marks their own token with words of their own.
  await tableOf(hero).markCondition('Aelis', 'Marque libre…', { label: 'Béni' });
  await expect(tableOf(master).token('Aelis')).toHaveAttribute('aria-label', /, Béni$/);
  await expect(tableOf(master).token('Aelis').locator('.token-conditions__chip')).toHaveAttribute(
    'data-label',
    'Béni',
  );

  // Its turn ends: what is left shows on both screens, as the server counted it. Initiative decides
  // who plays first; a turn the ghoul was playing when marked does not count, so it takes one more.
  const ghoulPlayedWhenMarked = (await tableOf(master).turnNames.first().innerText()).includes('Goule 1');
  for (let turn = 0; turn < (ghoulPlayedWhenMarked ? 3 : 2); turn += 1) {
    const playing = await tableOf(master).turnNames.first().innerText();
    await tableOf(master).turnOrder.getByRole('button', { name: 'Tour suivant' }).click();
    await expect(tableOf(master).turnNames.first()).not.toHaveText(playing);
  }
  await expect(ghoulEntry.getByRole('img', { name: 'Étourdi (1 round)' })).toBeVisible();
  await expect(
    tableOf(master).turnOrder.getByRole('listitem').filter({ hasText: 'Goule 1' }).getByRole('img', {
      name: 'Étourdi (1 round)',
    }),
  ).toBeVisible();

  // The MJ times the ghoul's stun anew from its menu; the player their own mark, which had none.
  await tableOf(master).token('Goule 1').click();
  const ghoulMenu = master.getByRole('dialog', { name: 'Goule 1' });
  await ghoulMenu.getByRole('combobox', { name: 'Durée de «\u00a0Étourdi\u00a0»' }).selectOption('4');
  await expect(ghoulEntry.getByRole('img', { name: 'Étourdi (4 rounds)' })).toBeVisible();
  await ghoulMenu.getByRole('button', { name: 'Fermer' }).click();
  await tableOf(hero).token('Aelis').click();
  const ownMenu = hero.getByRole('dialog', { name: 'Aelis' });
  const blessed = ownMenu.getByRole('combobox', { name: 'Durée de «\u00a0Béni\u00a0»' });
  await expect(blessed).toHaveValue('');
  // From the keyboard: the list takes the focus and its value by the arrow keys.
  // Each step is a duration the server keeps: the list shows it once answered, then takes the next.
  await blessed.focus();
  await hero.keyboard.press('ArrowDown');
  await expect(blessed).toHaveValue('1');
  await hero.keyboard.press('ArrowDown');
  await expect(blessed).toHaveValue('2');
  const ariaEntry = tableOf(master).turnOrder.getByRole('listitem').filter({ hasText: 'Aelis' });
  await expect(ariaEntry.getByRole('img', { name: 'Béni (2 rounds)' })).toBeVisible();
  // Nobody but its owner and the MJ may time it: the ghoul's stun has no list in the player's menu.
  await ownMenu.getByRole('button', { name: 'Fermer' }).click();
  await tableOf(hero).token('Goule 1').click();
  await expect(hero.getByRole('dialog', { name: 'Goule 1' }).getByRole('combobox')).toHaveCount(0);
});
