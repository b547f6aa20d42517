import { expect, test } from '@playwright/test';
import { openSignedIn, ownServer } from './helpers/own-server';
import { gameWithPlayer } from './helpers/party';

const server = ownServer();

test('the creation page shows every skill name whole, from a wide screen to a phone held landscape', async ({
  page,
}) => {
  const { player, gameId } = await gameWithPlayer(server, 'Les Terres Brisées');
  await openSignedIn(page, server, player, `/creation?gameId=${gameId}`);
  const skills = page.getByRole('region', { name: 'Compétences' });
  await expect(skills.getByText('Perspicacité')).toBeVisible();

  for (const width of [1440, 1280, 980, 844]) {
    await page.setViewportSize({ width, height: 900 });
    // A name is cut when its text needs more room than its cell gives it.
    const cut = await skills
      .locator('.skill-row__name')
      .evaluateAll((names) =>
        names.filter((name) => name.scrollWidth > name.clientWidth).map((name) => name.textContent),
      );
    expect(cut, `${width} px`).toEqual([]);
    expect(await skills.locator('.skill-row__name').count()).toBe(17);
  }
});
