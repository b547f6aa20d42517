import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { clampVolume, DEFAULT_VOLUME } from '../domain/theme-volume';

/** The theme's quiet opening is skipped: playback starting earlier is moved here (spec §9). */
export const THEME_JUMP_POINT_SECONDS = 47;

export type BackgroundAudioEvent =
  /** A click or key press anywhere; `position` is where the audio element stands, in seconds. */
  | { type: 'audio.gesture'; position: number }
  | { type: 'audio.volume'; value: number }
  | { type: 'audio.mute.toggle' };

export interface BackgroundAudioContext {
  volume: number;
  muted: boolean;
}

/** What the visitor did to the music before this machine ran: the first visit's shell has controls. */
export interface BackgroundAudioInput extends BackgroundAudioContext {
  /** A click or key press already happened: playback starts at once, from the jump point. */
  gestured: boolean;
}

/**
 * The landing screen's looping theme. Browsers refuse to play sound before the visitor has
 * interacted with the page, so playback waits for the first click or key press; a refused or
 * failed start is only logged (music is a nicety, never an error shown to the player) and the next
 * gesture tries again. Starting moves playback to the jump point when it stands earlier, so the
 * theme opens on its fuller part. Volume and mute live here so the slider, the mute button and the
 * audio element always agree. A first visit's page has the controls before the app's code: the
 * input carries what was done with them, the gesture included.
 */
export const backgroundAudioMachine = setup({
  types: {
    context: {} as BackgroundAudioContext & { gesturedBefore: boolean },
    events: {} as BackgroundAudioEvent,
    input: {} as Partial<BackgroundAudioInput>,
  },
  actions: {
    // The audio element is provided by src/effects/audio.ts; these defaults keep the machine pure.
    'apply volume': (_, _params: BackgroundAudioContext) => {},
    'move playback to': (_, _params: { seconds: number }) => {},
    'log playback failure': (_, _params: { error: unknown }) => {},
    'set volume': assign({
      volume: ({ event, context }) =>
        event.type === 'audio.volume' ? clampVolume(event.value) : context.volume,
    }),
    'toggle muted': assign({ muted: ({ context }) => !context.muted }),
  },
  actors: {
    /** Sends `audio.gesture` on the next click or key press. */
    'listen for gesture': fromCallback(() => {}),
    'start playback': fromPromise(async () => {}),
  },
  guards: {
    'is earlier than jump point': ({ event }) =>
      event.type === 'audio.gesture' && event.position < THEME_JUMP_POINT_SECONDS,
    'a gesture came before': ({ context }) => context.gesturedBefore,
  },
}).createMachine({
  id: 'backgroundAudio',
  context: ({ input }) => ({
    volume: input.volume ?? DEFAULT_VOLUME,
    muted: input.muted ?? false,
    gesturedBefore: input.gestured ?? false,
  }),
  entry: { type: 'apply volume', params: ({ context }) => context },
  on: {
    'audio.volume': {
      actions: ['set volume', { type: 'apply volume', params: ({ context }) => context }],
    },
    'audio.mute.toggle': {
      actions: ['toggle muted', { type: 'apply volume', params: ({ context }) => context }],
    },
  },
  initial: 'waitingForGesture',
  states: {
    waitingForGesture: {
      // The element is new: it stands before the jump point.
      always: {
        guard: 'a gesture came before',
        target: 'starting',
        actions: { type: 'move playback to', params: { seconds: THEME_JUMP_POINT_SECONDS } },
      },
      invoke: { src: 'listen for gesture' },
      on: {
        'audio.gesture': [
          {
            guard: 'is earlier than jump point',
            target: 'starting',
            actions: { type: 'move playback to', params: { seconds: THEME_JUMP_POINT_SECONDS } },
          },
          { target: 'starting' },
        ],
      },
    },
    starting: {
      invoke: {
        id: 'startPlayback',
        src: 'start playback',
        onDone: { target: 'playing' },
        onError: {
          target: 'blocked',
          actions: { type: 'log playback failure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    playing: {},
    /** The start failed (usually the browser's autoplay policy): the next gesture tries again. */
    blocked: {
      invoke: { src: 'listen for gesture' },
      on: {
        'audio.gesture': [
          {
            guard: 'is earlier than jump point',
            target: 'starting',
            actions: { type: 'move playback to', params: { seconds: THEME_JUMP_POINT_SECONDS } },
          },
          { target: 'starting' },
        ],
      },
    },
  },
});
