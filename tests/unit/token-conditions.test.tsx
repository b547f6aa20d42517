// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TokenCondition } from '../../src/domain/table/conditions';
import { MapTokenView } from '../../src/ui/game/MapToken';
import { ConditionsEditor } from '../../src/ui/conditions/ConditionsEditor';
import { goblinToken } from './table-fixtures';

afterEach(cleanup);

const five: TokenCondition[] = [
  { id: 'a', kind: 'stunned', roundsLeft: 2 },
  { id: 'b', kind: 'prone', roundsLeft: null },
  { id: 'c', kind: 'custom', label: 'Béni', roundsLeft: 1 },
  { id: 'd', kind: 'poisoned', roundsLeft: null },
  { id: 'e', kind: 'charmed', roundsLeft: 3 },
];

describe('conditions on a map token', () => {
  it('shows three, then how many more, and names them all in the token’s name', () => {
    const { container } = render(
      <MapTokenView
        token={goblinToken({ conditions: five })}
        x={0}
        y={0}
        controllable={false}
        dragging={false}
        remote={false}
      />,
    );
    const row = container.querySelector('.token-conditions')!;
    expect(
      [...row.querySelectorAll('[data-condition]')].map((icon) => icon.getAttribute('data-condition')),
    ).toEqual(['stunned', 'prone']);
    expect([...row.querySelectorAll('[data-label]')].map((chip) => chip.getAttribute('data-label'))).toEqual([
      'Béni',
      '+2',
    ]);
    expect(screen.getByRole('button').getAttribute('aria-label')).toMatch(
      /, Étourdi, À terre, Béni, Empoisonné, Charmé$/,
    );
  });

  it('keeps a mark’s words out of the token’s text, which its name must contain (WCAG 2.5.3)', () => {
    const token = goblinToken({ conditions: five });
    render(<MapTokenView token={token} x={0} y={0} controllable={false} dragging={false} remote={false} />);
    const button = screen.getByRole('button');
    const written = button.textContent ?? '';
    expect(written).not.toMatch(/Béni|\+2/);
    expect(button.getAttribute('aria-label')).toContain(written);
    expect(button.getAttribute('aria-label')).toContain(token.name);
  });

  it('adds nothing to a token bearing none', () => {
    const { container } = render(
      <MapTokenView token={goblinToken()} x={0} y={0} controllable={false} dragging={false} remote={false} />,
    );
    expect(container.querySelector('.token-conditions')).toBeNull();
  });
});

describe('the conditions of a token’s menu', () => {
  it('marks a condition or a mark with its duration, and takes one off by its name', () => {
    const onChange = vi.fn();
    render(<ConditionsEditor conditions={five.slice(0, 1)} editable onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('État'), { target: { value: 'blinded' } });
    fireEvent.change(screen.getByLabelText('Durée en rounds'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Poser' }));
    expect(onChange).toHaveBeenLastCalledWith({ op: 'add', kind: 'blinded', rounds: 3 });

    fireEvent.change(screen.getByLabelText('État'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('Marque'), { target: { value: 'Béni' } });
    fireEvent.change(screen.getByLabelText('Durée en rounds'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Poser' }));
    expect(onChange).toHaveBeenLastCalledWith({ op: 'add', kind: 'custom', label: 'Béni', rounds: null });

    fireEvent.click(screen.getByRole('button', { name: 'Retirer «\u00a0Étourdi\u00a0»' }));
    expect(onChange).toHaveBeenLastCalledWith({ op: 'remove', conditionId: 'a' });
  });

  it('changes the rounds left of a condition already marked, from 1 to 99 or none', () => {
    const onChange = vi.fn();
    render(<ConditionsEditor conditions={five.slice(0, 2)} editable onChange={onChange} />);
    const stunned = screen.getByRole<HTMLSelectElement>('combobox', {
      name: 'Durée de «\u00a0Étourdi\u00a0»',
    });
    const prone = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Durée de «\u00a0À terre\u00a0»' });
    expect([stunned.value, prone.value]).toEqual(['2', '']);
    expect(stunned.options).toHaveLength(100);
    expect([stunned.options[0]!.text, stunned.options[1]!.text, stunned.options[99]!.text]).toEqual([
      'sans durée',
      '1 round',
      '99 rounds',
    ]);
    fireEvent.change(stunned, { target: { value: '5' } });
    expect(onChange).toHaveBeenLastCalledWith({ op: 'set', conditionId: 'a', rounds: 5 });
    fireEvent.change(stunned, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ op: 'set', conditionId: 'a', rounds: null });
    fireEvent.change(prone, { target: { value: '1' } });
    expect(onChange).toHaveBeenLastCalledWith({ op: 'set', conditionId: 'b', rounds: 1 });
  });

  it('shows another’s token’s conditions without a way to change them', () => {
    render(<ConditionsEditor conditions={five} editable={false} onChange={vi.fn()} />);
    const list = screen.getByRole('list');
    expect(within(list).getByRole('img', { name: 'Étourdi (2 rounds)' })).toBeTruthy();
    expect(within(list).getByRole('img', { name: 'Béni (1 round)' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByLabelText('État')).toBeNull();
  });
});
