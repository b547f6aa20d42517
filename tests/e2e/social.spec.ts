import { expect, test, type Page } from '@playwright/test';
import { newAccount, openLanding, register, type TestAccount } from './helpers/ui';

/** Steps of the friends menu and the chat window, as a person takes them. */

async function openFriendsMenu(page: Page) {
  await page.getByRole('button', { name: /^Amis/ }).click();
  return page.getByRole('dialog', { name: 'Amis et invitations' });
}

async function sendFriendRequest(page: Page, friend: TestAccount) {
  const menu = await openFriendsMenu(page);
  const search = menu.getByLabel("Nom d'affichage");
  await search.fill(friend.displayName.slice(0, 1));
  await expect(menu.getByText('Tapez au moins 2 caractères pour rechercher')).toBeVisible();
  await search.fill(friend.displayName);
  const result = menu.getByRole('listitem').filter({ hasText: friend.displayName });
  await result.getByRole('button', { name: 'Ajouter' }).click();
  await expect(result.getByText('Invitation envoyée')).toBeVisible();
  await expect(
    menu.getByRole('region', { name: 'Invitations envoyées' }).getByText(friend.displayName),
  ).toBeVisible();
  return menu;
}

async function sendMessage(chat: ReturnType<Page['getByRole']>, text: string) {
  await chat.getByLabel('Votre message').fill(text);
  await chat.getByRole('button', { name: 'Envoyer' }).click();
}

test('two friends meet through search, chat both ways, and see each other leave', async ({ browser }) => {
  const [anaContext, beaContext] = [await browser.newContext(), await browser.newContext()];
  const [ana, bea] = [await anaContext.newPage(), await beaContext.newPage()];
  const [anaAccount, beaAccount] = [newAccount(), newAccount()];
  for (const [page, account] of [
    [ana, anaAccount],
    [bea, beaAccount],
  ] as const) {
    await openLanding(page);
    await register(page, account);
  }

  const anaMenu = await sendFriendRequest(ana, beaAccount);

  // Béa hears of it live: the badge counts it, the menu lists it.
  await expect(bea.getByRole('button', { name: /^Amis/ }).getByLabel('1 nouveauté')).toBeVisible();
  const beaMenu = await openFriendsMenu(bea);
  const invitation = beaMenu.getByRole('region', { name: 'Invitations reçues' }).getByRole('listitem');
  await expect(invitation).toContainText(anaAccount.displayName);
  await invitation.getByRole('button', { name: 'Accepter' }).click();

  const anaSeesBea = anaMenu.getByTestId(`friend-${beaAccount.displayName}`);
  await expect(anaSeesBea).toContainText('En ligne');
  await expect(
    anaMenu.getByRole('region', { name: 'Invitations envoyées' }).getByText('Aucune invitation envoyée'),
  ).toBeVisible();
  await expect(beaMenu.getByTestId(`friend-${anaAccount.displayName}`)).toContainText('En ligne');

  await anaSeesBea.getByRole('button', { name: `Discuter avec ${beaAccount.displayName}` }).click();
  const anaChat = ana.getByRole('dialog', { name: `Discussion avec ${beaAccount.displayName}` });
  await expect(anaChat.getByText('En ligne')).toBeVisible();
  await sendMessage(anaChat, 'Bonjour Béa !');
  await expect(
    anaChat.locator('.chat-message:not(.chat-message--pending)').getByText('Bonjour Béa !'),
  ).toBeVisible();

  // Béa, chat closed, sees an unread message, then reads it and answers.
  const beaSeesAna = beaMenu.getByTestId(`friend-${anaAccount.displayName}`);
  await expect(beaSeesAna.getByLabel('1 message non lu')).toBeVisible();
  await beaSeesAna.getByRole('button', { name: `Discuter avec ${anaAccount.displayName}` }).click();
  const beaChat = bea.getByRole('dialog', { name: `Discussion avec ${anaAccount.displayName}` });
  await expect(beaChat.getByText('Bonjour Béa !')).toBeVisible();
  await sendMessage(beaChat, 'Salut Ana :)');
  await expect(anaChat.getByText('Salut Ana :)', { exact: true })).toBeVisible();
  await expect(beaSeesAna.getByLabel('1 message non lu')).toHaveCount(0);

  // Béa closes her tab: Ana sees her go offline, in the chat and in the menu.
  await beaContext.close();
  await expect(anaChat.getByText('Hors ligne')).toBeVisible();
  await ana.keyboard.press('Escape');
  await expect(anaChat).toHaveCount(0);
  await expect(anaSeesBea).toContainText('Hors ligne');
  await anaContext.close();
});

