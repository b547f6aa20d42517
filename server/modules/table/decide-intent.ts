import { randomInt, randomUUID } from 'node:crypto';
import { decide, systemMessage, type DecideEnv, type TableCommand } from '#shared/domain/table/decide';
import type { TableActor, TableEventBody, TableState } from '#shared/domain/table/types';

/**
 * What a command asks, as data: the process that holds a game may not be the one that heard the
 * command, which then hands it over (docs/live-table.md "Owners"). The actor was read by the process
 * that heard it, from its session and database; the owner decides it against the table.
 */
export type TableIntent =
  { kind: 'command'; actor: TableActor; command: TableCommand } | { kind: 'system'; text: string };

/**
 * A placed token's id: 122 random bits and nothing else. The original client wrote its kind, its
 * name and the time in it, so an id that reached a player named the hidden monster it stood for.
 */
export const newUsableId: DecideEnv['newUsableId'] = () => randomUUID();

const env: DecideEnv = { randomInt, newUsableId };

/**
 * What the intent makes on a state: its events, or the French refusal. Built here rather than
 * written in place at each command, where the TypeScript loader (tsx keeps function names) would
 * name every new closure, which cost more than deciding a drop.
 */
export function decidingIntent(intent: TableIntent): (state: TableState) => TableEventBody[] | string {
  return (state) => {
    if (intent.kind === 'system') return [systemMessage(intent.text)];
    const decision = decide(state, intent.command, intent.actor, env);
    return 'refusal' in decision ? decision.refusal : decision.events;
  };
}
