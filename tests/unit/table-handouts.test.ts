import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide, type TableCommand } from '../../src/domain/table/decide';
import { documentsOf, handoutsShown, type LoggedHandout } from '../../src/domain/table/handouts';
import { narrate } from '../../src/domain/table/narration';
import { projectAfter } from '../../src/domain/table/projection';
import { recapOf } from '../../src/domain/table/recap';
import { applyEvents, emptyTable } from '../../src/domain/table/reducer';
import type { TableActor } from '../../src/domain/table/types';
import { visibleTo } from '../../src/domain/table/visibility';
import { ana, bob, envOf, mj, runServer } from './table-fixtures';

const cara: TableActor = { userId: 'u-cara', role: 'player', characterIds: ['c-cara'] };
const players = [ana, bob, cara];

/** Ids and titles that no other text of the log contains, so a leak of either is found by a search. */
const handouts: LoggedHandout[] = [
  { id: 'handout-alpha', title: 'Lettre-Ambre', text: 'Le pont est tombé.', fileId: null },
  { id: 'handout-beta', title: 'Carte-Basalte', text: null, fileId: 'file-beta' },
  { id: 'handout-gamma', title: 'Sceau-Cinabre', text: 'Trois pierres blanches.', fileId: null },
];

const show = (handout: LoggedHandout, recipients: readonly TableActor[], minute = 0): TableCommand => ({
  type: 'handout.show',
  handout,
  recipients: recipients.map(({ userId }) => userId),
  at: `2026-11-29T20:${String(minute).padStart(2, '0')}:00.000Z`,
});
const takeBack = (handout: LoggedHandout): TableCommand => ({
  type: 'handout.takeBack',
  handoutId: handout.id,
});

const handoutCommand: fc.Arbitrary<TableCommand> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...handouts),
      fc.subarray(players, { minLength: 1 }),
      fc.integer({ min: 0, max: 59 }),
    )
    .map(([handout, recipients, minute]) => show(handout, recipients, minute)),
  fc.constantFrom(...handouts).map(takeBack),
);

describe('handouts on the table’s log', () => {
  it('are the MJ’s to show and take back; a handout nobody holds writes nothing', () => {
    expect(decide(emptyTable, show(handouts[0]!, [ana]), ana, envOf())).toEqual({
      refusal: 'Seul le MJ peut montrer ou reprendre un document.',
    });
    expect(decide(emptyTable, takeBack(handouts[0]!), mj, envOf())).toEqual({ events: [] });
  });

  it('hold each player’s documents as shown, shown again on top, and taken back from all who hold it', () => {
    const { state } = runServer([
      { command: show(handouts[0]!, [ana, bob], 1), actor: mj },
      { command: show(handouts[1]!, [ana], 2), actor: mj },
      { command: show(handouts[0]!, [ana], 3), actor: mj },
    ]);
    expect(documentsOf(state.handouts, ana.userId).map(({ title }) => title)).toEqual([
      'Lettre-Ambre',
      'Carte-Basalte',
    ]);
    expect(documentsOf(state.handouts, bob.userId)).toEqual([
      {
        id: 'handout-alpha',
        title: 'Lettre-Ambre',
        text: 'Le pont est tombé.',
        fileId: null,
        shownAt: '2026-11-29T20:01:00.000Z',
      },
    ]);
    expect(handoutsShown(state.handouts).map(({ id }) => id)).toEqual(['handout-alpha', 'handout-beta']);
    const after = runServer([
      { command: show(handouts[0]!, [ana, bob], 1), actor: mj },
      { command: takeBack(handouts[0]!), actor: mj },
    ]);
    expect(after.log.at(-1)!.event.payload).toEqual({
      handoutId: 'handout-alpha',
      recipients: [ana.userId, bob.userId],
    });
    expect(after.state.handouts).toEqual({});
  });

  it('never reach a player they were not shown to: neither its title nor its id, live, caught up or in their copy', () => {
    fc.assert(
      fc.property(fc.array(handoutCommand, { minLength: 1, maxLength: 20 }), fc.nat(), (commands, cut) => {
        const { state, log } = runServer(commands.map((command) => ({ command, actor: mj })));
        const events = log.map(({ event }) => event);
        for (const player of players) {
          const theirs = new Set(
            events.flatMap((event) =>
              event.type === 'handout.shown' && event.payload.recipients.includes(player.userId)
                ? [event.payload.handout.id]
                : [],
            ),
          );
          const from = cut % (events.length + 1);
          const base = applyEvents(emptyTable, events.slice(0, from)).state;
          const received = projectAfter(base, events.slice(from), from, player).events;
          const copy = visibleTo(state, player);
          const seen = JSON.stringify([received, copy]);
          for (const handout of handouts.filter(({ id }) => !theirs.has(id))) {
            expect(seen).not.toContain(handout.id);
            expect(seen).not.toContain(handout.title);
          }
          // Nor whom else it went to: a recipient is its only recipient in their copy.
          for (const other of players.filter(({ userId }) => userId !== player.userId))
            expect(seen).not.toContain(other.userId);
          // Their fold of what they received is their copy of the table.
          const folded = applyEvents(visibleTo(base, player), received).state;
          expect(folded.handouts ?? {}).toEqual(copy.handouts ?? {});
        }
      }),
    );
  });

  it('are told to the recipient’s screen reader, and to nobody else', () => {
    const { log } = runServer([{ command: show(handouts[0]!, [ana]), actor: mj }]);
    const { event, before, after } = log[0]!;
    const heard = (listener: TableActor) => {
      const projected = projectAfter(before, [event], 0, listener).events[0]!;
      return narrate(projected, visibleTo(before, listener), visibleTo(after, listener), listener);
    };
    expect(heard(ana)).toBe('Document montré\u00a0: Lettre-Ambre.');
    expect(heard(bob)).toBeNull();
    expect(heard(mj)).toBeNull();
  });

  it('leave the recap as it was: a showing is no blow, no fight and no line', () => {
    const { log } = runServer([
      { command: show(handouts[0]!, [ana]), actor: mj },
      { command: takeBack(handouts[0]!), actor: mj },
    ]);
    const events = log.map(({ event }) => event);
    expect(recapOf(emptyTable, events)).toEqual(recapOf(emptyTable, []));
    expect(recapOf(emptyTable, projectAfter(emptyTable, events, 0, ana).events)).toEqual(
      recapOf(emptyTable, []),
    );
  });
});
