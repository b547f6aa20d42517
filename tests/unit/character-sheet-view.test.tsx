// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEVER } from 'rxjs';
import { createActor, fromEventObservable, fromPromise } from 'xstate';
import type { CharacterSheet } from '../../src/api/schemas/characters';
import { noSkillPoints } from '../../src/domain/character/skills';
import { startingStats } from '../../src/domain/character/stats';
import { attackNumbers, type AttackBase } from '../../src/domain/table/attack-numbers';
import { characterSheetMachine, type SheetData } from '../../src/machines/character-sheet.machine';
import { CharacterSheetView } from '../../src/ui/sheet/CharacterSheetView';
import { SHEET_WINDOW } from '../../src/ui/sheet/sheet-window';

afterEach(() => {
  cleanup();
  window.name = '';
  vi.restoreAllMocks();
});

const sheet = {
  id: 'c-1',
  name: 'Aria',
  userId: 'u-1',
  gameId: 'g-7f3a',
  assetLink: null,
  ...startingStats(),
  skills: noSkillPoints(),
  soulCore: 0,
  memories: [],
  items: [],
  echoes: [],
  runes: [],
  aspectAbilities: [],
  table: null,
} as unknown as CharacterSheet;

async function showSheet(data: Partial<SheetData> = {}) {
  const actor = createActor(
    characterSheetMachine.provide({
      actors: {
        'load image bucket': fromPromise(async () => 'https://images.test/'),
        'load sheet': fromPromise(async (): Promise<SheetData> => ({
          sheet,
          attacks: {},
          enchantments: {},
          vitals: null,
          gameName: 'La Crypte',
          ...data,
        })),
        'watch sheet news': fromEventObservable(() => NEVER) as never,
      },
    }),
    { input: { playerId: 'c-1', gameId: 'g-7f3a' } },
  ).start();
  render(
    <MemoryRouter>
      <CharacterSheetView sheet={actor} />
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { name: 'Aria' });
  return actor;
}

describe('character sheet page', () => {
  it('names the game the character plays in, never its code', async () => {
    await showSheet();
    expect(document.querySelector('.sheet__game')?.textContent).toBe('Partie «\u00a0La Crypte\u00a0»');
    expect(screen.queryByText(/g-7f3a/)).toBeNull();
  });

  it('says nothing of a game it may not read, and tells a character out of any game', async () => {
    await showSheet({ gameName: null });
    expect(screen.queryByText(/Partie|g-7f3a/)).toBeNull();
    cleanup();
    await showSheet({ sheet: { ...sheet, gameId: null }, gameName: null });
    expect(screen.getByText('Hors partie')).toBeTruthy();
  });

  it('leads home when opened on its own', async () => {
    await showSheet();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Fermer la fiche' })).toBeNull();
  });

  it('closes its window when the table opened it', async () => {
    window.name = SHEET_WINDOW;
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    await showSheet();
    expect(screen.queryByRole('link', { name: /accueil/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Fermer la fiche' }));
    expect(close).toHaveBeenCalledOnce();
  });

  it('shows each attack of the worn weapon with the dice the server rolls, the weapon’s damage added', async () => {
    const stat = [{ stat: 'damage', bonus: '1d4' }];
    const sword = { id: 'm-1', name: 'Épée longue FOR', description: '', type: 'Arme', stat, equipped: true };
    const slash = {
      id: 'a-1',
      name: 'Taillade',
      description: '',
      weaponType: 'Force',
      damageRoll: '1d8+2',
      range: 1,
      maxTargets: 1,
      areaOfEffect: 'single',
      areaSize: 1,
      cost: 'AS',
    };
    await showSheet({
      sheet: { ...sheet, memories: [sword] } as unknown as CharacterSheet,
      attacks: { 'm-1': [slash] } as unknown as SheetData['attacks'],
    });
    const entry = screen.getByText('Taillade').closest('li')!;
    const shown = attackNumbers(slash as AttackBase, sword);
    expect(shown.damage).toBe('1d8+1d4+2');
    expect(entry.querySelector('.sheet-tag')?.textContent).toBe(shown.damage);
  });
});
