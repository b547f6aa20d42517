import { STAT_NAMES, type Stats } from './stats';
import { SKILL_NAMES, type Skills } from './skills';

/**
 * Equipment (table.md §4 "Equipment"): one memory per slot, and the displayed statistics are the
 * base ones plus the numeric bonuses of every equipped memory.
 */
export const EQUIPMENT_SLOTS = [
  'Casque',
  'Plastron',
  'Jambières',
  'Chaussures',
  'Gants',
  'Arme',
  'Breloque',
] as const;
export type EquipmentSlot = (typeof EQUIPMENT_SLOTS)[number];

// The memory types of the admin form spell the leg slot 'Jambière' (table.md §3) where the slot
// list says 'Jambières': both name the same slot.
const SLOT_BY_TYPE = new Map<string, EquipmentSlot>([
  ...EQUIPMENT_SLOTS.map((slot) => [slot.toLowerCase(), slot] as const),
  ['jambière', 'Jambières'],
]);

/** The slot a memory of this type fills, or null for a type no slot takes (logged, not shown). */
export const equipmentSlotOf = (memoryType: string): EquipmentSlot | null =>
  SLOT_BY_TYPE.get(memoryType.trim().toLowerCase()) ?? null;

export interface EquippedMemory {
  memoryId: string;
  name: string;
  type: string;
  /** An object of bonuses, their JSON text, or the admin form's list of `{ stat, bonus }`. */
  stat: unknown;
}

/** The memory already in the slot the new one takes, which must come off first. */
export function occupantOfSlot(
  equipped: readonly EquippedMemory[],
  memory: EquippedMemory,
): EquippedMemory | null {
  const slot = equipmentSlotOf(memory.type);
  if (slot === null) return null;
  return (
    equipped.find((item) => item.memoryId !== memory.memoryId && equipmentSlotOf(item.type) === slot) ?? null
  );
}

function numeric(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*[+-]?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

function bonusEntries(stat: unknown): Array<[string, unknown]> {
  if (typeof stat === 'string') {
    try {
      return bonusEntries(JSON.parse(stat) as unknown);
    } catch {
      return [];
    }
  }
  if (Array.isArray(stat)) {
    return stat.flatMap((entry: unknown) =>
      typeof entry === 'object' && entry !== null && 'stat' in entry && typeof entry.stat === 'string'
        ? [[entry.stat, 'bonus' in entry ? entry.bonus : null] as [string, unknown]]
        : [],
    );
  }
  if (typeof stat === 'object' && stat !== null) return Object.entries(stat);
  return [];
}

/** What a memory adds to its wearer's damage (the admin form's free `damage` entry: '1d4', '+2'), as written. */
export function memoryDamage(stat: unknown): string | null {
  const entry = bonusEntries(stat).find(([name]) => name === 'damage');
  if (!entry || entry[1] === null || entry[1] === undefined) return null;
  const text = String(entry[1]).trim();
  return text === '' ? null : text;
}

/** The numeric bonuses of one memory; anything else (a damage roll like '1d8') is left out. */
export function memoryBonuses(stat: unknown): Record<string, number> {
  const bonuses: Record<string, number> = {};
  for (const [name, raw] of bonusEntries(stat)) {
    const value = numeric(raw);
    if (value !== null) bonuses[name] = (bonuses[name] ?? 0) + value;
  }
  return bonuses;
}

/** The bonuses of every equipped memory, added up. */
export function equippedBonuses(equipped: readonly Pick<EquippedMemory, 'stat'>[]): Record<string, number> {
  const total: Record<string, number> = {};
  for (const memory of equipped) {
    for (const [name, value] of Object.entries(memoryBonuses(memory.stat)))
      total[name] = (total[name] ?? 0) + value;
  }
  return total;
}

export interface SheetNumbers {
  stats: Stats;
  skills: Skills;
}

/** The statistics and skill bonuses shown on the sheet: base values plus equipped bonuses. */
export function withEquipment(
  base: SheetNumbers,
  equipped: readonly Pick<EquippedMemory, 'stat'>[],
): SheetNumbers {
  const bonuses = equippedBonuses(equipped);
  const add = <K extends string>(names: readonly K[], values: Record<K, number>) =>
    Object.fromEntries(names.map((name) => [name, values[name] + (bonuses[name] ?? 0)])) as Record<K, number>;
  return { stats: add(STAT_NAMES, base.stats), skills: add(SKILL_NAMES, base.skills) };
}

export type WeaponType = 'force' | 'agilite' | 'instinct';

const WEAPON_TAGS: Record<string, WeaponType> = { FOR: 'force', AGI: 'agilite', INST: 'instinct' };
// A tag is a word of its own, in any case: 'Épée FOR', 'dague agi', 'Arc (INST)' — never the start
// of another word ('Forêt', 'Agile', 'Instant').
const WEAPON_TAG = /(?<![\p{L}\p{N}])(FOR|AGI|INST)(?![\p{L}\p{N}])/giu;

/**
 * The weapon's category from its memory's name (table.md §9): the tag FOR, AGI or INST in it. A name
 * with several tags takes the first one written. The one rule for the sheet, the attack menu and
 * the server.
 */
export function weaponTypeOf(memoryName: string): WeaponType | null {
  const [first] = memoryName.matchAll(WEAPON_TAG);
  return first ? WEAPON_TAGS[first[1]!.toUpperCase()]! : null;
}
