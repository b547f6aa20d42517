import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { newAccount, openLanding, register, type TestAccount } from './helpers/ui';

/** A person on their own browser, signed up and at the mode choice. */
async function someoneNew(browser: Browser): Promise<{ page: Page; account: TestAccount }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = newAccount();
  await openLanding(page);
  await register(page, account);
  return { page, account };
}

async function createGame(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Créer une partie' }).click();
  await page.getByRole('dialog', { name: 'Nouvelle partie' }).getByLabel('Nom de la partie').fill(name);
  await page.getByRole('button', { name: 'Créer', exact: true }).click();
  const notice = page.getByText(/^Partie créée ! Code : [A-Z2-9]{8}$/);
  await expect(notice).toBeVisible();
  return ((await notice.textContent()) ?? '').slice(-8);
}

const gameCard = (page: Page, name: string) => page.getByRole('listitem', { name });

test('an MJ invites a player who accepts live, then kicks them, then deletes the game', async ({
  browser,
}) => {
  // Two browsers and every step of both lobbies: more than one page's worth of time.
  test.slow();
  const mj = await someoneNew(browser);
  const player = await someoneNew(browser);
  await mj.page.getByRole('button', { name: 'Maître du jeu' }).click();
  await player.page.getByRole('button', { name: 'Joueur' }).click();
  await expect(player.page.getByText("Vous n'avez reçu aucune invitation.")).toBeVisible();
  // A newcomer has no character to pick yet: no empty quick selection.
  await expect(player.page.getByRole('heading', { name: 'Sélection rapide' })).toHaveCount(0);

  // An empty name cancels the prompt.
  await mj.page.getByRole('button', { name: 'Créer une partie' }).click();
  await mj.page.getByRole('button', { name: 'Créer', exact: true }).click();
  await expect(mj.page.getByRole('dialog')).toHaveCount(0);

  const code = await createGame(mj.page, 'La Tour Brisée');
  const card = gameCard(mj.page, 'La Tour Brisée');
  await expect(card).toContainText(code);
  await expect(card).toContainText('Dernière connexion : Jamais');
  await expect(card).toContainText('0 joueur connecté');

  await card.getByRole('button', { name: 'Invitations et joueurs' }).click();
  const admin = mj.page.getByRole('dialog', { name: 'Gérer « La Tour Brisée »' });
  const search = admin.getByLabel("Rechercher par nom d'affichage");
  await search.fill(player.account.displayName.slice(0, 1));
  await expect(admin.getByText('Tapez au moins 2 caractères pour rechercher')).toBeVisible();
  await search.fill(player.account.displayName);
  await admin.getByRole('button', { name: `Inviter ${player.account.displayName}` }).click();
  await expect(admin.getByText('Invitation envoyée avec succès !')).toBeVisible();
  const sent = admin.getByRole('list', { name: 'Invitations envoyées' });
  await expect(sent).toContainText(player.account.displayName);
  await expect(sent).toContainText('En attente');
  // Searched again, the player is found and said to be invited, not missing.
  const found = admin.getByRole('list', { name: 'Inviter un joueur' });
  await search.fill(player.account.displayName.slice(0, -1));
  await search.fill(player.account.displayName);
  await expect(found.getByRole('listitem')).toContainText([player.account.displayName]);
  await expect(found).toContainText('Invitation déjà envoyée');
  await expect(found.getByRole('button')).toHaveCount(0);
  await expect(admin.getByText('Aucun joueur trouvé')).toHaveCount(0);

  // The invitation reaches the player's lobby without a reload.
  const invitation = gameCard(player.page, 'La Tour Brisée');
  await expect(invitation).toContainText('En attente');
  await expect(invitation).toContainText(`Maître du jeu : ${mj.account.displayName}`);
  await invitation.getByRole('button', { name: 'Accepter' }).click();
  await expect(invitation).toContainText('Acceptée');
  await expect(invitation).toContainText('Invitation acceptée ! Vous avez rejoint la partie.');
  await expect(invitation.getByRole('link', { name: 'Créer un personnage' })).toHaveAttribute(
    'href',
    new RegExp(`/creation\\?gameId=${code}$`),
  );

  // The MJ sees the player arrive.
  const players = admin.getByRole('list', { name: 'Joueurs' });
  await expect(players).toContainText(player.account.displayName);
  await expect(players).toContainText('Acceptée');

  await players.getByRole('button', { name: 'Expulser' }).click();
  await expect(admin.getByText('Joueur expulsé avec succès !')).toBeVisible();
  await expect(admin.getByText('Aucun joueur dans cette partie')).toBeVisible();
  await expect(invitation).toContainText('Expulsé');
  await expect(invitation.getByRole('link', { name: 'Créer un personnage' })).toHaveCount(0);

  // Invited again, the player declines: the MJ is told in their lobby.
  await search.fill(player.account.displayName.slice(0, -1));
  await search.fill(player.account.displayName);
  await admin.getByRole('button', { name: `Inviter ${player.account.displayName}` }).click();
  await expect(admin.getByText('Invitation envoyée avec succès !')).toBeVisible();
  await mj.page.keyboard.press('Escape');
  await expect(admin).toHaveCount(0);
  const again = player.page
    .getByRole('listitem', { name: 'La Tour Brisée' })
    .filter({ hasText: 'En attente' });
  await again.getByRole('button', { name: 'Refuser' }).click();
  await expect(mj.page.getByRole('status').filter({ hasText: 'a refusé' })).toHaveText(
    `${player.account.displayName} a refusé votre invitation à «\u00a0La Tour Brisée\u00a0».`,
  );

  // Deleting reads as dangerous, before and in its confirmation.
  const remove = card.getByRole('button', { name: 'Supprimer' });
  await expect(remove).toHaveCSS('color', 'rgb(255, 138, 122)');
  await expect(remove).toHaveCSS('border-color', 'rgb(255, 138, 122)');
  await remove.click();
  const deletion = mj.page.getByRole('dialog', { name: 'Supprimer la partie' });
  await expect(deletion).toContainText('«\u00a0La Tour Brisée\u00a0»');
  await expect(deletion.getByRole('button', { name: 'Supprimer définitivement' })).toHaveCSS(
    'background-color',
    'rgb(255, 138, 122)',
  );
  await deletion.getByLabel('Nom de la partie').fill('La Tour');
  await deletion.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(deletion.getByRole('alert')).toHaveText('Le nom de la partie ne correspond pas');
  await deletion.getByLabel('Nom de la partie').fill('La Tour Brisée');
  await deletion.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(deletion).toHaveCount(0);
  await expect(mj.page.getByText('Partie supprimée avec succès')).toBeVisible();
  await expect(mj.page.getByText("Vous n'avez encore créé aucune partie.")).toBeVisible();
  await expect(invitation).toHaveCount(0);
});

