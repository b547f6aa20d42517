import type { HealthBand, MapToken } from './types';

/**
 * A monster's health as the players know it (docs/live-table.md "Monster health"): its state, never its
 * numbers, which are the MJ's. Full health is unhurt, above half wounded, above 0 badly wounded.
 */
export function bandOf(currentHP: number, HP: number): HealthBand {
  if (currentHP <= 0) return 'dead';
  if (currentHP >= HP) return 'unhurt';
  return currentHP * 2 > HP ? 'wounded' : 'badlyWounded';
}

/** The band of any token, from its numbers when this copy holds them. */
export function healthOf(token: Pick<MapToken, 'HP' | 'currentHP' | 'health'>): HealthBand {
  return token.currentHP !== null && token.HP !== null
    ? bandOf(token.currentHP, token.HP)
    : (token.health ?? 'unhurt');
}

/** table.md §2: a token at 0 HP is dead, whether its copy knows the number or the band. */
export function isDown(token: Pick<MapToken, 'HP' | 'currentHP' | 'health'>): boolean {
  return healthOf(token) === 'dead';
}

/** Whose numbers a player may not read: a monster's. Characters' HP stand in everyone's sight. */
export function hidesHealth(token: Pick<MapToken, 'isPlayer'>): boolean {
  return !token.isPlayer;
}

/** The token as a player receives it: a monster's HP give way to its band. */
export function withHealthBanded(token: MapToken): MapToken {
  if (!hidesHealth(token) || token.currentHP === null || token.HP === null) return token;
  return { ...token, HP: null, currentHP: null, health: bandOf(token.currentHP, token.HP) };
}
