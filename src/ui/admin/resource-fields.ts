import {
  areasOfEffect,
  attackCosts,
  creatureSizes,
  DEFAULT_CREATURE_SIZE,
  memorySlotTypes,
  weaponTypes,
  type ResourceCategory,
} from '../../domain/resources/categories';
import { adminMessages } from './messages';

interface FieldText {
  name: string;
  label: string;
  /** What the field means, under it, for an abbreviation or a number the game does not explain. */
  hint?: string;
  /** The label on the action card when the form's carries an example or a rule. */
  shortLabel?: string;
  /** What a 0 means, when it means something else than none. */
  zero?: string;
}

/** How the admin form shows one field of a category (platform.md §3 "Per-category fields"). */
export type FieldSpec = FieldText &
  (
    | { kind: 'text' | 'textarea' }
    /** A link; `upload` is the kind of file « Choisir un fichier » sends for it instead. */
    | { kind: 'url'; upload?: 'map' | 'portrait' }
    | { kind: 'integer' | 'number'; min?: number }
    | { kind: 'select'; options: ReadonlyArray<{ value: string; label: string }> }
    | { kind: 'checkbox' }
    | { kind: 'stats' }
    /** One of the game's memories, by id; `weaponsOnly` offers the weapons (slot Arme) only. */
    | { kind: 'memory'; weaponsOnly: boolean }
  );

const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

const areaLabels: Record<(typeof areasOfEffect)[number], string> = {
  single: 'Cible unique',
  cone: 'Cône',
  line: 'Ligne',
  circle: 'Cercle',
};

export const commonFields: FieldSpec[] = [
  { name: 'name', label: 'Nom', kind: 'text' },
  { name: 'description', label: 'Description', kind: 'textarea' },
];

/** Rarity, price and weight are common to every category, and rarely filled. */
export const extraCommonFields: FieldSpec[] = [
  { name: 'rarity', label: 'Rareté', kind: 'text' },
  { name: 'price', label: 'Prix', kind: 'number', min: 0 },
  { name: 'weight', label: 'Poids', kind: 'number', min: 0 },
];