test('the MJ joins their table after 2 s and the player count leaves them out', async ({ browser }) => {
  const mj = await someoneNew(browser);
  await mj.page.getByRole('button', { name: 'Maître du jeu' }).click();
  const code = await createGame(mj.page, 'Salle des cartes');
  const lobby = await mj.page.context().newPage();
  // Home remembers the part chosen last: the second page opens on the MJ's lobby without asking.
  await lobby.goto('./');
  await expect(lobby.getByRole('heading', { name: 'Maître du jeu' })).toBeVisible();
  await expect(lobby.getByRole('button', { name: 'Maître du jeu' })).toHaveCount(0);
  await expect(gameCard(lobby, 'Salle des cartes')).toContainText('0 joueur connecté');

  await gameCard(mj.page, 'Salle des cartes').getByRole('button', { name: 'Rejoindre' }).click();
  await expect(mj.page.getByText('Connexion à « Salle des cartes »…')).toBeVisible();
  await mj.page.waitForURL(new RegExp(`/game\\?gameId=${code}&playerId=`));
  await expect(mj.page.getByRole('heading', { name: 'Salle des cartes' })).toBeVisible();
  const seated = mj.page.getByRole('complementary', { name: 'Joueurs connectés' });
  await expect(seated).toContainText(mj.account.displayName);
  // The MJ at their own table is no player: the count says how many players came.
  await expect(gameCard(lobby, 'Salle des cartes')).toContainText('0 joueur connecté');

  await mj.page.getByRole('button', { name: 'Retour à l’accueil' }).click();
  await expect(gameCard(lobby, 'Salle des cartes')).toContainText('0 joueur connecté');
  await lobby.reload();
  await expect(gameCard(lobby, 'Salle des cartes')).toContainText(
    /Dernière connexion : \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/,
  );
});

