import { expect, test } from '@playwright/test';
import { validCharacterBody } from '../helpers/characters';
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
import { openSignedIn, ownServer } from './helpers/own-server';
import { gameWithPlayer } from './helpers/party';
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

test.describe('the sheet of a character in a game', () => {
  const server = ownServer();

  test('the player equips the weapon the MJ gave, sees the bonus and its attacks, and feeds a shard to the core; each open sheet follows the other’s changes', async ({
    browser,
  }, testInfo) => {
    const { mj, player, gameId } = await gameWithPlayer(server, 'Les Terres Brisées');
    const created = await server.api<{ id: string }>(
      'POST',
      '/players',
      validCharacterBody('Aria', gameId),
      player.token,
    );
    const id = created.body.id;
    // The MJ's calls of the per-game admin page: a weapon, its attack, a stack of shards, given to Aria.
    const asMj = async (path: string, body: object) => {
      const response = await server.api<{ id: string }>(
        'POST',
        `/game-data/${gameId}/${path}`,
        body,
        mj.token,
      );
      expect(response.status).toBeLessThan(300);
      return response.body.id;
    };
    const blade = await asMj('memory', {
      name: 'Lame FOR',
      type: 'Arme',
      stat: [
        { stat: 'athletisme', bonus: 2 },
        { stat: 'damage', bonus: '1d4' },
      ],
    });
    await asMj('attack', { name: 'Taille', weaponType: 'Force', damageRoll: '1d10+2', cost: 'AS' });
    const helmet = await asMj('memory', {
      name: 'Heaume',
      type: 'Casque',
      stat: [{ stat: 'savoir', bonus: 1 }],
    });
    const shard = await asMj('item', { name: 'Awakened Soul Shard', type: 'Fragment' });
    await asMj('assign/memory', { resourceId: blade, playerId: id });
    await asMj('assign/memory', { resourceId: helmet, playerId: id });
    await asMj('assign/item', { resourceId: shard, playerId: id, quantity: 3 });

    const open = async (user: typeof mj) => {
      const page = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
      await openSignedIn(page, server, user, `/view?id=${id}&gameId=${gameId}`);
      await expect(page.getByRole('heading', { name: 'Aria' })).toBeVisible();
      return page;
    };
    const page = await open(player);
    const mjPage = await open(mj);
    const attacks = page.getByRole('region', { name: 'Attaques' });
    await expect(attacks).toContainText('Aucune arme équipée');
    await expect(page.getByTestId('sheet-skill-athletisme')).toHaveText('+6');
    await expect(page.getByTestId('slot-Arme')).toContainText('Emplacement libre');

    await page.getByRole('button', { name: 'Équiper Lame FOR' }).click();
    await expect(page.getByTestId('sheet-skill-athletisme')).toHaveText('+8(+2)');
    await expect(page.getByTestId('slot-Arme')).toContainText('Lame FOR');
    await expect(attacks).toContainText('Taille');
    await expect(attacks).toContainText('1d10+1d4+2');
    // The MJ's sheet hears equipmentChange and reads the sheet again.
    await expect(mjPage.getByTestId('sheet-skill-athletisme')).toHaveText('+8(+2)');
    await page.getByRole('button', { name: 'Équiper Heaume' }).click();
    await expect(page.getByTestId('sheet-skill-savoir')).toHaveText('+6(+1)');

    const inventory = page.getByRole('region', { name: 'Inventaire' });
    await expect(inventory.getByLabel('Quantité de Awakened Soul Shard')).toHaveText('×3');
    await inventory.getByLabel('Nombre de Awakened Soul Shard à consommer').fill('2');
    await inventory.getByRole('button', { name: 'Consommer' }).click();
    await expect(page.getByRole('meter', { name: "Noyau d'âme" })).toHaveAttribute('aria-valuenow', '54');
    await expect(inventory.getByLabel('Quantité de Awakened Soul Shard')).toHaveText('×1');
    await expect(inventory.getByRole('status')).toHaveText('2 Soul Shards consommés : noyau d’âme à 54.');
    await expect(mjPage.getByRole('meter', { name: "Noyau d'âme" })).toHaveAttribute('aria-valuenow', '54');
    await page.screenshot({ path: testInfo.outputPath('sheet-equipped.png'), fullPage: true });

    await expect(inventory.getByLabel('Nombre de Awakened Soul Shard à consommer')).toHaveValue('1');
    await inventory.getByRole('button', { name: 'Consommer' }).click();
    await expect(inventory).toContainText("Aucun objet dans l'inventaire");
    await expect(page.getByRole('meter', { name: "Noyau d'âme" })).toHaveAttribute('aria-valuenow', '81');

    await page.getByRole('button', { name: 'Retirer Lame FOR' }).first().click();
    await expect(attacks).toContainText('Aucune arme équipée');
    await expect(page.getByTestId('sheet-skill-athletisme')).toHaveText('+6');
    await expect(mjPage.getByTestId('sheet-skill-athletisme')).toHaveText('+6');
    // A gift of the MJ's admin page reaches the player's open sheet without a reload.
    await asMj('assign/item', { resourceId: shard, playerId: id, quantity: 2 });
    await expect(inventory.getByLabel('Quantité de Awakened Soul Shard')).toHaveText('×2');
  });
});
