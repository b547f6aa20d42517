import { assign, enqueueActions, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { AmbienceChangePayload } from '../api/schemas/table';
import type { StoredFile } from '../api/schemas/files';
import { clampVolume } from '../domain/theme-volume';
import type { AmbienceListener } from '../domain/ambience-listener';
import type { AmbienceTrack } from '../domain/table/ambience';
import { ambienceTrackMachine, type AmbienceTrackEvent } from './ambience-track.machine';

export type AmbienceChangeRequest = AmbienceChangePayload['change'];

export type AmbienceEvent =
  /** The tracks the table's copy of the log holds now. */
  | { type: 'ambience.tracks'; tracks: Record<string, AmbienceTrack> }
  /** A roll line this player sees arrived live. */
  | { type: 'dice.rolled' }
  | { type: 'listener.volume'; value: number }
  | { type: 'listener.mute.toggle' }
  | { type: 'listener.dice.toggle' }
  /** A track's element was refused a start: the browser waits for a gesture. */
  | { type: 'audio.blocked' }
  /** « Activer le son ». */
  | { type: 'audio.unlock' }
  /** The MJ's commands. */
  | { type: 'ambience.change'; change: AmbienceChangeRequest }
  | { type: 'ambience.refused'; text: string }
  | { type: 'refusal.dismiss' }
  | { type: 'library.open' }
  | { type: 'library.upload'; file: File }
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.stored' };

export interface AmbienceInput {
  gameId: string;
  listener: AmbienceListener;
}

export interface AmbienceContext extends AmbienceInput {
  tracks: Record<string, AmbienceTrack>;
  /** The server's refusal of the MJ's last change, or of an upload. */
  refusal: string | null;
  /** The game's stored sounds, for the MJ's panel. */
  sounds: StoredFile[];
  upload: { loaded: number; total: number } | null;
}

/** A track's child, named by the track. */
export const trackChildId = (trackId: string) => `track:${trackId}`;

/**
 * The table's ambience in this browser (decision 0031): one child per track the log holds, spawned
 * when it appears and stopped when the log ends it, each playing from where the others are; the
 * player's own volume, silence and dice sound, kept in their browser; one « Activer le son » for
 * every track the browser refused to start before a gesture. For the MJ, the game's sounds, an
 * upload with its progress, and the changes sent to the server, whose refusal is shown.
 */
export const ambienceMachine = setup({
  types: {
    context: {} as AmbienceContext,
    events: {} as AmbienceEvent,
    input: {} as AmbienceInput,
  },
  actors: {
    'ambience track': ambienceTrackMachine,
    /** The table's tracks as `ambience.tracks`, and each live roll line as `dice.rolled`. */
    'table feed': fromCallback(() => {}),
    'list sounds': fromPromise<StoredFile[], { gameId: string }>(async () => []),
    /** Sends `upload.progress` while the bytes go, then `upload.stored`, or the refusal as `ambience.refused`. */
    'upload sound': fromCallback<EventObject, { gameId: string; file: File }>(() => {}),
  },
  actions: {
    // Effects, provided by src/effects/ambience.ts.
    'store listener': (_, _params: { gameId: string; listener: AmbienceListener }) => {},
    'send ambience change': (_, _params: { gameId: string; change: AmbienceChangeRequest }) => {},
    'play dice sound': (_, _params: AmbienceListener) => {},
    'reconcile tracks': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'ambience.tracks') return;
      for (const id of Object.keys(context.tracks)) {
        if (!Object.hasOwn(event.tracks, id)) enqueue.stopChild(trackChildId(id));
      }
      for (const [id, track] of Object.entries(event.tracks)) {
        if (!Object.hasOwn(context.tracks, id)) {
          enqueue.spawnChild('ambience track', {
            id: trackChildId(id),
            input: { track, listener: context.listener },
          });
        } else if (context.tracks[id] !== track) {
          enqueue.sendTo(trackChildId(id), { type: 'track.changed', track } satisfies AmbienceTrackEvent);
        }
      }
      enqueue.assign({ tracks: event.tracks });
    }),
    'tell tracks the listener': enqueueActions(({ context, enqueue }) => {
      for (const id of Object.keys(context.tracks)) {
        enqueue.sendTo(trackChildId(id), {
          type: 'listener.changed',
          listener: context.listener,
        } satisfies AmbienceTrackEvent);
      }
    }),
    'tell tracks': enqueueActions(({ context, enqueue }, event: AmbienceTrackEvent) => {
      for (const id of Object.keys(context.tracks)) enqueue.sendTo(trackChildId(id), event);
    }),
    'set listener': assign({
      listener: ({ context: { listener }, event }) => {
        switch (event.type) {
          case 'listener.volume':
            return { ...listener, volume: clampVolume(event.value) };
          case 'listener.mute.toggle':
            return { ...listener, muted: !listener.muted };
          case 'listener.dice.toggle':
            return { ...listener, dice: !listener.dice };
          default:
            return listener;
        }
      },
    }),
    'keep refusal': assign({
      refusal: ({ event }) => (event.type === 'ambience.refused' ? event.text : null),
    }),
    'forget refusal': assign({ refusal: null }),
  },
  guards: {
    'dice sound is on': ({ context }) => context.listener.dice && !context.listener.muted,
  },
}).createMachine({
  id: 'ambience',
  context: ({ input }) => ({ ...input, tracks: {}, refusal: null, sounds: [], upload: null }),
  invoke: { src: 'table feed' },
  on: {
    'ambience.tracks': { actions: 'reconcile tracks' },
    'dice.rolled': {
      guard: 'dice sound is on',
      actions: { type: 'play dice sound', params: ({ context }) => context.listener },
    },
    'ambience.change': {
      actions: [
        'forget refusal',
        {
          type: 'send ambience change',
          params: ({ context, event }) => ({ gameId: context.gameId, change: event.change }),
        },
      ],
    },
    'ambience.refused': { actions: 'keep refusal' },
    'refusal.dismiss': { actions: 'forget refusal' },
  },
  type: 'parallel',
  states: {
    listener: {
      on: {
        'listener.*': {
          actions: [
            'set listener',
            {
              type: 'store listener',
              params: ({ context }) => ({ gameId: context.gameId, listener: context.listener }),
            },
            'tell tracks the listener',
          ],
        },
      },
    },
    sound: {
      initial: 'allowed',
      states: {
        allowed: { on: { 'audio.blocked': { target: 'blocked' } } },
        /** The browser waits for a gesture: « Activer le son » is shown. */
        blocked: {
          on: {
            'audio.unlock': {
              target: 'allowed',
              actions: { type: 'tell tracks', params: { type: 'track.retry' } },
            },
          },
        },
      },
    },
    library: {
      initial: 'closed',
      states: {
        closed: { on: { 'library.open': { target: 'loading' } } },
        loading: {
          invoke: {
            src: 'list sounds',
            input: ({ context }) => ({ gameId: context.gameId }),
            onDone: { target: 'ready', actions: assign({ sounds: ({ event }) => event.output }) },
            onError: { target: 'ready' },
          },
          // A file chosen before the list arrives is sent all the same; the list is read after it.
          on: { 'library.upload': { target: 'uploading', actions: 'forget refusal' } },
        },
        ready: {
          on: {
            'library.upload': { target: 'uploading', actions: 'forget refusal' },
            'library.open': { target: 'loading' },
          },
        },
        uploading: {
          entry: assign({ upload: { loaded: 0, total: 1 } }),
          exit: assign({ upload: null }),
          invoke: {
            src: 'upload sound',
            input: ({ context, event }) => ({
              gameId: context.gameId,
              file: (event as Extract<AmbienceEvent, { type: 'library.upload' }>).file,
            }),
          },
          on: {
            'upload.stored': { target: 'loading' },
            'upload.progress': {
              actions: assign({ upload: ({ event }) => ({ loaded: event.loaded, total: event.total }) }),
            },
            // The upload's refusal (too large, not a sound…) is the panel's to show.
            'ambience.refused': { target: 'loading', actions: 'keep refusal' },
          },
        },
      },
    },
  },
});
