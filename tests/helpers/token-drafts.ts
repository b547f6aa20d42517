import type { TokenDraft } from '../../src/domain/table/decide';

/** A living character's token at the map's corner; tests override what they are about. */
export function tokenDraft(overrides: Partial<TokenDraft> & Pick<TokenDraft, 'itemId' | 'name'>): TokenDraft {
  return {
    isPlayer: true,
    assetLink: null,
    speciality: null,
    AC: 11,
    HP: 30,
    currentHP: 30,
    soulEssence: 100,
    currentSoulEssence: 100,
    attackBonus: 0,
    damage: '1d6',
    visibility: true,
    x: 10,
    y: 10,
    ...overrides,
  };
}
