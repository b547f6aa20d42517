import { modifier } from '../character/stats';
import { shuffle, type RandomInt } from '../dice/random';
import { roll, type RollResult } from '../dice/roll';
import type { TurnOrder } from './turn-order';

/**
 * Initiative and rounds (docs/decisions/0020-initiative-and-rounds.md). « Générer » rolls d20 + the
 * participant's initiative bonus for each one: the highest plays first, a tie goes to the higher
 * bonus, and a tie that remains to a roll-off (a fair shuffle of the tied ones). The MJ reorders
 * afterwards as before.
 */

/**
 * A character's initiative bonus: the modifier of its agilité as the sheet shows it, the bonuses of
 * what it wears added (`equippedBonuses`). A monster's is its own « Initiative » field.
 */
export function characterInitiative(agilite: number, worn: Readonly<Record<string, number>>): number {
  return modifier(agilite + (worn.agilite ?? 0));
}

export interface InitiativeEntry {
  usableId: string;
  bonus: number;
}

export interface InitiativeRoll extends InitiativeEntry {
  roll: RollResult;
}

/** The d20 an initiative rolls: a lone die whose 20 and 1 are no criticals, only numbers. */
const INITIATIVE_DIE = { count: 1, sides: 20 } as const;

/** One roll per entry, in the entries' order, then the order they give. */
export function rollInitiative(
  entries: readonly InitiativeEntry[],
  randomInt: RandomInt,
): { rolls: InitiativeRoll[]; order: string[] } {
  const rolls = entries.map(({ usableId, bonus }) => ({
    usableId,
    bonus,
    roll: { ...roll({ ...INITIATIVE_DIE, bonus }, randomInt), messageType: 'diceRoll' as const },
  }));
  return { rolls, order: initiativeOrder(rolls, randomInt) };
}

/** Highest total first; then highest bonus; the ties left are shuffled (the roll-off). */
export function initiativeOrder(rolls: readonly InitiativeRoll[], randomInt: RandomInt): string[] {
  const ranked = [...rolls].sort((a, b) => b.roll.total - a.roll.total || b.bonus - a.bonus);
  const order: string[] = [];
  for (let start = 0; start < ranked.length;) {
    const first = ranked[start]!;
    let end = start + 1;
    while (
      end < ranked.length &&
      ranked[end]!.roll.total === first.roll.total &&
      ranked[end]!.bonus === first.bonus
    ) {
      end += 1;
    }
    const tied = ranked.slice(start, end).map((entry) => entry.usableId);
    order.push(...(tied.length > 1 ? shuffle(tied, randomInt) : tied));
    start = end;
  }
  return order;
}

/**
 * Where a map's fight stands: its round (1 from « Générer ») and, for the server and the managers
 * only, who already took their turn in it. `played` names tokens (hidden ones too), so a player's
 * copy holds the round alone.
 */
export interface RoundState {
  round: number;
  played?: string[];
}

export interface Advanced {
  order: string[];
  round: number;
  played: string[];
  /** Whether a round began with this advance: « Round N » is announced. */
  newRound: boolean;
  /** The down participants passed over. */
  skipped: string[];
}

/**
 * « Tour suivant »: whoever played goes to the end, then every participant that cannot play (down)
 * is passed over the same way. A round ends when the turn comes back to one who already played in
 * it. Null when nobody in the order can play.
 */
export function advanceTurn(
  order: TurnOrder,
  { round, played = [] }: RoundState,
  cannotPlay: (usableId: string) => boolean,
): Advanced | null {
  if (!order.some((id) => !cannotPlay(id))) return null;
  let current = [...order];
  let turns = round;
  let done = new Set(played);
  let newRound = false;
  const skipped: string[] = [];
  // Each pass moves one entry to the end: at most twice around the order before a living one heads it.
  for (let moves = 0; moves < 2 * order.length; moves += 1) {
    const [head, ...rest] = current;
    current = [...rest, head!];
    done.add(head!);
    if (done.has(current[0]!)) {
      turns += 1;
      done = new Set();
      newRound = true;
    }
    if (!cannotPlay(current[0]!)) break;
    skipped.push(current[0]!);
  }
  return { order: current, round: turns, played: [...done], newRound, skipped };
}
