import { expect, test } from '@playwright/test';
import {
  budget,
  chooseBoosts,
  expectRefusal,
  openCreation,
  press,
  save,
  spendSkillPoints,
  spendStatPoints,
} from './helpers/characters';
import { newAccount, openLanding, register } from './helpers/ui';

test('a player spends every budget, is refused until then, creates a character and opens its sheet', async ({
  page,
}, testInfo) => {
  const shot = (name: string) =>
    page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  await openLanding(page);
  await register(page, newAccount());

  await openCreation(page);
  await expect(budget(page, 'Points de statistiques')).toHaveText('30 / 30 restants');
  await expect(page.getByTestId('derived-HP')).toHaveText('27');
  await shot('creation-start');

  await save(page);
  await expectRefusal(page, 'Veuillez indiquez un nom pour votre personnage');
  const name = page.getByLabel('Nom du personnage');
  await expect(name).toHaveAttribute('maxlength', '10');
  // The input stops typing at 10; a pasted or scripted longer name must still be refused.
  await name.evaluate((input: HTMLInputElement) => input.removeAttribute('maxlength'));
  await name.fill('Onzelettres');
  await save(page);
  await expectRefusal(page, 'Le nom du personnage ne peut pas dépasser 10 caractères');
  await name.fill('Aria');

  await save(page);
  await expectRefusal(page, 'Veuillez utilisez tout vos boost de capacité de combat');
  await shot('creation-refusal-boosts');
  await chooseBoosts(page, 'Arme de force', 'Aspect');
  await expect(page.getByRole('checkbox', { name: 'Runes', exact: true })).toBeDisabled();

  await save(page);
  await expectRefusal(page, 'Veuillez utilisez tout vos points de statistiques');
  await press(page, 'Augmenter Force', 9);
  await press(page, 'Augmenter Endurance', 5);
  await expect(budget(page, 'Points de statistiques')).toHaveText('13 / 30 restants');
  await expect(page.getByTestId('derived-HP')).toHaveText('33');
  // A refund gives back what the raise took.
  await press(page, 'Diminuer Force');
  await expect(budget(page, 'Points de statistiques')).toHaveText('16 / 30 restants');
  await press(page, 'Augmenter Force');
  await shot('creation-midway');
  await press(page, 'Diminuer Force', 9);
  await press(page, 'Diminuer Endurance', 5);
  await spendStatPoints(page);
  await expect(budget(page, 'Points de statistiques')).toHaveText('0 / 30 restants');
  await expect(page.getByRole('button', { name: 'Augmenter Instinct', exact: true })).toBeDisabled();

  await save(page);
  await expectRefusal(page, 'Veuillez utilisez tout vos points de compétences');
  await shot('creation-refusal-skills');
  await spendSkillPoints(page);
  await expect(page.getByTestId('skill-bonus-athletisme')).toHaveText('+6');

  await page.getByLabel("Lien de l'image").fill('https://ailleurs.example/Player_Aria.png');
  await save(page);
  await expectRefusal(page, "URL invalide, veuillez vous adressez au MJ pour plus d'information.");
  await page.getByLabel("Lien de l'image").fill('https://images.shatteredrealms.fr/Player_Aria.png');

  await expect(page.getByTestId('derived-HP')).toHaveText('36');
  await expect(page.getByTestId('derived-soulEssence')).toHaveText('110');
  await expect(page.getByTestId('derived-deplacement')).toHaveText('5');
  await expect(page.getByTestId('derived-defense')).toHaveText('11');
  await save(page);
  await expect(page.getByText('Joueur créé avec succès')).toBeVisible();
  await shot('creation-created');
  // Created outside any game: back home.
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
  await expect(page).toHaveURL(/\/shatteredrealms\/?$/);

  const [character] = await page.evaluate(async () => {
    const response = await fetch('/shatteredrealms/api/players', {
      headers: { authorization: `Bearer ${localStorage.getItem('jwt')}` },
    });
    return (await response.json()) as Array<{ id: string; name: string }>;
  });
  expect(character?.name).toBe('Aria');

  await page.goto(`view?id=${character!.id}`);
  await expect(page.getByRole('heading', { name: 'Aria' })).toBeVisible();
  await expect(page.getByLabel('Force', { exact: true })).toHaveText('17');
  await expect(page.getByRole('meter', { name: "Noyau d'âme" })).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByTestId('sheet-skill-athletisme')).toHaveText('+6');
  await expect(page.getByRole('img', { name: 'Aria' })).toBeVisible();
  await shot('sheet');

  await page.getByLabel("Lien de l'image").fill('https://ailleurs.example/x.png');
  await page.getByRole('button', { name: "Mettre à jour l'image" }).click();
  await expectRefusal(page, "URL invalide, veuillez vous adressez au MJ pour plus d'information.");
  await page.getByLabel("Lien de l'image").fill('');
  await page.getByRole('button', { name: "Mettre à jour l'image" }).click();
  await expect(page.getByRole('img', { name: 'Aria' })).toHaveCount(0);
});

test("another user's sheet is refused", async ({ page, browser }) => {
  await openLanding(page);
  await register(page, newAccount());
  await openCreation(page);
  await page.getByLabel('Nom du personnage').fill('Secret');
  await chooseBoosts(page, 'Runes', "Arme d'agilité");
  await spendStatPoints(page);
  await spendSkillPoints(page);
  await save(page);
  await expect(page.getByText('Joueur créé avec succès')).toBeVisible();
  const id = await page.evaluate(async () => {
    const response = await fetch('/shatteredrealms/api/players', {
      headers: { authorization: `Bearer ${localStorage.getItem('jwt')}` },
    });
    return ((await response.json()) as Array<{ id: string }>)[0]!.id;
  });

  const other = await browser.newPage();
  await openLanding(other);
  await register(other, newAccount());
  await other.goto(`view?id=${id}`);
  await expect(other.getByRole('alert')).toHaveText('Personnage introuvable.');
  await expect(other.getByRole('heading', { name: 'Secret' })).toHaveCount(0);
  await other.close();
});
