import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import { tableNoticeMachine, type TableNoticeEvent } from '../../src/machines/table-notice.machine';
import { everyTransition, testEveryPath } from '../helpers/every-path';
import { expectSameState, visitedStates } from '../helpers/machine-model';

const refusal = 'Vous ne pouvez modifier que votre propre pion.';
const expiry = { type: 'xstate.after.noticeLifetime.tableNotice.shown' };

type Snapshot = ReturnType<typeof tableNoticeMachine.getInitialSnapshot>;

function modelEvents(snapshot: Snapshot): AnyEventObject[] {
  return [
    { type: 'notice.show', text: snapshot.context.text === refusal ? 'Pion introuvable.' : refusal },
    ...(snapshot.matches('shown') ? [{ type: 'notice.dismiss' }, expiry] : []),
  ];
}

describe('table notice: every transition', () => {
  const paths = everyTransition(tableNoticeMachine, modelEvents);

  it('visits every state of the machine', () => {
    expect(visitedStates(paths)).toEqual(['hidden', 'shown']);
  });

  testEveryPath(paths, () => {
    const clock = new SimulatedClock();
    const actor = createActor(tableNoticeMachine, { clock }).start();
    return {
      events: {
        'notice.show': ({ event }) => void actor.send(event as TableNoticeEvent),
        'notice.dismiss': ({ event }) => void actor.send(event as TableNoticeEvent),
        [expiry.type]: () => void clock.increment(4000),
      },
      states: {
        '*': (expected) => expectSameState(actor, expected as never),
        // Hidden: nothing is said.
        hidden: () => expect(actor.getSnapshot().context.text).toBeNull(),
        // Shown: the latest refusal, read as it came.
        shown: () => expect(actor.getSnapshot().context.text).not.toBeNull(),
      },
    };
  });

  it('keeps a newer refusal its full time', () => {
    const clock = new SimulatedClock();
    const actor = createActor(tableNoticeMachine, { clock }).start();
    actor.send({ type: 'notice.show', text: refusal });
    clock.increment(3000);
    actor.send({ type: 'notice.show', text: 'Pion introuvable.' });
    clock.increment(3000);
    expect(actor.getSnapshot().context.text).toBe('Pion introuvable.');
    clock.increment(1000);
    expect(actor.getSnapshot().value).toBe('hidden');
  });
});
