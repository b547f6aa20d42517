import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectAfter } from '../../src/domain/table/projection';
import { applyEvents, emptyTable } from '../../src/domain/table/reducer';
import { checkpointsAlong, replayAt, turnsFor, type Checkpoint } from '../../src/domain/table/replay';
import { visibleTo } from '../../src/domain/table/visibility';
import { actors, deliveredTo, preparedSession, runServer } from './table-fixtures';

/** The latest checkpoint at or before `seq`, as the server picks it. */
const nearest = (checkpoints: readonly Checkpoint[], seq: number) =>
  checkpoints.filter((checkpoint) => checkpoint.seq <= seq).at(-1)?.state ?? emptyTable;

describe('replay: properties', () => {
  it('replaying to any seq, from the nearest checkpoint, is the log folded to it as each actor saw it', () => {
    fc.assert(
      fc.property(
        preparedSession,
        fc.integer(),
        fc.integer({ min: 1, max: 9 }),
        fc.nat(),
        (commands, seed, every, pick) => {
          const { log } = runServer(commands, seed);
          const events = log.map(({ event }) => event);
          const { checkpoints } = checkpointsAlong(emptyTable, events, every);
          const seq = pick % (log.length + 1);
          const base = nearest(checkpoints, seq);
          const after = events.filter((event) => event.seq > base.lastSeq);
          for (const actor of actors) {
            const replayed = replayAt(base, after, seq, actor);
            expect(replayed).toEqual(visibleTo(log[seq - 1]?.after ?? emptyTable, actor));
            // What the actor's live copy held at that seq: the events they received, folded.
            const live = applyEvents(emptyTable, deliveredTo(log, actor).slice(0, seq));
            expect(replayed).toEqual(live.state);
          }
        },
      ),
    );
  });

  it("a player's playback and marks are what their live copy received, nothing of what it did not", () => {
    fc.assert(
      fc.property(
        preparedSession,
        fc.integer(),
        fc.integer({ min: 1, max: 9 }),
        fc.nat(),
        (commands, seed, every, pick) => {
          const { log } = runServer(commands, seed);
          const events = log.map(({ event }) => event);
          const along = checkpointsAlong(emptyTable, events, every);
          const turns = [...along.checkpoints.flatMap((checkpoint) => checkpoint.turns), ...along.turns];
          const from = pick % (log.length + 1);
          const base = nearest(along.checkpoints, from);
          for (const actor of actors) {
            const received = deliveredTo(log, actor);
            const playback = projectAfter(
              base,
              events.filter((event) => event.seq > base.lastSeq),
              from,
              actor,
            );
            expect(playback.events).toEqual(received.slice(from));
            const turnsReceived = received
              .filter((event) => event.type === 'turnOrder.generated' || event.type === 'turnOrder.advanced')
              .map((event) => event.seq);
            expect(turnsFor(actor, turns).map((turn) => turn.seq)).toEqual(turnsReceived);
          }
        },
      ),
    );
  });
});
