import type { CombatCapacity } from '../../domain/character/combat-boosts';
import type { LinkedStat, SkillName } from '../../domain/character/skills';
import type { StatName } from '../../domain/character/stats';

/** How statistics, skills and combat capacities are written on the creation page and the sheet. */
export const statLabels: Record<StatName | 'autre', string> = {
  force: 'Force',
  agilite: 'Agilité',
  endurance: 'Endurance',
  eloquence: 'Éloquence',
  sagesse: 'Sagesse',
  instinct: 'Instinct',
  autre: 'Autre',
};

export const skillLabels: Record<SkillName, string> = {
  athletisme: 'Athlétisme',
  intimidation: 'Intimidation',
  acrobatie: 'Acrobatie',
  escamotage: 'Escamotage',
  discretion: 'Discrétion',
  negociation: 'Négociation',
  performance: 'Performance',
  persuasion: 'Persuasion',
  savoir: 'Savoir',
  perspicacite: 'Perspicacité',
  volonte: 'Volonté',
  investigation: 'Investigation',
  perception: 'Perception',
  sixiemesens: 'Sixième sens',
  artisanat: 'Artisanat',
  survivalisme: 'Survivalisme',
  medecine: 'Médecine',
};

/**
 * What a memory's bonus entry is called wherever it shows (the sheet's chips, the admin form): the
 * skill's, the statistic's, or Dégâts; an unknown name stays as stored rather than vanish.
 */
export function bonusLabel(name: string): string {
  if (name === 'damage') return damageLabel;
  return (
    (skillLabels as Record<string, string>)[name] ?? (statLabels as Record<string, string>)[name] ?? name
  );
}

export const damageLabel = 'Dégâts';

export const capacityLabels: Record<CombatCapacity, string> = {
  forceWeapon: 'Arme de force',
  agilityWeapon: "Arme d'agilité",
  perceptionWeapon: "Arme d'instinct",
  aspect: 'Aspect',
  rune: 'Runes',
};

export const derivedLabels = {
  HP: 'Points de vie',
  soulEssence: "Essence d'âme",
  deplacement: 'Déplacement',
  defense: 'Défense',
} as const;

export const LINKED_STAT_ORDER: LinkedStat[] = [
  'force',
  'agilite',
  'eloquence',
  'sagesse',
  'instinct',
  'autre',
];

/** A modifier or bonus as players write it: +2, 0, −1. */
export const signed = (value: number): string => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0');
