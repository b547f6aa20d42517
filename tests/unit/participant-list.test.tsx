// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MapToken } from '../../src/domain/table/types';
import { goblinToken } from './table-fixtures';
import { ParticipantList } from '../../src/ui/game/ParticipantList';

afterEach(cleanup);

function tokenOf(over: Partial<MapToken>): MapToken {
  return goblinToken({ currentHP: 9, ...over });
}

function renderList() {
  const actions = { adjust: vi.fn(), toggleVisibility: vi.fn(), toggleTurn: vi.fn(), focus: vi.fn() };
  render(
    <ParticipantList
      tokens={[
        tokenOf({}),
        tokenOf({
          usableId: 'aelis',
          itemId: 'c-aelis',
          name: 'Aelis',
          isPlayer: true,
          HP: 30,
          currentHP: 30,
          soulEssence: 20,
          currentSoulEssence: 15,
          inTurnOrder: true,
          visibility: false,
        }),
      ]}
      actions={actions}
    />,
  );
  return actions;
}

describe('the MJ’s management list', () => {
  it('lists characters first, each with its health, soul essence, visibility and place in the turn order', () => {
    renderList();
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Aelis', 'Gobelin 1']);
    const aelis = within(rows[0]!);
    expect(aelis.getByText('30 / 30')).toBeTruthy();
    expect(aelis.getByText('15 / 20')).toBeTruthy();
    expect(aelis.getByRole('checkbox', { name: 'Ordre de tour' })).toHaveProperty('checked', true);
    expect(aelis.getByRole('button', { name: 'Montrer aux joueurs' })).toBeTruthy();
    expect(within(rows[1]!).getByText('9 / 12')).toBeTruthy();
  });

  it('acts on the token of its row: health, soul essence, visibility, turn order, and finds it on the map', () => {
    const actions = renderList();
    const goblin = within(screen.getByRole('listitem', { name: 'Gobelin 1' }));
    fireEvent.change(goblin.getByLabelText('Montant (PV)'), { target: { value: '4' } });
    fireEvent.click(goblin.getByRole('button', { name: 'Retirer des PV' }));
    expect(actions.adjust).toHaveBeenCalledWith('gobelin-1', 'HP', 'decrease', 4);
    fireEvent.click(goblin.getByRole('button', { name: 'Masquer aux joueurs' }));
    expect(actions.toggleVisibility).toHaveBeenCalledWith('gobelin-1');
    fireEvent.click(goblin.getByRole('checkbox', { name: 'Ordre de tour' }));
    expect(actions.toggleTurn).toHaveBeenCalledWith('gobelin-1');
    fireEvent.click(goblin.getByRole('button', { name: /^Gobelin 1/ }));
    expect(actions.focus).toHaveBeenCalledWith('gobelin-1');

    const aelis = within(screen.getByRole('listitem', { name: 'Aelis' }));
    fireEvent.click(aelis.getByRole('button', { name: 'Ajouter des Essence d’âme' }));
    expect(actions.adjust).toHaveBeenCalledWith('aelis', 'soulEssence', 'increase', 1);
  });

  it('refuses an amount that is not a whole number, asking nothing of the server', () => {
    const actions = renderList();
    const goblin = within(screen.getByRole('listitem', { name: 'Gobelin 1' }));
    fireEvent.change(goblin.getByLabelText('Montant (PV)'), { target: { value: '-3' } });
    fireEvent.click(goblin.getByRole('button', { name: 'Ajouter des PV' }));
    expect(actions.adjust).not.toHaveBeenCalled();
    expect(goblin.getByRole('alert')).toBeTruthy();
  });
});
