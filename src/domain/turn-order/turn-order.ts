import { shuffle, type RandomInt } from '../dice/random';

/**
 * The turn order of one map (table.md §4 "Turn order"): a list of token ids, the one playing
 * first. Every change produces the whole new list, so the log records outcomes, not operations,
 * and a player's filtered view of the list stays right whatever was hidden from them.
 */
export type TurnOrder = readonly string[];

export interface Participant {
  usableId: string;
  isPlayer: boolean;
}

/**
 * Monsters spread evenly among players: each player is followed by ⌊m/p⌋ monsters, and the
 * first m mod p players by one more. With no players or no monsters: players, then monsters.
 */
export function interleave(players: readonly string[], monsters: readonly string[]): string[] {
  if (players.length === 0 || monsters.length === 0) return [...players, ...monsters];
  const quotient = Math.floor(monsters.length / players.length);
  const remainder = monsters.length % players.length;
  const order: string[] = [];
  let next = 0;
  players.forEach((player, index) => {
    const share = quotient + (index < remainder ? 1 : 0);
    order.push(player, ...monsters.slice(next, next + share));
    next += share;
  });
  return order;
}

/** Players and monsters shuffled apart with the injected source, then interleaved. */
export function generateTurnOrder(participants: readonly Participant[], randomInt: RandomInt): string[] {
  const players = participants.filter((p) => p.isPlayer).map((p) => p.usableId);
  const monsters = participants.filter((p) => !p.isPlayer).map((p) => p.usableId);
  return interleave(shuffle(players, randomInt), shuffle(monsters, randomInt));
}

/** Next turn: whoever played goes to the end. */
export function nextTurn(order: TurnOrder): string[] {
  const [first, ...rest] = order;
  return first === undefined ? [] : [...rest, first];
}

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
