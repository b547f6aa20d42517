/**
 * The one source of chance the table's rules accept: an integer in [0, bound). The server injects
 * `crypto.randomInt` so no client can forge a roll or a turn order; tests inject a script.
 */
export type RandomInt = (bound: number) => number;

/** A die of `sides` faces (1…sides), refusing a source that answers outside its range. */
export function rollDie(randomInt: RandomInt, sides: number): number {
  const drawn = randomInt(sides);
  if (!Number.isInteger(drawn) || drawn < 0 || drawn >= sides) {
    throw new RangeError(`random source answered ${drawn} for a bound of ${sides}`);
  }
  return drawn + 1;
}

/** Fisher–Yates with the injected source: every permutation equally likely when the source is fair. */
export function shuffle<T>(items: readonly T[], randomInt: RandomInt): T[] {
  const shuffled = [...items];
  for (let last = shuffled.length - 1; last > 0; last -= 1) {
    const pick = rollDie(randomInt, last + 1) - 1;
    [shuffled[last], shuffled[pick]] = [shuffled[pick]!, shuffled[last]!];
  }
  return shuffled;
}