export const categoryFields: Record<ResourceCategory, FieldSpec[]> = {
  memory: [
    { name: 'type', label: 'Emplacement', kind: 'select', options: plain(memorySlotTypes) },
    { name: 'rang', label: 'Rang', kind: 'integer', min: 0 },
    { name: 'stat', label: 'Bonus de statistiques', kind: 'stats' },
    { name: 'story', label: 'Histoire', kind: 'textarea' },
  ],
  rune: [{ name: 'effet', label: 'Effet', kind: 'textarea' }],
  echo: [
    { name: 'PV', label: 'PV', kind: 'integer', min: 0 },
    { name: 'CA', label: 'CA', kind: 'integer', min: 0 },
    { name: 'damage', label: 'Dégâts', kind: 'text' },
  ],
  aspectAbility: [
    { name: 'type', label: 'Type', kind: 'text' },
    { name: 'cost', label: 'Coût', kind: 'text' },
    { name: 'playerName', label: 'Nom du joueur', kind: 'text' },
  ],
  enchantment: [
    { name: 'type', label: 'Type', kind: 'text' },
    { name: 'cost', label: 'Coût', kind: 'text' },
    { name: 'memoryId', label: 'Mémoire enchantée', kind: 'memory', weaponsOnly: false },
  ],
  item: [
    { name: 'type', label: 'Type', kind: 'text' },
    { name: 'value', label: 'Valeur (crédits)', kind: 'integer', min: 0 },
  ],
  monster: [
    { name: 'rang', label: 'Rang', kind: 'integer', min: 0 },
    { name: 'HP', label: 'PV', kind: 'integer', min: 0 },
    { name: 'attackBonus', label: "Bonus d'attaque", kind: 'integer' },
    { name: 'initiative', label: 'Initiative', kind: 'integer' },
    { name: 'AC', label: 'CA', kind: 'integer', min: 0 },
    { name: 'ACM', label: 'CAM', kind: 'integer', min: 0, hint: adminMessages.form.magicArmourHint },
    { name: 'damage', label: 'Dégâts (ex. 1d6)', shortLabel: 'Dégâts', kind: 'text' },
    { name: 'speciality', label: 'Spécialité', kind: 'text' },
    { name: 'echo', label: 'Écho', kind: 'checkbox' },
    { name: 'assetLink', label: "Lien de l'image", kind: 'url', upload: 'portrait' },
    {
      name: 'size',
      label: 'Taille',
      kind: 'select',
      options: plain(creatureSizes),
      hint: adminMessages.form.creatureSizeHint,
    },
    {
      name: 'darkvision',
      label: 'Vision dans le noir',
      kind: 'integer',
      min: 0,
      hint: adminMessages.form.darkvisionHint,
    },
  ],
  map: [
    { name: 'link', label: 'Lien de la carte', kind: 'url', upload: 'map' },
    { name: 'size', label: 'Taille', kind: 'integer', min: 1, hint: adminMessages.form.mapSizeHint },
  ],
  attack: [
    { name: 'weaponType', label: "Type d'arme", kind: 'select', options: plain(weaponTypes) },
    { name: 'damageRoll', label: 'Jet de dégâts (ex. 1d10+5)', shortLabel: 'Jet de dégâts', kind: 'text' },
    {
      name: 'range',
      label: 'Portée (0 = déplacement du joueur)',
      shortLabel: 'Portée',
      zero: 'déplacement du joueur',
      kind: 'integer',
      min: 0,
    },
    {
      name: 'maxTargets',
      label: 'Cibles maximum (0 = illimité)',
      shortLabel: 'Cibles maximum',
      zero: 'illimité',
      kind: 'integer',
      min: 0,
    },
    {
      name: 'areaOfEffect',
      label: "Zone d'effet",
      kind: 'select',
      options: areasOfEffect.map((value) => ({ value, label: areaLabels[value] })),
    },
    { name: 'areaSize', label: 'Taille de zone', kind: 'integer', min: 1 },
    {
      name: 'cost',
      label: 'Coût',
      kind: 'select',
      options: plain(attackCosts),
      hint: adminMessages.form.attackCostHint,
    },
    { name: 'isGlobal', label: 'Attaque globale', kind: 'checkbox' },
    { name: 'memoryId', label: 'Arme liée', kind: 'memory', weaponsOnly: true },
  ],
};

/** A form draft: what the inputs hold, strings for numbers until sent. */
export type Draft = Record<string, unknown>;

const defaults: Partial<Record<string, unknown>> = {
  isGlobal: true,
  areaOfEffect: 'single',
  echo: false,
  stat: [],
};

/** Where a name means another thing in another category: a map's « Taille » is a number. */
const categoryDefaults: Partial<Record<ResourceCategory, Draft>> = {
  monster: { size: DEFAULT_CREATURE_SIZE },
};

export function emptyDraft(category: ResourceCategory): Draft {
  const draft: Draft = {};
  for (const field of [...commonFields, ...extraCommonFields, ...categoryFields[category]]) {
    draft[field.name] =
      categoryDefaults[category]?.[field.name] ??
      defaults[field.name] ??
      (field.kind === 'checkbox' ? false : '');
  }
  return draft;
}

/** A draft from an existing resource, for the update form. */
export function draftOf(category: ResourceCategory, resource: Record<string, unknown>): Draft {
  const draft = emptyDraft(category);
  for (const name of Object.keys(draft)) {
    const value = resource[name];
    if (value === null || value === undefined) continue;
    draft[name] = typeof value === 'number' ? String(value) : value;
  }
  return draft;
}

/**
 * The body to send: numbers parsed, empty optional fields left out so the schema's defaults apply.
 * The shared zod schema then says whether it is acceptable.
 */
export function bodyOf(category: ResourceCategory, draft: Draft): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of [...commonFields, ...extraCommonFields, ...categoryFields[category]]) {
    const value = draft[field.name];
    if (field.kind === 'integer' || field.kind === 'number') {
      if (value === '' || value === undefined) continue;
      body[field.name] = Number(value);
    } else if (
      field.kind === 'text' ||
      field.kind === 'url' ||
      field.kind === 'textarea' ||
      field.kind === 'select' ||
      field.kind === 'memory'
    ) {
      if (value === '' && field.name !== 'name') continue;
      body[field.name] = value;
    } else {
      body[field.name] = value;
    }
  }
  return body;
}
