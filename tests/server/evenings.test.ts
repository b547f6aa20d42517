import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { EVENING_GAP_MS, eveningsOf } from '../../src/domain/table/evenings';
import { eventsAfter, eveningsOfGame } from '../../server/modules/table/log/reads';
import { drivers, rawQuery, startTestServer, type TestServer } from '../helpers/server';

/** A log whose events are spaced by `gaps` (ms), written past every service. */
async function logSpacedBy(t: TestServer, gaps: readonly number[]): Promise<string> {
  const gameId = randomUUID();
  let time = Date.parse('2026-11-01T18:00:00.000Z');
  for (const [index, gap] of gaps.entries()) {
    time += gap;
    await rawQuery(
      t,
      `insert into table_events (game_id, seq, type, payload, created_at) values ($1, $2, 'chat.system', '{}', $3)`,
      [gameId, index + 1, new Date(time).toISOString()],
    );
  }
  return gameId;
}

describe.each(drivers)('evenings of a game on %s', (driver) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ driver });
  });
  afterAll(() => t.close());

  it('the database finds the evenings the domain rule finds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.integer({ min: 0, max: 60_000 }),
            fc.constantFrom(EVENING_GAP_MS - 1, EVENING_GAP_MS, 3 * EVENING_GAP_MS),
          ),
          { maxLength: 25 },
        ),
        async (gaps) => {
          const gameId = await logSpacedBy(t, gaps);
          const { db } = t.database;
          expect(await eveningsOfGame(db, gameId)).toEqual(eveningsOf(await eventsAfter(db, gameId, 0)));
        },
      ),
      { numRuns: 30 },
    );
  });
});
