// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MapToken, TableRole } from '../../src/domain/table/types';
import { goblinToken } from './table-fixtures';
import { FloatingMenu } from '../../src/ui/game/FloatingMenu';
import { TokenMenu } from '../../src/ui/game/TokenMenu';

afterEach(cleanup);

function tokenOf(over: Partial<MapToken> = {}): MapToken {
  return goblinToken(over);
}

function renderMenu(token: MapToken, role: TableRole = 'mj') {
  const onRemove = vi.fn();
  const props = {
    role,
    controllable: true,
    onClose: vi.fn(),
    onAdjust: vi.fn(),
    onToggleVisibility: vi.fn(),
    onRemove,
    onDetails: vi.fn(),
    onStrike: vi.fn(),
    onCondition: vi.fn(),
    onResize: vi.fn(),
  };
  const view = render(<TokenMenu token={token} {...props} />);
  return {
    onRemove,
    onResize: props.onResize,
    rerender: (next: MapToken) => view.rerender(<TokenMenu token={next} {...props} />),
  };
}

describe('the token menu', () => {
  it('asks before removing a token: one click removes nothing, Confirmer removes', () => {
    const { onRemove } = renderMenu(tokenOf());
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer le pion' }));
    expect(onRemove).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: 'Retirer ce pion de la carte ?' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('lets the removal be called off, and never carries the question over to another token', () => {
    const { onRemove, rerender } = renderMenu(tokenOf());
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer le pion' }));
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onRemove).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Confirmer' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Supprimer le pion' }));
    rerender(tokenOf({ usableId: 'gobelin-2', name: 'Gobelin 2' }));
    expect(screen.queryByRole('button', { name: 'Confirmer' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Supprimer le pion' })).toBeTruthy();
  });

  it('lets the MJ set any token’s « Taille » by the monster form’s names, and only the managers', () => {
    const { onResize } = renderMenu(tokenOf({ isPlayer: true, name: 'Aria', size: 1 }));
    const size = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Taille' });
    expect(size.value).toBe('Moyenne');
    expect([...size.options].map((option) => option.text)).toEqual([
      'Très petite (1\u00a0case)',
      'Petite (1\u00a0case)',
      'Moyenne (1\u00a0case)',
      'Grande (2\u00a0×\u00a02\u00a0cases)',
      'Très grande (3\u00a0×\u00a03\u00a0cases)',
      'Gigantesque (4\u00a0×\u00a04\u00a0cases)',
    ]);
    fireEvent.change(size, { target: { value: 'Grande' } });
    expect(onResize).toHaveBeenCalledWith('Grande');
    cleanup();
    renderMenu(tokenOf({ size: 3 }));
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Taille' }).value).toBe('Très grande');
    cleanup();
    renderMenu(tokenOf({ isPlayer: true, name: 'Aria' }), 'player');
    expect(screen.queryByRole('combobox', { name: 'Taille' })).toBeNull();
  });

  it('shows a player a monster’s state where the MJ reads its HP', () => {
    renderMenu(tokenOf({ currentHP: 9 }));
    expect(screen.getByText('9 / 12')).toBeTruthy();
    cleanup();
    renderMenu(tokenOf({ HP: null, currentHP: null, health: 'wounded' }), 'player');
    const menu = screen.getByRole('dialog', { name: 'Gobelin 1' });
    expect(menu.textContent).toContain('État');
    expect(menu.textContent).toContain('Blessé');
    expect(menu.textContent).not.toMatch(/PV|\d+ \/ \d+|12/);
  });

  it('closes on Escape from its « Taille » and a condition’s duration, and gives the focus back to the token', () => {
    const onClose = vi.fn();
    render(
      <>
        <div role="button" tabIndex={0} data-usable-id="gobelin-1">
          Gobelin 1
        </div>
        <FloatingMenu
          at={{ x: 10, y: 10 }}
          onClose={onClose}
          returnFocusTo={() => document.querySelector<HTMLElement>('[data-usable-id="gobelin-1"]')}
        >
          <TokenMenu
            token={tokenOf({ conditions: [{ id: 'a', kind: 'stunned', roundsLeft: 2 }] })}
            role="mj"
            controllable
            onClose={onClose}
            onAdjust={vi.fn()}
            onToggleVisibility={vi.fn()}
            onRemove={vi.fn()}
            onDetails={vi.fn()}
            onStrike={vi.fn()}
            onCondition={vi.fn()}
            onResize={vi.fn()}
          />
        </FloatingMenu>
      </>,
    );
    const token = screen.getByRole('button', { name: 'Gobelin 1' });
    for (const select of [
      screen.getByRole('combobox', { name: 'Taille' }),
      screen.getByRole('combobox', { name: /^Durée de/ }),
    ]) {
      onClose.mockClear();
      select.focus();
      fireEvent.keyDown(select, { key: 'Escape' });
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(document.activeElement).toBe(token);
    }
  });
});
