import { expect, type Page } from '@playwright/test';

/** Small steps that make end-to-end tests read like what a person does on the landing page. */

export interface TestAccount {
  email: string;
  password: string;
  displayName: string;
}

let counter = 0;
export function newAccount(): TestAccount {
  counter += 1;
  const tag = `${Date.now().toString(36).slice(-4)}${counter}${Math.floor(Math.random() * 100)}`;
  return { email: `joueur-${tag}@example.test`, password: 'secret-123', displayName: `J${tag}`.slice(0, 10) };
}

export async function openLanding(page: Page): Promise<void> {
  await page.goto('./');
  await expect(page.getByRole('button', { name: 'Entrer' })).toBeVisible();
}

export async function openLoginOverlay(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Entrer' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
}

export async function fillRegistration(
  page: Page,
  account: TestAccount,
  confirmation: string = account.password,
): Promise<void> {
  await page.getByRole('button', { name: 'Créer un compte' }).first().click();
  await expect(page.getByRole('heading', { name: 'Inscription' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Inscription' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel("Nom d'affichage").fill(account.displayName);
  await form.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await form.getByLabel('Confirmer le mot de passe').fill(confirmation);
  await form.getByRole('button', { name: 'Créer un compte' }).click();
}

export async function register(page: Page, account: TestAccount): Promise<void> {
  await openLoginOverlay(page);
  await fillRegistration(page, account);
  await expectModeChoice(page);
}

export async function login(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
}

export async function expectModeChoice(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Maître du jeu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Joueur' })).toBeVisible();
}

export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toHaveCount(0);
}
