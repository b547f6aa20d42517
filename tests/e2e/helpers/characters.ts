import { expect, type Page } from '@playwright/test';

/** Steps of the creation page as a player takes them. */

export async function openCreation(page: Page, gameId?: string): Promise<void> {
  await page.goto(gameId ? `creation?gameId=${encodeURIComponent(gameId)}` : 'creation');
  await expect(page.getByRole('heading', { name: 'Création de personnage' })).toBeVisible();
}

export async function press(page: Page, name: string, times = 1): Promise<void> {
  const button = page.getByRole('button', { name, exact: true });
  for (let i = 0; i < times; i += 1) await button.click();
}

export async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Créer le personnage' }).click();
}

/** The refusal is among those the page shows (all at once). */
export async function expectRefusal(page: Page, text: string): Promise<void> {
  await expect(page.getByRole('alert')).toContainText(text);
}

export async function chooseBoosts(page: Page, ...capacities: string[]): Promise<void> {
  for (const capacity of capacities)
    await page.getByRole('checkbox', { name: capacity, exact: true }).check();
}

/** 30 stat points: Force 17 (12), Endurance 15 (7), Sagesse 15 (7), Agilité 12 (4). */
export async function spendStatPoints(page: Page): Promise<void> {
  await press(page, 'Augmenter Force', 9);
  await press(page, 'Augmenter Endurance', 7);
  await press(page, 'Augmenter Sagesse', 7);
  await press(page, 'Augmenter Agilité', 4);
}

/** 10 skill points: Athlétisme, Savoir, Perception 3 each, Médecine 1. */
export async function spendSkillPoints(page: Page): Promise<void> {
  await press(page, 'Augmenter Athlétisme', 3);
  await press(page, 'Augmenter Savoir', 3);
  await press(page, 'Augmenter Perception', 3);
  await press(page, 'Augmenter Médecine', 1);
}

/** What a budget shows as left, e.g. '12 / 30 restants'. */
export function budget(page: Page, label: string) {
  return page.getByTestId(`budget-${label}`);
}
