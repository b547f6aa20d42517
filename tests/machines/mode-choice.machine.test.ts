import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { modeChoiceMachine, type Mode, type ModeChoiceEvent } from '../../src/machines/mode-choice.machine';
import { expectSameState, modelOf, settle, titleOf } from '../helpers/machine-model';

const events: AnyEventObject[] = [
  { type: 'mode.choose', mode: 'gameMaster' },
  { type: 'mode.choose', mode: 'player' },
  { type: 'mode.back' },
  { type: 'session.started', userId: 'u-ana' },
  { type: 'session.ended' },
  { type: 'xstate.done.actor.recall', output: 'gameMaster' },
  { type: 'xstate.done.actor.recall', output: 'player' },
  { type: 'xstate.done.actor.recall', output: null },
];

/** The mode choice over a fake storage: the mode each user chose last, and each recall's answer. */
function startModeChoice(remembered = new Map<string, Mode>()) {
  const recalls: Array<(mode: Mode | null) => void> = [];
  const actor = createActor(
    modeChoiceMachine.provide({
      actors: {
        'recall mode': fromPromise<Mode | null, { userId: string }>(
          () => new Promise((resolve) => recalls.push(resolve)),
        ),
      },
      actions: {
        'remember mode': (_, { userId, mode }) => void remembered.set(userId, mode),
      },
    }),
  ).start();
  const send = ({ event }: { event: AnyEventObject }) => actor.send(event as ModeChoiceEvent);
  const recall = async ({ event }: { event: AnyEventObject }) => {
    recalls.at(-1)?.((event as unknown as { output: Mode | null }).output);
    await settle();
  };
  return { actor, send, recall, remembered };
}

describe('mode choice: every simple path', () => {
  for (const path of modelOf(modeChoiceMachine, events).getSimplePaths()) {
    it(titleOf(path), async () => {
      const { actor, send, recall, remembered } = startModeChoice();
      await path.test({
        events: {
          'mode.choose': send,
          'mode.back': send,
          'session.started': send,
          'session.ended': send,
          'xstate.done.actor.recall': recall,
        },
        states: {
          '*': (expected) => expectSameState(actor, expected),
          // A mode is remembered for the signed-in user from the moment they chose it.
          gameMaster: () => {
            const { userId } = actor.getSnapshot().context;
            if (userId !== null && remembered.has(userId)) expect(remembered.get(userId)).toBe('gameMaster');
          },
        },
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

  it('remembers the last mode the user chose and opens it when they come back', async () => {
    const first = startModeChoice();
    first.actor.send({ type: 'session.started', userId: 'u-ana' });
    await first.recall({ event: { type: 'xstate.done.actor.recall', output: null } });
    expect(first.actor.getSnapshot().value).toBe('choosing');
    first.actor.send({ type: 'mode.choose', mode: 'gameMaster' });
    expect(first.remembered.get('u-ana')).toBe('gameMaster');

    const again = startModeChoice(first.remembered);
    again.actor.send({ type: 'session.started', userId: 'u-ana' });
    await again.recall({ event: { type: 'xstate.done.actor.recall', output: 'gameMaster' } });
    expect(again.actor.getSnapshot().value).toBe('gameMaster');
  });

  it('asks when nothing readable is remembered', async () => {
    const actor = createActor(
      modeChoiceMachine.provide({
        actors: { 'recall mode': fromPromise(() => Promise.reject(new SyntaxError('JSON'))) },
      }),
    ).start();
    actor.send({ type: 'session.started', userId: 'u-ana' });
    await settle();
    expect(actor.getSnapshot().value).toBe('choosing');
  });
});
