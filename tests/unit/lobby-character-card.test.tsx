// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { LobbyCharacter } from '../../src/api/schemas/characters';
import { CharacterList } from '../../src/ui/home/PlayerLobby';

const aelis: LobbyCharacter = {
  id: 'c-1',
  name: 'Aelis',
  userId: 'u-1',
  gameId: 'g-1',
  HP: 20,
  soulEssence: 5,
  force: 3,
  agilite: 4,
  assetLink: null,
  table: null,
};

function cardOf(character: LobbyCharacter): string {
  const lobby = { send: () => {} } as unknown as Parameters<typeof CharacterList>[0]['lobby'];
  render(
    <MemoryRouter>
      <CharacterList gameId="g-1" characters={[character]} lobby={lobby} />
    </MemoryRouter>,
  );
  return screen.getByText('Aelis').closest('li')!.textContent ?? '';
}

describe('player lobby: a character’s card', () => {
  afterEach(cleanup);

  it('shows the HP and essence its token has at the table, over the full ones', () => {
    const hurt = { currentHP: 7, maxHP: 20, currentSoulEssence: 2, maxSoulEssence: 5 };
    expect(cardOf({ ...aelis, table: hurt })).toContain('PV\u00a07/20 · Essence\u00a02/5');
  });

  it('shows the sheet’s HP and essence when no map holds it', () => {
    expect(cardOf(aelis)).toContain('PV\u00a020 · Essence\u00a05');
  });
});
