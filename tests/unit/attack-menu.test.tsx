// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { attackNumbers } from '../../src/domain/table/attack-numbers';
import { attackMenuMachine, type Arsenal } from '../../src/machines/attack-menu.machine';
import { AttackMenu } from '../../src/ui/game/AttackMenu';
import { attackOf, simpleAttack } from '../helpers/attack-board';

const sword = { stat: [{ stat: 'damage', bonus: '1d4' }] };
const arsenal: Arsenal = {
  weapon: 'Épée FOR',
  simple: simpleAttack,
  attacks: [
    attackOf({ kind: 'weapon', attackId: 'a-taillade' }, 'Taillade', {
      ...attackNumbers({ damageRoll: '1d8+2', cost: 'AS' }, sword),
    }),
  ],
  movement: 4,
};

describe('AttackMenu', () => {
  afterEach(cleanup);

  it('shows each attack’s dice, the weapon’s included, and its essence cost', async () => {
    const menu = createActor(
      attackMenuMachine.provide({ actors: { 'load arsenal': fromPromise(async () => arsenal) } }),
      { input: { playerId: 'c-ana', gameId: 'G1' } },
    ).start();
    render(<AttackMenu menu={menu} />);
    fireEvent.click(screen.getByRole('button', { name: 'Attaquer' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Dégâts\u00a0: 1d10+7 · Essence\u00a0: 0'),
      expect.stringContaining('Dégâts\u00a0: 1d8+1d4+2 · Essence\u00a0: 10'),
    ]);
  });
});
