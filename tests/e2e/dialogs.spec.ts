import { expect, test, type Locator } from '@playwright/test';
import { openSignedIn, ownServer } from './helpers/own-server';
import { gameWithHero } from './helpers/party';
import { furnishGame, tableOf } from './helpers/table';

const server = ownServer();

/** Every button of the dialog is what the pointer meets at its centre: nothing lies over it. */
async function expectOnTop(dialog: Locator) {
  await expect(dialog).toBeVisible();
  const covered = await dialog.evaluate((element) =>
    [...element.querySelectorAll('button')]
      .filter((button) => {
        const box = button.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return !hit || !button.contains(hit);
      })
      .map((button) => button.getAttribute('aria-label') ?? button.textContent),
  );
  expect(covered).toEqual([]);
}

test('at 1440×900 every dialog of the table is above the turn panel: « Nouvelle macro » takes the click on « Enregistrer »', async ({
  browser,
}) => {
  const { mj, gameId } = await gameWithHero(server, 'La Veillée');
  await furnishGame(server, mj, gameId, 'Crypte', [{ name: 'Goule', HP: 18 }]);
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await openSignedIn(page, server, mj, `/game?gameId=${gameId}`);
  const table = tableOf(page);
  await expect(table.turnOrder).toBeVisible();

  await page.getByLabel('Carte', { exact: true }).selectOption({ label: 'Crypte' });
  await expectOnTop(page.getByRole('dialog', { name: 'Changer de carte' }));
  await page.getByRole('button', { name: 'Oui, emmener les joueurs' }).click();
  await table.placeFromMenu({ x: 500, y: 200 }, 'Goule');
  await table.turnOrder.getByRole('button', { name: 'Générer' }).click();
  await expect(table.turnOrder.getByRole('listitem')).toHaveCount(1);

  await table.chat.getByRole('button', { name: 'Nouvelle macro' }).click();
  const macro = page.getByRole('dialog', { name: 'Nouvelle macro' });
  await expectOnTop(macro);
  await macro.getByLabel('Titre').fill('Salut');
  await macro.getByLabel('Contenu').fill('Bonsoir à tous');
  await macro.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(macro).toHaveCount(0);
  await expect(table.chat.getByRole('button', { name: 'Envoyer la macro Salut' })).toBeVisible();

  await table.chat.getByRole('button', { name: 'Supprimer Salut' }).click();
  await expectOnTop(page.getByRole('dialog'));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await table.token('Goule 1').click();
  await page.getByRole('button', { name: 'Détails du monstre' }).click();
  await expectOnTop(page.getByRole('dialog', { name: 'Goule 1' }));
});
