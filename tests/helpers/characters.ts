import type { CreateCharacterRequest } from '../../src/api/schemas/characters';
import {
  buildCharacter,
  raiseSkill,
  raiseStat,
  startingAllocation,
  toggleBoost,
  type Allocation,
} from '../../src/domain/character/creation';
import type { SkillName } from '../../src/domain/character/skills';
import { insertAcceptedPlayer, insertGame } from './game-fixtures';
import type { TestServer } from './server';

const skillSpending: SkillName[] = [
  ...Array<SkillName>(3).fill('athletisme'),
  ...Array<SkillName>(3).fill('savoir'),
  ...Array<SkillName>(3).fill('perception'),
  'medecine',
];

/**
 * A full allocation, every budget spent: force 17 (12 points), endurance 15 (7), sagesse 15 (7),
 * agilité 12 (4); weapon of force and aspect boosted; athlétisme, savoir, perception 3, médecine 1.
 */
export function completeAllocation(name = 'Aria'): Allocation {
  let a: Allocation = { ...startingAllocation(), name };
  const raise = (stat: Parameters<typeof raiseStat>[1], times: number) => {
    for (let i = 0; i < times; i += 1) a = raiseStat(a, stat);
  };
  raise('force', 9);
  raise('endurance', 7);
  raise('sagesse', 7);
  raise('agilite', 4);
  a = toggleBoost(toggleBoost(a, 'forceWeapon'), 'aspect');
  for (const skill of skillSpending) a = raiseSkill(a, skill);
  return a;
}

/** The `POST /players` body the creation page sends for `completeAllocation`. */
export function validCharacterBody(
  name = 'Aria',
  gameId?: string,
): CreateCharacterRequest & Record<string, unknown> {
  const { assetLink, ...built } = buildCharacter(completeAllocation(name));
  return { ...built, ...(assetLink ? { assetLink } : {}), ...(gameId ? { gameId } : {}) };
}

/**
 * The people around a character in a game: its owner and a teammate (accepted players), the MJ,
 * and a stranger to the game — who may and who may not reach it.
 */
export async function keepersParty(t: TestServer) {
  const [owner, mj, teammate, stranger] = await t.registerMany(4);
  const { db } = t.database;
  const gameId = await insertGame(db, mj.userId);
  await insertAcceptedPlayer(db, gameId, mj.userId, owner.userId);
  await insertAcceptedPlayer(db, gameId, mj.userId, teammate.userId);
  return { owner, mj, teammate, stranger, gameId };
}
