/**
 * « Résumé de la séance » of a long evening: 10,000 events — drops, turns, chat, and a thousand
 * attacks with their rolls, damage and HP — projected for a player and summed, as the server does
 * for each request. Budget: 200 ms. Baseline in the same run: folding the same events, the least
 * any reading of the evening costs.
 */
import { projectAfter } from '../src/domain/table/projection';
import { recapOf } from '../src/domain/table/recap';
import { applyEvent, applyEvents, emptyTable } from '../src/domain/table/reducer';
import type { TableEvent, TableEventBody, TableState } from '../src/domain/table/types';
import { visibleTo } from '../src/domain/table/visibility';
import { benchPlayer, mjUserId, seeded, tableLog } from './lib/table-log';
import { figure, print } from './lib/report';

const EVENTS = 10_000;
const ATTACKS = 1_000;
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);

function timed(work: () => unknown): number {
  work();
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;
}

/** The evening: the bench's table log, then attacks on the players' map, four events each. */
function evening(): TableEvent[] {
  const log = tableLog(EVENTS - ATTACKS * 4);
  const random = seeded(11);
  let state: TableState = applyEvents(emptyTable, log).state;
  const map = state.currentMap!.name;
  const at = new Date(Date.parse('2026-11-28T19:00:00.000Z')).toISOString();
  const append = (body: TableEventBody) => {
    const event = { ...body, seq: state.lastSeq + 1, userId: mjUserId, createdAt: at } as TableEvent;
    state = applyEvent(state, event).state;
    log.push(event);
  };
  for (let i = 0; i < ATTACKS; i++) {
    const standing = Object.values(state.tokens[map] ?? {});
    const attacker = standing[Math.floor(random() * standing.length)]!;
    const target = standing[Math.floor(random() * standing.length)]!;
    const d20 = 1 + Math.floor(random() * 20);
    const damage = 3 + Math.floor(random() * 6);
    const speaker = { playerName: attacker.name, senderId: null, avatar: null, senderUserId: mjUserId };
    append({
      type: 'attack.performed',
      payload: { map, attackerId: attacker.usableId, targetIds: [target.usableId], attack: 'Griffe' },
    });
    const kind = d20 === 20 ? 'diceRollCriticalSuccess' : d20 === 1 ? 'diceRollCriticalFail' : 'diceRoll';
    append({
      type: 'dice.rolled',
      payload: {
        ...speaker,
        message: 'Griffe',
        type: kind,
        roll: { count: 1, sides: 20, bonus: 3, dice: [d20], total: d20 + 3, messageType: kind },
      },
    });
    append({
      type: 'dice.rolled',
      payload: {
        ...speaker,
        message: 'Dégâts',
        type: 'damageRoll',
        roll: { count: 1, sides: 6, bonus: 2, dice: [damage - 2], total: damage, messageType: 'damageRoll' },
      },
    });
    const hp = target.currentHP ?? 0;
    append({
      type: 'token.adjusted',
      payload: { map, usableId: target.usableId, resource: 'HP', value: Math.max(0, hp - damage) },
    });
  }
  return log;
}

export async function run(): Promise<void> {
  const log = evening();
  if (log.length !== EVENTS) throw new Error(`the evening has ${log.length} events`);
  const recapMs = timed(() => {
    const { events } = projectAfter(emptyTable, log, 0, benchPlayer);
    return recapOf(visibleTo(emptyTable, benchPlayer), events);
  });
  const foldMs = timed(() => applyEvents(emptyTable, log));
  print(
    figure(
      'recap',
      'recap-10000-events',
      recapMs,
      'ms',
      foldMs,
      `${EVENTS} events (${ATTACKS} attacks) projected for a player then summed; budget 200 ms; median of ${REPEATS}; baseline = folding the same events`,
    ),
  );
  const masterMs = timed(() => recapOf(emptyTable, log));
  print(
    figure(
      'recap',
      'recap-10000-events-mj',
      masterMs,
      'ms',
      foldMs,
      'the MJ\u2019s recap of the same evening (the log as it is, nothing projected); baseline = folding the same events',
    ),
  );
}
