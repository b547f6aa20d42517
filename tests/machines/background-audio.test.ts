import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { modelOf, pathsThroughEveryTransition } from '../helpers/machine-model';
import { clampVolume, DEFAULT_VOLUME } from '../../src/domain/theme-volume';
import {
  backgroundAudioMachine,
  THEME_JUMP_POINT_SECONDS,
  type BackgroundAudioEvent,
  type BackgroundAudioInput,
} from '../../src/machines/background-audio.machine';

const playbackStarted = { type: 'xstate.done.actor.startPlayback' };
const playbackFailed = { type: 'xstate.error.actor.startPlayback', error: new Error('NotAllowedError') };

const model = modelOf(
  backgroundAudioMachine,
  (snapshot) => [
    { type: 'audio.gesture', position: 12 },
    { type: 'audio.gesture', position: 60 },
    { type: 'audio.volume', value: 1.7 },
    { type: 'audio.volume', value: 0.456 },
    { type: 'audio.mute.toggle' },
    ...(snapshot.matches('starting') ? [playbackStarted, playbackFailed] : []),
  ],
  {},
);

/** The machine with a fake audio element whose `play()` the test settles by hand. */
function startAudio(input: Partial<BackgroundAudioInput> = {}) {
  const element = { volume: 1, muted: false, currentTime: 0, listeners: 0, moves: [] as number[] };
  const failures: unknown[] = [];
  let settlePlay: { resolve: () => void; reject: (error: unknown) => void } | null = null;
  const actor = createActor(
    backgroundAudioMachine.provide({
      actions: {
        'apply volume': (_, { volume, muted }) => Object.assign(element, { volume, muted }),
        'move playback to': (_, { seconds }) => {
          element.currentTime = seconds;
          element.moves.push(seconds);
        },
        'log playback failure': (_, { error }) => failures.push(error),
      },
      actors: {
        'listen for gesture': fromCallback(() => {
          element.listeners += 1;
          return () => (element.listeners -= 1);
        }),
        'start playback': fromPromise(
          () => new Promise<void>((resolve, reject) => (settlePlay = { resolve, reject })),
        ),
      },
    }),
    { input },
  ).start();
  return {
    actor,
    element,
    failures,
    async settle(outcome: 'resolve' | 'reject') {
      if (outcome === 'resolve') settlePlay?.resolve();
      else settlePlay?.reject(playbackFailed.error);
      settlePlay = null;
      // Let the promise actor report back.
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe('background audio', () => {
  const paths = pathsThroughEveryTransition(model);

  it('reaches every state', () => {
    const reached = new Set(
      paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))),
    );
    expect([...reached].sort()).toEqual(['"blocked"', '"playing"', '"starting"', '"waitingForGesture"']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const audio = startAudio();
      const { actor, element, failures } = audio;
      let failedStarts = 0;

      await path.test({
        events: {
          'audio.gesture': ({ event }) => {
            const { position } = event as unknown as { position: number };
            const listening = element.listeners > 0;
            const movesBefore = element.moves.length;
            // Only a listening effect reads the element's position into a gesture.
            if (listening) element.currentTime = position;
            actor.send({ type: 'audio.gesture', position });
            // Playback moves to the jump point only on a gesture that starts it, when it stood earlier.
            const moved = listening && position < THEME_JUMP_POINT_SECONDS;
            expect(element.moves.slice(movesBefore)).toEqual(moved ? [THEME_JUMP_POINT_SECONDS] : []);
          },
          'audio.volume': ({ event }) => actor.send(event as BackgroundAudioEvent),
          'audio.mute.toggle': () => actor.send({ type: 'audio.mute.toggle' }),
          [playbackStarted.type]: () => audio.settle('resolve'),
          [playbackFailed.type]: () => {
            failedStarts += 1;
            return audio.settle('reject');
          },
        },
        states: {
          waitingForGesture: () => {
            expect(element.listeners).toBe(1);
            expect(element.moves).toEqual([]);
          },
          starting: () => {
            expect(element.listeners).toBe(0);
            expect(element.currentTime).toBeGreaterThanOrEqual(THEME_JUMP_POINT_SECONDS);
          },
          playing: () => {
            expect(element.listeners).toBe(0);
            expect(failures).toHaveLength(failedStarts);
          },
          blocked: () => {
            // The failure is logged, nothing else: the actor is alive and listens for the next gesture.
            expect(failures).toHaveLength(failedStarts);
            expect(failures.at(-1)).toBe(playbackFailed.error);
            expect(actor.getSnapshot().status).toBe('active');
            expect(element.listeners).toBe(1);
          },
        },
      });

      // At the end of the path the machine agrees with the model, and the element with the machine.
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(path.state.value);
      expect(snapshot.context).toEqual(path.state.context);
      const { volume, muted } = snapshot.context;
      expect({ volume: element.volume, muted: element.muted }).toEqual({ volume, muted });
    });
  }

  it('starts at the default volume, unmuted, on the element too', () => {
    const { actor, element } = startAudio();
    expect(actor.getSnapshot().context).toMatchObject({ volume: DEFAULT_VOLUME, muted: false });
    expect(element).toMatchObject({ volume: 0.5, muted: false });
  });

  it('goes on from the first visit’s shell: its volume and mute, and its gesture starts playback', () => {
    const { actor, element } = startAudio({ volume: 0.3, muted: true, gestured: true });
    expect(actor.getSnapshot().value).toBe('starting');
    expect(actor.getSnapshot().context).toMatchObject({ volume: 0.3, muted: true });
    expect(element).toMatchObject({ volume: 0.3, muted: true, listeners: 0 });
    expect(element.moves).toEqual([THEME_JUMP_POINT_SECONDS]);
  });

  it('waits for a gesture when the shell had none', () => {
    const { actor, element } = startAudio({ volume: 0.8, muted: false, gestured: false });
    expect(actor.getSnapshot().value).toBe('waitingForGesture');
    expect(element).toMatchObject({ volume: 0.8, listeners: 1 });
  });

  it.each([
    [12, [THEME_JUMP_POINT_SECONDS]],
    [THEME_JUMP_POINT_SECONDS, []],
    [60, []],
  ])('a gesture with playback at %s s moves it to %j', (position, moves) => {
    const { actor, element } = startAudio();
    actor.send({ type: 'audio.gesture', position });
    expect(actor.getSnapshot().value).toBe('starting');
    expect(element.moves).toEqual(moves);
  });

  it('ignores gestures once the theme plays', async () => {
    const audio = startAudio();
    audio.actor.send({ type: 'audio.gesture', position: 0 });
    await audio.settle('resolve');
    audio.actor.send({ type: 'audio.gesture', position: 0 });
    expect(audio.actor.getSnapshot().value).toBe('playing');
    expect(audio.element.moves).toEqual([THEME_JUMP_POINT_SECONDS]);
  });

  it.each([
    [0.5, 0.5],
    [0.456, 0.46],
    [0.004, 0],
    [1.7, 1],
    [-0.2, 0],
    [Number.NaN, DEFAULT_VOLUME],
  ])('clamps the volume %s to %s', (value, expected) => {
    expect(clampVolume(value)).toBe(expected);
  });
});