test('a friend is invited into a game from the chat, and sees it live in their lobby', async ({
  browser,
}) => {
  test.slow();
  const [anaContext, beaContext] = [await browser.newContext(), await browser.newContext()];
  const [ana, bea] = [await anaContext.newPage(), await beaContext.newPage()];
  const [anaAccount, beaAccount] = [newAccount(), newAccount()];
  for (const [page, account] of [
    [ana, anaAccount],
    [bea, beaAccount],
  ] as const) {
    await openLanding(page);
    await register(page, account);
  }
  const anaMenu = await sendFriendRequest(ana, beaAccount);
  const beaMenu = await openFriendsMenu(bea);
  await beaMenu
    .getByRole('region', { name: 'Invitations reçues' })
    .getByRole('button', { name: 'Accepter' })
    .click();
  const anaSeesBea = anaMenu.getByTestId(`friend-${beaAccount.displayName}`);
  await expect(anaSeesBea).toBeVisible();

  // Without a game, there is nothing to invite into.
  await anaSeesBea.getByRole('button', { name: `Discuter avec ${beaAccount.displayName}` }).click();
  const anaChat = ana.getByRole('dialog', { name: `Discussion avec ${beaAccount.displayName}` });
  await anaChat.getByRole('button', { name: 'Inviter dans une partie' }).click();
  await expect(anaChat.getByText('Aucune partie active')).toBeVisible();
  await ana.keyboard.press('Escape');
  await expect(anaChat).toHaveCount(0);
  await ana.keyboard.press('Escape');
  await expect(anaMenu).toHaveCount(0);
  await bea.keyboard.press('Escape');
  await expect(beaMenu).toHaveCount(0);

  await ana.getByRole('button', { name: 'Maître du jeu' }).click();
  await ana.getByRole('button', { name: 'Créer une partie' }).click();
  await ana.getByRole('dialog', { name: 'Nouvelle partie' }).getByLabel('Nom de la partie').fill('La Crypte');
  await ana.getByRole('button', { name: 'Créer', exact: true }).click();
  await expect(ana.getByText(/^Partie créée ! Code : /)).toBeVisible();
  await bea.getByRole('button', { name: 'Joueur' }).click();
  await expect(bea.getByText("Vous n'avez reçu aucune invitation.")).toBeVisible();

  const menu = await openFriendsMenu(ana);
  await menu
    .getByTestId(`friend-${beaAccount.displayName}`)
    .getByRole('button', { name: `Discuter avec ${beaAccount.displayName}` })
    .click();
  await anaChat.getByRole('button', { name: 'Inviter dans une partie' }).click();
  await anaChat
    .getByRole('listitem')
    .filter({ hasText: 'La Crypte' })
    .getByRole('button', { name: 'Inviter' })
    .click();
  await expect(anaChat.getByText('Invitation envoyée avec succès !')).toBeVisible();
  await expect(bea.getByRole('listitem', { name: 'La Crypte' })).toBeVisible();

  // A second invitation to the same game waits for Béa's answer.
  await expect(anaChat.getByRole('button', { name: 'Inviter dans une partie' })).toBeVisible();
  await anaChat.getByRole('button', { name: 'Inviter dans une partie' }).click();
  await anaChat
    .getByRole('listitem')
    .filter({ hasText: 'La Crypte' })
    .getByRole('button', { name: 'Inviter' })
    .click();
  await expect(
    anaChat.getByText(
      'Ce joueur a déjà reçu une invitation pour cette partie. Veuillez attendre sa réponse.',
    ),
  ).toBeVisible();
  await anaContext.close();
  await beaContext.close();
});
