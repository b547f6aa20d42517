/**
 * The turn order of one map (table.md §4 "Turn order"): a list of token ids, the one playing
 * first. Every change produces the whole new list, so the log records outcomes, not operations,
 * and a player's filtered view of the list stays right whatever was hidden from them. The spec's
 * « Générer » (players and monsters shuffled apart, then interleaved) gave way to initiative rolls,
 * and its « next » to one that counts rounds and passes over the down: initiative.ts.
 */
export type TurnOrder = readonly string[];

/** Toggling a participant in appends it; out removes it. */
export function toggleParticipant(order: TurnOrder, usableId: string): string[] {
  return order.includes(usableId) ? order.filter((id) => id !== usableId) : [...order, usableId];
}

/** A reordering is accepted only when it is the same participants in another order. */
export function isReorderingOf(order: TurnOrder, proposed: readonly string[]): boolean {
  if (order.length !== proposed.length || new Set(proposed).size !== proposed.length) return false;
  const current = new Set(order);
  return proposed.every((id) => current.has(id));
}

/** Moves the entry at `from` to `to`, as a drag in the panel does. */
export function moveEntry(order: TurnOrder, from: number, to: number): string[] {
  const moved = [...order];
  if (from < 0 || from >= moved.length) return moved;
  const [entry] = moved.splice(from, 1);
  moved.splice(Math.max(0, Math.min(to, moved.length)), 0, entry!);
  return moved;
}
