import { AUTRE_VALUE, modifier, type Stats } from './stats';

/**
 * The seventeen skills and the statistic each is linked to (table.md §9 "Skill links"); a skill's
 * bonus is that statistic's modifier plus the points allocated to it.
 */
export const SKILL_LINKS = {
  athletisme: 'force',
  intimidation: 'force',
  acrobatie: 'agilite',
  escamotage: 'agilite',
  discretion: 'agilite',
  negociation: 'eloquence',
  performance: 'eloquence',
  persuasion: 'eloquence',
  savoir: 'sagesse',
  perspicacite: 'sagesse',
  volonte: 'sagesse',
  investigation: 'instinct',
  perception: 'instinct',
  sixiemesens: 'instinct',
  artisanat: 'autre',
  survivalisme: 'autre',
  medecine: 'autre',
} as const;

export type SkillName = keyof typeof SKILL_LINKS;
export type LinkedStat = (typeof SKILL_LINKS)[SkillName];
export type Skills = Record<SkillName, number>;

export const SKILL_NAMES = Object.keys(SKILL_LINKS) as SkillName[];
export const SKILL_POINTS = 10;
export const SKILL_MIN = 0;
export const SKILL_MAX = 3;

export const isSkillName = (name: string): name is SkillName => Object.hasOwn(SKILL_LINKS, name);

export const noSkillPoints = (): Skills => Object.fromEntries(SKILL_NAMES.map((name) => [name, 0])) as Skills;

export const skillPointsSpent = (skills: Skills): number =>
  SKILL_NAMES.reduce((sum, name) => sum + skills[name], 0);

export const skillInRange = (points: number): boolean =>
  Number.isInteger(points) && points >= SKILL_MIN && points <= SKILL_MAX;

export function linkedStatValue(skill: SkillName, stats: Stats): number {
  const link = SKILL_LINKS[skill];
  return link === 'autre' ? AUTRE_VALUE : stats[link];
}

export const skillBonus = (skill: SkillName, stats: Stats, points: number): number =>
  modifier(linkedStatValue(skill, stats)) + points;
