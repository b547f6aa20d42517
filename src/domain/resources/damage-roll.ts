/**
 * The damage-roll grammar of attacks and monsters (platform.md §5, "for example 1d10+5"):
 * `NdF` followed by any number of signed terms, each a die group or a flat modifier
 * (`2d6+1d4-1`). Counts 1–99, faces among the dice of table.md §9 plus d100, modifiers up to 999.
 * Pure: the dice engine rolls what this parses.
 */

export interface DiceTerm {
  kind: 'dice';
  sign: 1 | -1;
  count: number;
  faces: number;
}
export interface FlatTerm {
  kind: 'flat';
  sign: 1 | -1;
  value: number;
}
export type DamageTerm = DiceTerm | FlatTerm;

export interface DamageRoll {
  terms: DamageTerm[];
  /** The canonical spelling: lower-case, no spaces, `+` before non-first positive terms. */
  text: string;
}

export const DICE_FACES = [2, 4, 6, 8, 10, 12, 20, 100] as const;
export const MAX_DICE_COUNT = 99;
export const MAX_FLAT_MODIFIER = 999;
const MAX_TERMS = 8;

const termPattern = /([+-]?)(?:(\d{1,2})d(\d{1,3})|(\d{1,3}))/gy;

/** The parsed roll, or null when the text is not a damage roll. */
export function parseDamageRoll(input: string): DamageRoll | null {
  const source = input.replace(/\s+/g, '').toLowerCase();
  if (source === '') return null;
  const terms: DamageTerm[] = [];
  termPattern.lastIndex = 0;
  while (termPattern.lastIndex < source.length) {
    const start = termPattern.lastIndex;
    const match = termPattern.exec(source);
    if (!match || match.index !== start) return null;
    const [, signText, count, faces, flat] = match;
    // Only the first term may go without a sign.
    if (signText === '' && terms.length > 0) return null;
    const sign = signText === '-' ? -1 : 1;
    if (flat !== undefined) {
      const value = Number(flat);
      if (value > MAX_FLAT_MODIFIER) return null;
      terms.push({ kind: 'flat', sign, value });
    } else {
      const dice = {
        kind: 'dice' as const,
        sign: sign as 1 | -1,
        count: Number(count),
        faces: Number(faces),
      };
      if (dice.count < 1 || dice.count > MAX_DICE_COUNT) return null;
      if (!(DICE_FACES as readonly number[]).includes(dice.faces)) return null;
      terms.push(dice);
    }
    if (terms.length > MAX_TERMS) return null;
  }
  // A roll rolls something: at least one positive die group.
  if (!terms.some((term) => term.kind === 'dice' && term.sign === 1)) return null;
  return { terms, text: formatTerms(terms) };
}

export function isDamageRoll(input: string): boolean {
  return parseDamageRoll(input) !== null;
}

function formatTerms(terms: DamageTerm[]): string {
  return terms
    .map((term, index) => {
      const body = term.kind === 'dice' ? `${term.count}d${term.faces}` : String(term.value);
      if (term.sign === -1) return `-${body}`;
      return index === 0 ? body : `+${body}`;
    })
    .join('');
}

/** The lowest and highest totals the roll can give. */
export function damageRange(roll: DamageRoll): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (const term of roll.terms) {
    const [low, high] =
      term.kind === 'dice' ? [term.count, term.count * term.faces] : [term.value, term.value];
    if (term.sign === 1) {
      min += low;
      max += high;
    } else {
      min -= high;
      max -= low;
    }
  }
  return { min, max };
}

/** Rolls with the given source of randomness (a float in [0, 1)), so tests and replays are exact. */
export function rollDamage(roll: DamageRoll, random: () => number): { total: number; dice: number[] } {
  const dice: number[] = [];
  let total = 0;
  for (const term of roll.terms) {
    if (term.kind === 'flat') {
      total += term.sign * term.value;
      continue;
    }
    for (let i = 0; i < term.count; i += 1) {
      const face = 1 + Math.floor(random() * term.faces);
      dice.push(face);
      total += term.sign * face;
    }
  }
  return { total, dice };
}
