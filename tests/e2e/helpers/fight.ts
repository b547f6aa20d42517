import { expect, type Browser } from '@playwright/test';
import type { TestServer } from '../../helpers/server';
import { tableOf, tableWithHero } from './table';

/** Where a token stands, in cells from the map's corner (its centre: 4.5 is the fifth cell's middle). */
interface Cells {
  x: number;
  y: number;
}

/**
 * The fight the replay's and the recap's specs play: the MJ's « La Lande » on the map « Lande »,
 * Aelis placed by her player, a wolf and a spectre by the MJ, the spectre hidden from the players
 * (the player's page shows no spectre once it is).
 */
export async function fightWithHiddenSpectre(
  server: TestServer,
  browser: Browser,
  { aelis, wolf, spectre }: { aelis: Cells; wolf: Cells; spectre: Cells },
) {
  const table = await tableWithHero(server, browser, {
    game: 'La Lande',
    map: 'Lande',
    monsters: [
      { name: 'Loup', HP: 40, AC: 1 },
      { name: 'Spectre', HP: 40, AC: 1 },
    ],
  });
  const { master, hero } = table;
  const cell = await tableOf(hero).cellOnScreen();
  const at = ({ x, y }: Cells) => ({ x: x * cell, y: y * cell });
  await tableOf(hero).placeFromMenu(at(aelis), 'Aelis');
  await tableOf(master).placeFromMenu(at(wolf), 'Loup');
  await tableOf(master).placeFromMenu(at(spectre), 'Spectre');
  await tableOf(master).token('Spectre 1').click();
  await master.getByRole('button', { name: 'Masquer aux joueurs' }).click();
  await master.getByRole('button', { name: 'Fermer' }).first().click();
  await expect(tableOf(hero).token('Spectre')).toHaveCount(0);
  return { ...table, cell };
}
