// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MapToken } from '../../src/domain/table/types';
import { goblinToken } from './table-fixtures';
import { MapTokenView } from '../../src/ui/game/MapToken';
import { nameShownFrom } from '../../src/ui/game/name-room';

afterEach(cleanup);

function tokenOf(over: Partial<MapToken> = {}): MapToken {
  return goblinToken({ inTurnOrder: true, ...over });
}

const view = (
  token: MapToken,
  playing?: boolean,
  more: { fogged?: boolean; nameRoom?: number; place?: string } = {},
) =>
  render(
    <MapTokenView
      token={token}
      x={10}
      y={10}
      controllable={false}
      dragging={false}
      remote={false}
      playing={playing}
      {...more}
    />,
  );

describe('a token on the map', () => {
  it('wears the ring of the one whose turn it is, and says so', () => {
    view(tokenOf(), true);
    const token = screen.getByRole('button', { name: /^Gobelin 1,/ });
    expect(token.className).toContain('map-token--playing');
    expect(token.getAttribute('aria-label')).toContain('à son tour');
  });

  it('is dimmed under the fog, and says so', () => {
    view(tokenOf(), false, { fogged: true });
    const token = screen.getByRole('button', { name: /^Gobelin 1,/ });
    expect(token.className).toContain('map-token--fogged');
    expect(token.getAttribute('aria-label')).toContain('dans le brouillard');
  });

  it('wears no ring out of its turn', () => {
    view(tokenOf());
    const token = screen.getByRole('button', { name: /^Gobelin 1,/ });
    expect(token.className).not.toContain('map-token--playing');
    expect(token.getAttribute('aria-label')).not.toContain('à son tour');
  });

  it('shows the MJ a monster’s HP, and a player only its state', () => {
    view(tokenOf({ currentHP: 5 }));
    expect(screen.getByRole('button', { name: 'Gobelin 1, 5 PV sur 12' })).toBeTruthy();
    cleanup();
    view(tokenOf({ HP: null, currentHP: null, health: 'badlyWounded' }));
    const token = screen.getByRole('button', { name: 'Gobelin 1, gravement blessé' });
    expect(token.outerHTML).not.toMatch(/PV|\/ ?12|12 ?\//);
    cleanup();
    view(tokenOf({ HP: null, currentHP: null, health: 'dead' }));
    expect(screen.getByRole('button', { name: 'Gobelin 1, mort' }).className).toContain('map-token--dead');
  });
});

describe('a token’s name', () => {
  it('says who, where and how, its conditions last, the initials drawn, not written', () => {
    view(
      tokenOf({
        name: 'Aria',
        isPlayer: true,
        HP: 29,
        currentHP: 19,
        conditions: [{ id: 'k1', kind: 'prone', roundsLeft: null }],
      }),
      false,
      { place: 'C4' },
    );
    const token = screen.getByRole('button', { name: 'Aria, en C4, 19 PV sur 29, À terre' });
    // The initials are drawn from an attribute: no text in the token its name would have to contain.
    const initials = token.querySelector('.map-token__initials')!;
    expect([initials.getAttribute('data-initials'), initials.textContent]).toEqual(['AR', '']);
  });
});

describe('a token of its creature’s size', () => {
  it('covers its cells: three a side for a huge monster, one for a token from before sizes', () => {
    view(tokenOf({ size: 3 }));
    const huge = screen.getByRole('button', { name: /^Gobelin 1,/ });
    expect(huge.style.getPropertyValue('--token-cells')).toBe('3');
    cleanup();
    view(tokenOf());
    expect(screen.getByRole('button', { name: /^Gobelin 1,/ }).style.getPropertyValue('--token-cells')).toBe(
      '1',
    );
  });
});

describe('a token’s name', () => {
  it('is drawn in the room it has, and says from which zoom it is legible there', () => {
    view(tokenOf(), false, { nameRoom: 75 });
    const token = screen.getByRole('button', { name: /^Gobelin 1,/ });
    expect(token.style.getPropertyValue('--name-room')).toBe('75px');
    expect(Number(token.style.getPropertyValue('--name-from'))).toBeCloseTo(nameShownFrom(75), 9);
  });
});
