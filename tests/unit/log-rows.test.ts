import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowsJson, rowsOf, type LoggedEvent } from '../../server/modules/table/log/rows';
import type { TableEvent } from '../../src/domain/table/types';

const text = fc.string({ unit: 'grapheme-composite', maxLength: 30 });
const tricky = fc.constantFrom('__proto__', 'constructor', 'a"b\\c', 'ligne\nnouvelle', '\u2028', 'Épée');
// JSON writes -0 as 0, so a payload holding -0 reads back as 0 however it is written: the values
// are taken as JSON carries them, or the read-back assertion fails on the format, not on rowsJson.
const json: fc.Arbitrary<unknown> = fc
  .jsonValue()
  .map((value) => JSON.parse(JSON.stringify(value)) as unknown);

const logged: fc.Arbitrary<LoggedEvent> = fc.record({
  gameId: fc.oneof(fc.uuid(), tricky, text),
  event: fc.record(
    {
      seq: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      epoch: fc.integer({ min: 0, max: 1000 }),
      type: fc.oneof(fc.constantFrom('token.moved', 'chat.posted'), tricky, text),
      payload: fc.dictionary(fc.oneof(tricky, text), json),
      userId: fc.oneof(fc.uuid(), fc.constant(null)),
      createdAt: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    },
    { requiredKeys: ['seq', 'type', 'payload', 'userId', 'createdAt'] },
  ) as fc.Arbitrary<unknown> as fc.Arbitrary<TableEvent>,
});

describe('the log rows as JSON', () => {
  it('read back exactly as the rows stringified by JSON.stringify', () => {
    fc.assert(
      fc.property(fc.array(logged, { maxLength: 5 }), (events) => {
        const written = rowsJson(events);
        expect(written).toBe(JSON.stringify(rowsOf(events)));
        expect(JSON.parse(written)).toEqual(rowsOf(events));
      }),
      { numRuns: 300 },
    );
  });
});