test('a stranger is refused at the game page and sent home', async ({ browser }) => {
  const stranger = await someoneNew(browser);
  await stranger.page.goto('./game?gameId=NOPE2345&playerId=x');
  await expect(stranger.page.getByRole('alert')).toHaveText('Partie non trouvée.');
  await stranger.page.waitForURL(/\/shatteredrealms\/?$/);
});

test('the profile checks the name, asks the password for a new e-mail, refuses bad passwords and deletes the account', async ({
  browser,
}) => {
  const taken = await someoneNew(browser);
  const user = await someoneNew(browser);
  await user.page.getByRole('button', { name: 'Profil' }).click();
  const profile = user.page.getByRole('dialog', { name: 'Mon profil' });
  const name = profile.getByLabel("Nom d'affichage");
  await name.fill(taken.account.displayName);
  await expect(profile.getByText("Ce nom d'affichage est déjà utilisé")).toBeVisible();
  await expect(profile.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
  const renamed = `N${user.account.displayName}`.slice(0, 10);
  await name.fill(renamed);
  await expect(profile.getByText('Ce nom est disponible')).toBeVisible();
  await profile.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(profile.getByText('Profil mis à jour avec succès')).toBeVisible();
  await expect(user.page.getByRole('navigation')).toContainText(renamed);

  // The e-mail is the login: a new one asks for the current password.
  const details = profile.getByRole('form', { name: 'Informations' });
  await expect(details.getByLabel('Mot de passe actuel')).toHaveCount(0);
  await details.getByLabel('Email').fill(`neuf-${user.account.email}`);
  await details.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(details.getByRole('alert')).toHaveText(
    "Le mot de passe actuel est requis pour changer d'adresse e-mail",
  );
  await details.getByLabel('Mot de passe actuel').fill('pas-le-bon');
  await details.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(details.getByRole('alert')).toHaveText('Mot de passe actuel incorrect');
  await details.getByLabel('Mot de passe actuel').fill(user.account.password);
  await details.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(details.getByRole('status')).toHaveText('Profil mis à jour avec succès');
  await expect(details.getByLabel('Mot de passe actuel')).toHaveCount(0);

  const password = profile.getByRole('form', { name: 'Mot de passe' });
  await password.getByRole('button', { name: 'Modifier le mot de passe' }).click();
  await expect(password.getByRole('alert')).toHaveText('Tous les champs sont requis');
  await password.getByLabel('Mot de passe actuel').fill(user.account.password);
  await password.getByLabel('Nouveau mot de passe', { exact: true }).fill('court');
  await password.getByLabel('Confirmer le nouveau mot de passe').fill('court');
  await password.getByRole('button', { name: 'Modifier le mot de passe' }).click();
  await expect(password.getByRole('alert')).toHaveText(
    'Le nouveau mot de passe doit contenir au moins 6 caractères',
  );

  const data = profile.getByRole('region', { name: 'Mes données' });
  const [download] = await Promise.all([
    user.page.waitForEvent('download'),
    data.getByRole('button', { name: 'Télécharger mes données' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^shattered-realms-mes-donnees-\d{4}-\d{2}-\d{2}\.json$/);
  const saved = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    account: { displayName: string };
  };
  expect(saved.account.displayName).toBe(renamed);
  await expect(data.getByRole('status')).toHaveText('Vos données ont été téléchargées.');

  const deletion = profile.getByRole('form', { name: 'Supprimer mon compte' });
  await deletion.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await expect(deletion.getByRole('alert')).toHaveText(
    'Le mot de passe est requis pour confirmer la suppression',
  );
  await deletion.getByLabel('Mot de passe').fill(user.account.password);
  await deletion.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await user.page
    .getByRole('dialog', { name: 'Confirmer la suppression' })
    .getByRole('button', { name: 'Oui, supprimer' })
    .click();
  await expect(profile.getByText('Compte supprimé avec succès')).toBeVisible();
  await expect(user.page.getByRole('button', { name: 'Déconnexion' })).toHaveCount(0);
  expect(await user.page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
});
