/**
 * Evenings of play, read from the log alone: a pause of EVENING_GAP_MS or more between two events
 * starts a new evening. Replay lists them to jump to, the recap sums one of them
 * (docs/live-table.md "Evenings").
 */

/**
 * Four hours: a table that breaks for dinner is still the same evening, one that stops at night
 * and comes back the next day is not.
 */
export const EVENING_GAP_MS = 4 * 60 * 60 * 1000;

/** What an evening needs of an event: its place in the log and its time (ISO 8601). */
export interface Dated {
  seq: number;
  createdAt: string;
}

export interface Evening {
  /** 1 for the game's first evening. */
  number: number;
  firstSeq: number;
  lastSeq: number;
  startedAt: string;
  endedAt: string;
  /** Events of the log in it, redacted ones included. */
  events: number;
}

/** Whether the pause between two events, in order, starts a new evening. */
export const startsEvening = (previous: Dated, next: Dated): boolean =>
  Date.parse(next.createdAt) - Date.parse(previous.createdAt) >= EVENING_GAP_MS;

/** The evenings of events given in seq order. */
export function eveningsOf(events: Iterable<Dated>): Evening[] {
  const evenings: Evening[] = [];
  let current: Evening | null = null;
  let previous: Dated | null = null;
  for (const event of events) {
    if (current === null || (previous !== null && startsEvening(previous, event))) {
      current = {
        number: evenings.length + 1,
        firstSeq: event.seq,
        lastSeq: event.seq,
        startedAt: event.createdAt,
        endedAt: event.createdAt,
        events: 0,
      };
      evenings.push(current);
    }
    current.lastSeq = event.seq;
    current.endedAt = event.createdAt;
    current.events += 1;
    previous = event;
  }
  return evenings;
}

/** The evening holding `seq`, if any. */
export const eveningAt = (evenings: readonly Evening[], seq: number): Evening | undefined =>
  evenings.find((evening) => evening.firstSeq <= seq && seq <= evening.lastSeq);

/** « Séance du samedi 28 novembre 2026 », the name an evening goes by. */
export function eveningName(evening: Evening, timeZone?: string): string {
  const date = new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...(timeZone === undefined ? {} : { timeZone }),
  }).format(new Date(evening.startedAt));
  return `Séance du ${date}`;
}
