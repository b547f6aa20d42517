import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { modeChoiceMachine, type ModeChoiceEvent } from '../../src/machines/mode-choice.machine';
import { expectSameState, modelOf, titleOf } from '../helpers/machine-model';

const events: ModeChoiceEvent[] = [
  { type: 'mode.choose', mode: 'gameMaster' },
  { type: 'mode.choose', mode: 'player' },
  { type: 'mode.back' },
  { type: 'session.ended' },
];

function startModeChoice() {
  const actor = createActor(modeChoiceMachine).start();
  const send = ({ event }: { event: AnyEventObject }) => actor.send(event as ModeChoiceEvent);
  return { actor, send };
}

describe('mode choice: every simple path', () => {
  for (const path of modelOf(modeChoiceMachine, events).getSimplePaths()) {
    it(titleOf(path), async () => {
      const { actor, send } = startModeChoice();
      await path.test({
        events: { 'mode.choose': send, 'mode.back': send, 'session.ended': send },
        states: { '*': (expected) => expectSameState(actor, expected) },
      });
    });
  }
});

describe('mode choice', () => {
  it('forgets the chosen mode when the session ends', () => {
    const { actor } = startModeChoice();
    actor.send({ type: 'mode.choose', mode: 'gameMaster' });
    expect(actor.getSnapshot().value).toBe('gameMaster');
    actor.send({ type: 'session.ended' });
    expect(actor.getSnapshot().value).toBe('choosing');
  });

  it('changes mode only by going back to the choice', () => {
    const { actor } = startModeChoice();
    actor.send({ type: 'mode.choose', mode: 'player' });
    actor.send({ type: 'mode.choose', mode: 'gameMaster' });
    expect(actor.getSnapshot().value).toBe('player');
    actor.send({ type: 'mode.back' });
    actor.send({ type: 'mode.choose', mode: 'gameMaster' });
    expect(actor.getSnapshot().value).toBe('gameMaster');
  });
});
