import { expect, test } from '@playwright/test';
import { ownServer } from './helpers/own-server';
import { tableOf, tableWithHero } from './helpers/table';

const server = ownServer();

test('« Générer » rolls initiative in the chat and starts round 1; a double click passes one turn; the last one brings round 2', async ({
  browser,
}) => {
  test.slow();
  const { master, hero } = await tableWithHero(server, browser, {
    game: 'Le Gué',
    map: 'Gué',
    monsters: [
      { name: 'Goule', HP: 18, initiative: 3 },
      { name: 'Loup', HP: 12 },
    ],
  });
  await tableOf(master).placeFromMenu({ x: 150, y: 150 }, 'Aelis');
  await tableOf(master).placeFromMenu({ x: 300, y: 150 }, 'Goule');
  await tableOf(master).placeFromMenu({ x: 450, y: 150 }, 'Loup');
  await expect(tableOf(hero).token('Loup 1')).toBeVisible();

  await tableOf(master).turnOrder.getByRole('button', { name: 'Générer' }).click();
  await expect(tableOf(master).turnNames).toHaveCount(3);
  for (const page of [master, hero]) {
    const chat = tableOf(page).chat;
    // One roll each, under the participant's name, with the Goule's bonus of +3.
    await expect(chat.getByText('Initiative', { exact: true })).toHaveCount(3);
    await expect(chat).toContainText(/Goule 1.*1d20\+3 : \[\d+\] \+3 = \d+/);
    await expect(chat.getByText('Round 1', { exact: true })).toBeVisible();
    await expect(tableOf(page).turnOrder.locator('header')).toContainText('Round 1');
  }
  const order = await tableOf(master).turnNames.allInnerTexts();
  await expect(tableOf(hero).turnNames).toHaveText(order);

  // A double click on « Tour suivant » passes one turn, on both screens.
  await tableOf(master).turnOrder.getByRole('button', { name: 'Tour suivant' }).dblclick();
  const passed = [...order.slice(1), order[0]!];
  await expect(tableOf(master).turnNames).toHaveText(passed);
  await expect(tableOf(hero).turnNames).toHaveText(passed);
  // The second click's answer is in too: the order did not move on.
  await expect(tableOf(master).turnOrder.getByRole('button', { name: 'Tour suivant' })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(tableOf(master).turnNames).toHaveText(passed);

  // Past the last participant, round 2 begins for everyone.
  for (const next of [order.slice(2).concat(order.slice(0, 2)), order]) {
    await tableOf(master).turnOrder.getByRole('button', { name: 'Tour suivant' }).click();
    await expect(tableOf(master).turnNames).toHaveText(next);
  }
  for (const page of [master, hero]) {
    await expect(tableOf(page).turnOrder.locator('header')).toContainText('Round 2');
    await expect(tableOf(page).chat.getByText('Round 2', { exact: true })).toBeVisible();
  }
});
