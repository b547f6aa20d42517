/**
 * The pure table core under a long game: folding a 100,000-event log (a server loading a game, a
 * snapshot rebuilt), a client catching up on 1,000 missed events, and what projecting each event
 * for a player costs the server. Each figure is compared with the plainest work on the same data
 * in the same run: copying the payloads, folding without the inbox, cloning the state.
 */
import { catchUp, inboxOf } from '../src/domain/table/inbox';
import { applyEvent, applyEvents, emptyTable } from '../src/domain/table/reducer';
import type { TableEvent, TableState } from '../src/domain/table/types';
import { projectEvent, visibleTo } from '../src/domain/table/visibility';
import { benchPlayer, tableLog } from './lib/table-log';
import { figure, print } from './lib/report';

const EVENTS = Number(process.env.BENCH_REPLAY_EVENTS ?? 100_000);
const CATCH_UP = 1_000;
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);

/** Median wall time of `repeats` runs, after one warm-up. */
function timed(work: () => unknown, repeats = REPEATS): number {
  work();
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;
}

/** The server's state after each event, so projections read real before/after pairs. */
function statesAlong(log: TableEvent[]): TableState[] {
  const states = [emptyTable];
  for (const event of log) states.push(applyEvent(states[states.length - 1]!, event).state);
  return states;
}

export async function run(): Promise<void> {
  const log = tableLog(EVENTS);
  const folded = applyEvents(emptyTable, log);
  if (folded.gapAt !== null || folded.rejected.length > 0) {
    throw new Error(`the generated log does not fold: ${folded.rejected.slice(0, 3).join('; ')}`);
  }
  const tokens = Object.values(folded.state.tokens).reduce((n, map) => n + Object.keys(map).length, 0);
  const shape = `${EVENTS} events (${Math.round((log.filter((e) => e.type === 'token.moved').length / EVENTS) * 100)}% drops), ${tokens} tokens on ${Object.keys(folded.state.tokens).length} maps`;

  const copy = () => log.map((event) => ({ ...event, payload: { ...event.payload } }));
  const copyMs = timed(copy);
  const foldMs = timed(() => applyEvents(emptyTable, log));
  const json = JSON.stringify(log);
  const parseMs = timed(() => JSON.parse(json));
  print(
    figure(
      'table-replay',
      'fold-time',
      foldMs,
      'ms',
      copyMs,
      `${shape}; median of ${REPEATS}; baseline = copying every payload`,
    ),
  );
  print(
    figure(
      'table-replay',
      'fold-throughput',
      EVENTS / (foldMs / 1000),
      'events/s',
      EVENTS / (parseMs / 1000),
      `${shape}; baseline = JSON.parse of the same log (${Math.round(json.length / 1024 / 1024)} MB)`,
    ),
  );
  // The kept heap of the folded state is below the heap's noise (tens of KB); its JSON says its size.
  print(
    figure(
      'table-replay',
      'folded-state-size',
      Buffer.byteLength(JSON.stringify(folded.state)) / 1024,
      'KB',
      json.length / 1024,
      'the folded state as JSON (what a snapshot stores); baseline = the log as JSON',
    ),
  );

  const states = statesAlong(log);
  const from = EVENTS - CATCH_UP;
  const missed = log.slice(from);
  const behind = inboxOf(states[from]!);
  const inboxMs = timed(() => catchUp(behind, { snapshot: null, events: missed }), REPEATS * 4);
  const plainMs = timed(() => applyEvents(states[from]!, missed), REPEATS * 4);
  print(
    figure(
      'table-replay',
      'catch-up-1000',
      inboxMs,
      'ms',
      plainMs,
      `an Inbox at seq ${from} folding ${CATCH_UP} missed events with catchUp; baseline = applyEvents on the same events`,
    ),
  );

  const projectNs = timed(() => {
    for (let i = 0; i < log.length; i++) projectEvent(log[i]!, states[i]!, states[i + 1]!, benchPlayer);
  });
  print(
    figure(
      'table-replay',
      'project-per-event',
      (projectNs * 1e6) / EVENTS,
      'ns',
      (foldMs * 1e6) / EVENTS,
      'projectEvent for one player, per logged event; baseline = applying the event (fold time per event)',
    ),
  );
  const final = folded.state;
  const visibleUs = timed(() => {
    for (let i = 0; i < 100; i++) visibleTo(final, benchPlayer);
  });
  const cloneUs = timed(() => {
    for (let i = 0; i < 100; i++) structuredClone(final);
  });
  print(
    figure(
      'table-replay',
      'visible-to',
      visibleUs * 10,
      'µs',
      cloneUs * 10,
      `visibleTo(state, player) per call, ${tokens} tokens; baseline = structuredClone of the state (a snapshot)`,
    ),
  );
}
