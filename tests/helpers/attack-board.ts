import type { Board, TargetingAttack } from '../../src/machines/attack-targeting.machine';

/** A cell's corner of a 75 px grid, in the map's pixels. */
export const cell = (x: number, y: number) => ({ x: x * 75, y: y * 75 });

/** Ana at the origin; a wolf next to her, a dead goblin next to her, a lich far away. */
export const board: Board = {
  attacker: { id: 'ana', centre: cell(0, 0), movement: 4 },
  tokens: [
    { id: 'ana', centre: cell(0, 0), alive: true },
    { id: 'loup', centre: cell(1, 0), alive: true },
    { id: 'gobelin', centre: cell(0, 1), alive: false },
    { id: 'liche', centre: cell(8, 8), alive: true },
  ],
};

/** An attack as targeting reads it: by default one target within reach 1, as the simple attack. */
export function attackOf(
  ref: TargetingAttack['ref'],
  name: string,
  reach: Partial<Omit<TargetingAttack, 'ref' | 'name'>> = {},
): TargetingAttack {
  return {
    ref,
    name,
    range: 1,
    areaOfEffect: 'single',
    areaSize: 0,
    maxTargets: 1,
    damage: '1d10+7',
    essenceCost: 0,
    ...reach,
  };
}

/** The attack every character has, without a weapon. */
export const simpleAttack = attackOf({ kind: 'simple' }, 'Attaque simple');
