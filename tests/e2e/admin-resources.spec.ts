import { expect, test, type Page } from '@playwright/test';
import { insertAcceptedPlayer, insertCharacter, insertGame } from '../helpers/game-fixtures';
import type { RegisteredUser } from '../helpers/server';
import { makeAdmin, openSignedIn, ownServer } from './helpers/own-server';
import { gameWithPlayer } from './helpers/party';

const server = ownServer();

/** Steps of the per-game admin page, as a game master takes them. */
async function chooseCategory(page: Page, label: string) {
  await page.getByLabel('Catégorie', { exact: true }).selectOption({ label });
}

async function createResource(page: Page, fill: (form: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('button', { name: 'Créer' }).click();
  const form = page.getByRole('form', { name: 'Formulaire de ressource' });
  await fill(form);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Ressource enregistrée avec succès !' }),
  ).toBeVisible();
}

async function openResource(page: Page, name: string) {
  await page.getByRole('region', { name: 'Ressources de la partie' }).getByRole('button', { name }).click();
}

async function expectNotice(page: Page, text: string) {
  await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();
}

test('an MJ builds their game, gives a memory, exports a monster; another MJ imports and removes it; an admin clears the store', async ({
  browser,
}) => {
  const [mj, otherMj, player, registered] = await Promise.all([
    server.register(),
    server.register(),
    server.register(),
    server.register(),
  ]);
  const admin = await makeAdmin(server, registered);
  const db = server.database.db;
  const gameId = await insertGame(db, mj.userId, 'Les Terres Brisées');
  const otherGameId = await insertGame(db, otherMj.userId, 'Autre table');
  await insertAcceptedPlayer(db, gameId, mj.userId, player.userId);
  await insertCharacter(db, { userId: player.userId, gameId, name: 'Aelis' });

  const asUser = async (user: RegisteredUser, path: string) => {
    const page = await (await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' })).newPage();
    await openSignedIn(page, server, user, path);
    return page;
  };

  // The first MJ creates a map, a monster and a memory.
  const page = await asUser(mj, `/admin/game?gameId=${gameId}`);
  await expect(page.getByRole('heading', { name: 'Admin Partie' })).toBeVisible();
  await expect(page.getByText('Veuillez choisir une catégorie en haut à droite')).toBeVisible();

  await chooseCategory(page, 'Cartes');
  await createResource(page, async (form) => {
    await form.getByLabel('Nom').fill('Forêt d’Ombre');
    await form.getByLabel('Lien de la carte').fill('https://example.com/foret.png');
  });
  await chooseCategory(page, 'Monstres');
  await createResource(page, async (form) => {
    await form.getByLabel('Nom').fill('Wyverne');
    await form.getByLabel('Dégâts (ex. 1d6)').fill('2d8+3');
  });
  await chooseCategory(page, 'Mémoires');
  await page.getByRole('button', { name: 'Créer' }).click();
  const memoryForm = page.getByRole('form', { name: 'Formulaire de ressource' });
  await memoryForm.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(memoryForm.getByRole('alert')).toHaveText('Le nom de la ressource est requis.');
  await memoryForm.getByLabel('Nom').fill('Casque du veilleur');
  await memoryForm.getByLabel('Emplacement').selectOption('Casque');
  await memoryForm.getByRole('button', { name: 'Ajouter un bonus' }).click();
  await memoryForm.getByLabel('Bonus', { exact: true }).selectOption('+3');
  await memoryForm.getByRole('button', { name: 'Enregistrer' }).click();
  await expectNotice(page, 'Ressource enregistrée avec succès !');

  // …gives the memory to the player's character…
  await openResource(page, 'Casque du veilleur');
  await page.getByRole('button', { name: 'Donner à un joueur' }).click();
  await page.getByLabel('Joueur', { exact: true }).selectOption({ label: 'Aelis' });
  await page.getByRole('button', { name: 'Donner', exact: true }).click();
  await expectNotice(page, 'Ressource attribuée au personnage avec succès !');
  await expect(page.getByRole('region', { name: 'Détenu par' })).toContainText('Aelis');

  // …binds an attack to a weapon of the game: only weapons are offered…
  await createResource(page, async (form) => {
    await form.getByLabel('Nom').fill('Lame FOR');
    await form.getByLabel('Emplacement').selectOption('Arme');
  });
  await chooseCategory(page, 'Attaques');
  await createResource(page, async (form) => {
    await form.getByLabel('Nom').fill('Estoc');
    await form.getByLabel("Type d'arme").selectOption('Force');
    await form.getByLabel('Jet de dégâts (ex. 1d10+5)').fill('1d8');
    await form.getByLabel('Coût').selectOption('AS');
    const weapon = form.getByLabel('Arme liée');
    await expect(weapon.getByRole('option')).toHaveText(['Aucune', 'Lame FOR']);
    await weapon.selectOption({ label: 'Lame FOR' });
  });
  const named = async (category: string, name: string) =>
    (
      await server.api<Array<{ id: string; name: string; memoryId?: string | null }>>(
        'GET',
        `/game-data/${gameId}/${category}`,
        undefined,
        mj.token,
      )
    ).body.find((resource) => resource.name === name);
  expect((await named('attack', 'Estoc'))?.memoryId).toBe((await named('memory', 'Lame FOR'))?.id);

  // …and exports the monster.
  await chooseCategory(page, 'Monstres');
  await openResource(page, 'Wyverne');
  await page.getByRole('button', { name: 'Exporter vers le store global' }).click();
  await expectNotice(page, 'Ressource exportée vers le store global avec succès !');
  await expect(
    page.getByRole('region', { name: 'Ressources de la partie' }).getByText('Exportée vers le store global'),
  ).toBeVisible();

  // A second MJ imports it into their own game, then removes the import.
  const other = await asUser(otherMj, `/admin/game?gameId=${otherGameId}`);
  await chooseCategory(other, 'Monstres');
  await other.getByRole('button', { name: 'Afficher le store global' }).click();
  await other
    .getByRole('region', { name: 'Ressources du store' })
    .getByRole('button', { name: /Wyverne/ })
    .click();
  const detail = other.getByRole('dialog', { name: 'Wyverne' });
  await expect(detail).toContainText(mj.displayName);
  await detail.getByRole('button', { name: 'Importer dans la partie' }).click();
  await expectNotice(other, 'Ressource importée avec succès !');
  await expect(detail.getByRole('button', { name: "Supprimer l'import" })).toBeVisible();
  await other.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await other.getByRole('button', { name: 'Afficher les ressources de la partie' }).click();
  await openResource(other, 'Wyverne Importée du store global');
  await other.getByRole('button', { name: "Supprimer l'import" }).click();
  await expectNotice(other, 'Import supprimé avec succès !');
  await expect(other.getByText('Aucune ressource dans cette catégorie')).toBeVisible();

  // An admin removes the entry from the store.
  const adminPage = await asUser(admin, '/admin');
  await expect(adminPage.getByRole('heading', { name: 'Store global — administration' })).toBeVisible();
  await adminPage
    .getByRole('navigation', { name: 'Catégories' })
    .getByRole('button', { name: 'Monstres' })
    .click();
  await adminPage
    .getByRole('region', { name: 'Ressources du store' })
    .getByRole('button', { name: /Wyverne/ })
    .click();
  await adminPage
    .getByRole('dialog', { name: 'Wyverne' })
    .getByRole('button', { name: 'Retirer du store global' })
    .click();
  await expectNotice(adminPage, 'Ressource supprimée du store global avec succès !');
  await expect(adminPage.getByText('Aucune ressource dans le store pour cette catégorie')).toBeVisible();
});

test('the per-game admin page turns away whoever is not its MJ, admins included, and needs a game', async ({
  page,
  browser,
}) => {
  const { player, gameId } = await gameWithPlayer(server);

  await openSignedIn(page, server, player, `/admin/game?gameId=${gameId}`);
  await expect(page.getByRole('heading', { name: 'Accès non autorisé' })).toBeVisible();
  await expect(
    page.getByText("Seul le maître de jeu de cette partie peut accéder à l'administration"),
  ).toBeVisible();
  await expect(page.getByText("Vous n'êtes pas autorisé à accéder à cette partie...")).toBeVisible();
  await page.waitForURL(/\/shatteredrealms\/?$/);

  // An admin may read every game, yet administers only their own.
  const admin = await makeAdmin(server, await server.register());
  const adminPage = await (await browser.newContext()).newPage();
  await openSignedIn(adminPage, server, admin, `/admin/game?gameId=${gameId}`);
  await expect(adminPage.getByRole('heading', { name: 'Accès non autorisé' })).toBeVisible();
  await expect(adminPage.getByText("Vous n'êtes pas autorisé à accéder à cette partie...")).toBeVisible();
  await adminPage.waitForURL(/\/shatteredrealms\/?$/);

  await page.goto(`${server.url}/shatteredrealms/admin/game`);
  await expect(page.getByRole('heading', { name: 'Aucune partie sélectionnée' })).toBeVisible();
  await page.waitForURL(/\/shatteredrealms\/?$/);

  // Not an admin: the global store page sends them home.
  await page.goto(`${server.url}/shatteredrealms/admin`);
  await page.waitForURL(/\/shatteredrealms\/?$/);
  await expect(page.getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0);
});
