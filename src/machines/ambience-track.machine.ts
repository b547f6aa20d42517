import { assign, fromCallback, sendParent, sendTo, setup } from 'xstate';
import type { AmbienceListener } from '../domain/ambience-listener';
import type { AmbienceTrack } from '../domain/table/ambience';

/** What the track's player (an audio element, provided by src/effects/ambience.ts) is told to do. */
export type TrackPlayerCommand =
  | { type: 'play'; track: AmbienceTrack; listener: AmbienceListener }
  | { type: 'pause'; track: AmbienceTrack }
  | { type: 'listener'; listener: AmbienceListener };

export type AmbienceTrackEvent =
  /** The track as the log now has it (a fade, a pause, a loop turned off…). */
  | { type: 'track.changed'; track: AmbienceTrack }
  | { type: 'listener.changed'; listener: AmbienceListener }
  /** The player pressed « Activer le son »: a gesture, which lets a refused start try again. */
  | { type: 'track.retry' }
  /** Facts of the audio element. */
  | { type: 'element.playing' }
  | { type: 'element.refused' }
  | { type: 'element.ended' };

export interface AmbienceTrackInput {
  track: AmbienceTrack;
  listener: AmbienceListener;
}

/**
 * One track of the ambience as this browser plays it, spawned by the ambience machine for each
 * track the log holds and stopped when the log ends it. It keeps its audio element in step with
 * the log — playing from where the others are, paused, at the MJ's level times the player's —
 * and tells its parent when the browser refuses to start a sound before a gesture, so one button
 * unlocks every track. A single play that reached its end stays over until the MJ changes it.
 */
export const ambienceTrackMachine = setup({
  types: {
    context: {} as AmbienceTrackInput,
    events: {} as AmbienceTrackEvent,
    input: {} as AmbienceTrackInput,
  },
  actors: {
    /** Owns the audio element; takes `TrackPlayerCommand`s, sends back the `element.*` facts. */
    'track player': fromCallback<TrackPlayerCommand, AmbienceTrackInput>(() => {}),
  },
  actions: {
    'keep track': assign({
      track: ({ context, event }) => (event.type === 'track.changed' ? event.track : context.track),
    }),
    'keep listener': assign({
      listener: ({ context, event }) =>
        event.type === 'listener.changed' ? event.listener : context.listener,
    }),
    'play element': sendTo('player', ({ context }): TrackPlayerCommand => ({ type: 'play', ...context })),
    'pause element': sendTo('player', ({ context }): TrackPlayerCommand => ({
      type: 'pause',
      track: context.track,
    })),
    'tell element the listener': sendTo('player', ({ context }): TrackPlayerCommand => ({
      type: 'listener',
      listener: context.listener,
    })),
    'tell parent sound is blocked': sendParent({ type: 'audio.blocked' }),
  },
  guards: {
    'is paused': ({ context }) => context.track.pausedAt !== null,
    'pauses it': ({ event }) => event.type === 'track.changed' && event.track.pausedAt !== null,
  },
}).createMachine({
  id: 'ambienceTrack',
  context: ({ input }) => input,
  invoke: { id: 'player', src: 'track player', input: ({ context }) => context },
  on: {
    'listener.changed': { actions: ['keep listener', 'tell element the listener'] },
  },
  initial: 'choosing',
  states: {
    choosing: {
      always: [{ guard: 'is paused', target: 'paused' }, { target: 'playing' }],
    },
    playing: {
      entry: 'play element',
      initial: 'starting',
      on: {
        'track.changed': [
          { guard: 'pauses it', target: 'paused', actions: 'keep track' },
          { actions: ['keep track', 'play element'] },
        ],
        'element.ended': { target: 'over' },
      },
      states: {
        starting: {
          on: {
            'element.playing': { target: 'audible' },
            'element.refused': { target: 'refused', actions: 'tell parent sound is blocked' },
          },
        },
        audible: {
          on: { 'element.refused': { target: 'refused', actions: 'tell parent sound is blocked' } },
        },
        refused: {
          on: { 'track.retry': { target: 'starting', actions: 'play element' } },
        },
      },
    },
    paused: {
      entry: 'pause element',
      on: {
        'track.changed': [
          { guard: 'pauses it', actions: ['keep track', 'pause element'] },
          { target: 'playing', actions: 'keep track' },
        ],
      },
    },
    over: {
      // Over for this browser; a change from the MJ (looped again, say) starts it where the log says.
      on: {
        'track.changed': [
          { guard: 'pauses it', target: 'paused', actions: 'keep track' },
          { target: 'playing', actions: 'keep track' },
        ],
      },
    },
  },
});
