import { memoryDamage } from '../character/equipment';
import { essenceCostOf } from '../dice/attack';
import { damageDice, formatDice, parseDamageTerms } from '../dice/notation';

/** An attack as stored: its damage roll and, for a weapon's, its cost (AS or AC). */
export interface AttackBase {
  damageRoll: string;
  cost?: 'AS' | 'AC';
}

/** What an attack rolls on a hit and what it costs, the same on the sheet, in the menus and on the server. */
export interface AttackNumbers {
  /** The dice on a hit, the weapon's own damage added: '1d8+1d4+2'. */
  damage: string;
  /** Soul essence taken from the attacker each time. */
  essenceCost: number;
}

/**
 * The numbers of one attack (docs/live-table.md "Combat"): its damage roll plus the damage the worn
 * weapon adds (the weapon memory's `damage` entry, dice or a number) for the weapon's own attacks,
 * and the essence its cost burns. A weapon's damage that does not read adds nothing; an attack's
 * own roll that does not read is given back as written, for the server to refuse.
 */
export function attackNumbers(attack: AttackBase, weapon: { stat: unknown } | null = null): AttackNumbers {
  const essenceCost = essenceCostOf(attack.cost ?? 'AC');
  const own = damageDice(parseDamageTerms(attack.damageRoll) ?? { groups: [], bonus: 0 });
  if (!own) return { damage: attack.damageRoll, essenceCost };
  const added = weapon && memoryDamage(weapon.stat);
  const joined = added && `${attack.damageRoll}${/^[+-]/.test(added) ? '' : '+'}${added}`;
  const both = joined ? parseDamageTerms(joined) : null;
  return { damage: formatDice((both && damageDice(both)) ?? own), essenceCost };
}
