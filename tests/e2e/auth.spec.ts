import { expect, test } from '@playwright/test';
import {
  expectModeChoice,
  fillRegistration,
  login,
  logout,
  newAccount,
  openLanding,
  openLoginOverlay,
  register,
} from './helpers/ui';

// The one spec that enters through the animated gate (collapse, burst, then the overlay), as most
// visitors see it; every other spec asks for reduced motion (playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

test('a visitor registers, logs out, logs back in, chooses a mode and keeps the session on reload', async ({
  page,
}) => {
  const account = newAccount();
  await openLanding(page);
  await register(page, account);
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeTruthy();
  // Signed in by the registration itself, the new account still reads its success.
  await expect(page.getByRole('status').filter({ hasText: 'Inscription réussie' })).toBeVisible();

  await logout(page);
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();

  await openLoginOverlay(page);
  await login(page, account.email, account.password);
  await expectModeChoice(page);
  await expect(page.getByText('Inscription réussie')).toHaveCount(0);

  await page.getByRole('button', { name: 'Joueur' }).click();
  await expect(page.getByRole('heading', { name: 'Joueur' })).toBeVisible();
  await expect(page.getByText(account.displayName).first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
  await expect(page.getByText(account.displayName).first()).toBeVisible();

  await logout(page);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toHaveCount(0);
});

test('a wrong password shows the server text and keeps the visitor out', async ({ page }) => {
  const account = newAccount();
  await openLanding(page);
  await register(page, account);
  await logout(page);

  await openLoginOverlay(page);
  await login(page, account.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText(/Email ou mot de passe incorrect|Échec de la connexion/);
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toHaveCount(0);
});

test('registration refuses mismatched passwords and an 11-character name with the spec texts', async ({
  page,
}) => {
  await openLanding(page);
  await openLoginOverlay(page);

  await fillRegistration(page, newAccount(), 'autre-chose');
  await expect(page.getByRole('alert')).toHaveText('Les mots de passe ne correspondent pas.');

  const form = page.getByRole('form', { name: 'Inscription' });
  const nameInput = form.getByLabel("Nom d'affichage");
  // Nothing cuts the name as it is typed: the field counts, and the form refuses 11 characters.
  await nameInput.fill('Onze-lettre');
  await form.getByLabel('Confirmer le mot de passe').fill('secret-123');
  await form.getByLabel('Mot de passe', { exact: true }).fill('secret-123');
  await form.getByRole('button', { name: 'Créer un compte' }).click();
  await expect(page.getByRole('alert')).toHaveText("Le nom d'affichage ne peut pas dépasser 10 caractères.");
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
});
