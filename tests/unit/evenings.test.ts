import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  EVENING_GAP_MS,
  eveningAt,
  eveningName,
  eveningsOf,
  type Dated,
} from '../../src/domain/table/evenings';

const at = (seq: number, iso: string): Dated => ({ seq, createdAt: iso });

describe('evenings of play', () => {
  it('starts a new evening after a pause of four hours, not after a shorter one', () => {
    const evenings = eveningsOf([
      at(1, '2026-11-21T19:00:00.000Z'),
      at(2, '2026-11-21T20:30:00.000Z'),
      at(3, '2026-11-21T23:59:59.000Z'),
      at(4, '2026-11-28T19:10:00.000Z'),
      at(5, '2026-11-28T19:11:00.000Z'),
    ]);
    expect(evenings).toEqual([
      {
        number: 1,
        firstSeq: 1,
        lastSeq: 3,
        startedAt: '2026-11-21T19:00:00.000Z',
        endedAt: '2026-11-21T23:59:59.000Z',
        events: 3,
      },
      {
        number: 2,
        firstSeq: 4,
        lastSeq: 5,
        startedAt: '2026-11-28T19:10:00.000Z',
        endedAt: '2026-11-28T19:11:00.000Z',
        events: 2,
      },
    ]);
    expect(eveningAt(evenings, 4)?.number).toBe(2);
    expect(eveningAt(evenings, 9)).toBeUndefined();
  });

  it('has no evening without events', () => {
    expect(eveningsOf([])).toEqual([]);
  });

  it('names an evening by its date in French', () => {
    const [evening] = eveningsOf([at(1, '2026-11-28T19:00:00.000Z')]);
    expect(eveningName(evening!, 'Europe/Paris')).toBe('Séance du samedi 28 novembre 2026');
  });

  it('cuts the log into consecutive evenings covering every event, split exactly at the long pauses', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2 * EVENING_GAP_MS }), { maxLength: 60 }), (gaps) => {
        let time = Date.parse('2026-01-01T00:00:00.000Z');
        const events = gaps.map((gap, index) => {
          time += gap;
          return at(index + 1, new Date(time).toISOString());
        });
        const evenings = eveningsOf(events);
        expect(evenings.reduce((sum, evening) => sum + evening.events, 0)).toBe(events.length);
        const longPauses = gaps.slice(1).filter((gap) => gap >= EVENING_GAP_MS).length;
        expect(evenings.length).toBe(events.length === 0 ? 0 : longPauses + 1);
        evenings.forEach((evening, index) => {
          expect(evening.number).toBe(index + 1);
          if (index > 0) expect(evening.firstSeq).toBe(evenings[index - 1]!.lastSeq + 1);
        });
      }),
    );
  });
});
