import { expect, test, type Page } from '@playwright/test';
import { insertGame, insertResource } from '../helpers/game-fixtures';
import { openSignedIn, ownServer } from './helpers/own-server';

const server = ownServer();

/** What an MJ reads on the per-game admin page before acting: which game, what, and what it means. */

async function chooseCategory(page: Page, label: string) {
  await page.getByLabel('Catégorie', { exact: true }).selectOption({ label });
}

const card = (page: Page, name: string) => page.getByRole('region', { name: `Actions : ${name}` });

test('the admin page names the game, shows a resource before acting on it, and explains its terms', async ({
  page,
}) => {
  const mj = await server.register();
  const db = server.database.db;
  const gameId = await insertGame(db, mj.userId, 'Les Terres Brisées');
  await insertResource(db, gameId, 'memory', 'Lame FOR', {
    type: 'Arme',
    rang: 2,
    stat: [
      { stat: 'athletisme', bonus: 2 },
      { stat: 'sixiemesens', bonus: 1 },
      { stat: 'damage', bonus: '1d4' },
    ],
  });
  await insertResource(db, gameId, 'monster', 'Goule', { rang: 3, HP: 30, AC: 12, ACM: 9, damage: '1d8' });
  await openSignedIn(page, server, mj, `/admin/game?gameId=${gameId}`);
  await expect(page.getByText(/^Partie «\s*Les Terres Brisées\s*»$/)).toBeVisible();

  // The card says what the memory is, in the sheet's words.
  await chooseCategory(page, 'Mémoires');
  await page.getByRole('button', { name: 'Lame FOR' }).click();
  const blade = card(page, 'Lame FOR').getByRole('region', { name: 'Caractéristiques' });
  await expect(blade).toContainText('Arme');
  await expect(blade).toContainText('+2 Athlétisme, +1 Sixième sens, Dégâts 1d4');

  // The form names the bonuses so too, and reads the weapon's type in its name as it is typed.
  await card(page, 'Lame FOR').getByRole('button', { name: 'Modifier' }).click();
  const form = page.getByRole('form', { name: 'Formulaire de ressource' });
  await expect(form.getByLabel('Statistique').first()).toHaveValue('athletisme');
  await expect(form.getByLabel('Statistique').first().locator('option:checked')).toHaveText('Athlétisme');
  const name = form.getByLabel('Nom', { exact: true });
  await expect(name).toHaveAccessibleDescription(
    /FOR \(force\), AGI \(agilité\) ou INST \(instinct\).*reconnu\s*: Force\./,
  );
  await name.fill('Lame');
  await expect(name).toHaveAccessibleDescription(/Aucun type reconnu/);
  await name.fill('Lame AGI');
  await expect(name).toHaveAccessibleDescription(/reconnu\s*: Agilité\./);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  const saved = page.getByRole('status').filter({ hasText: 'Ressource enregistrée avec succès !' });
  await expect(saved).toBeVisible();

  // Another category: the banner about the memory goes.
  await chooseCategory(page, 'Monstres');
  await expect(saved).toHaveCount(0);
  await page.getByRole('button', { name: 'Goule' }).click();
  const ghoul = card(page, 'Goule').getByRole('region', { name: 'Caractéristiques' });
  await expect(ghoul).toContainText('PV30');
  await expect(ghoul).toContainText('CAM9');
  await expect(ghoul).toContainText('Dégâts1d8');
  await expect(ghoul.getByText('CAM', { exact: true })).toHaveAttribute('title', /Classe d’armure magique/);
  await card(page, 'Goule').getByRole('button', { name: 'Modifier' }).click();
  await expect(form.getByLabel('CAM')).toHaveAccessibleDescription(/Classe d’armure magique/);
  await expect(form.getByLabel('Vision dans le noir')).toHaveAccessibleDescription(/de 0 à 60\s*cases/);

  await chooseCategory(page, 'Cartes');
  await page.getByRole('button', { name: 'Créer' }).click();
  await expect(form.getByLabel('Taille', { exact: true })).toHaveAccessibleDescription(
    /nombre de cases de la carte en largeur/,
  );
});
