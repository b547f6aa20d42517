import { distinctUntilChanged, filter, map, merge, type Observable } from 'rxjs';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { listFiles, streamLinkOf, uploadFile } from '../api/files';
import { serverClockAnswer } from '../api/schemas/table';
import type { StoredFile } from '../api/schemas/files';
import { heardVolume, listenerOf, type AmbienceListener } from '../domain/ambience-listener';
import { positionAt, volumeAt, type AmbienceSource, type AmbienceTrack } from '../domain/table/ambience';
import {
  ambienceTrackMachine,
  type AmbienceTrackEvent,
  type AmbienceTrackInput,
  type TrackPlayerCommand,
} from '../machines/ambience-track.machine';
import type { AmbienceChangeRequest, AmbienceEvent } from '../machines/ambience.machine';
import type { SocketFact } from './socket';
import { tableEventsOn } from './table-messages';
import { sendCommand, tableRequestFailed, type SocketRequest } from './table';

/**
 * The server's clock as this browser reckons it: its own clock plus the offset measured from a few
 * `serverClock` round trips, the quickest one kept (its half-trip is the smallest error). Until
 * measured, the browser's own clock stands.
 */
export function serverClock(request: SocketRequest) {
  let offset = 0;
  let bestTrip = Number.POSITIVE_INFINITY;
  const sample = async () => {
    const sent = Date.now();
    const answer = serverClockAnswer.safeParse(await request('serverClock', {}));
    const received = Date.now();
    if (!answer.success || received - sent >= bestTrip) return;
    bestTrip = received - sent;
    offset = answer.data.now - (sent + received) / 2;
  };
  const measured = (async () => {
    for (let round = 0; round < 3; round += 1) await sample().catch(() => undefined);
  })();
  return { now: () => Date.now() + offset, measured };
}
export type ServerClock = ReturnType<typeof serverClock>;

/** Where the element reads a track, and until when (server milliseconds) that address serves. */
interface TrackSource {
  url: string;
  expiresAt: number;
}

/**
 * A stored sound streams through a signed link the server gives this session (decision 0040),
 * so the element plays as the bytes arrive and asks the ranges it seeks to; a link as it is.
 */
async function sourceOf(gameId: string, source: AmbienceSource, signal: AbortSignal): Promise<TrackSource> {
  if (source.kind === 'link') return { url: source.url, expiresAt: Number.POSITIVE_INFINITY };
  const link = await streamLinkOf(gameId, source.fileId, signal);
  return { url: link.url, expiresAt: Date.parse(link.expiresAt) };
}

/** A link this close to its end is taken as over: the range the element asks next would be refused. */
const LINK_MARGIN_MS = 60_000;

/** The page's audio elements of the ambience, out of sight: a test or a screen reader may find them. */
function audioShelf(): HTMLElement {
  const existing = document.getElementById('ambience-audio');
  if (existing) return existing;
  const shelf = document.createElement('div');
  shelf.id = 'ambience-audio';
  shelf.hidden = true;
  document.body.append(shelf);
  return shelf;
}

/** How often a fade's volume is set again: smooth to the ear, cheap for the page. */
const RAMP_STEP_MS = 100;
/** A drift past this is corrected by a seek; less, and the seek's own hiccup would be worse. */
const DRIFT_SECONDS = 0.75;

/**
 * One track's audio element, kept where the log says at the server's time: seeked on the first
 * metadata and on each change, its volume the fade's at each step times the player's own, stopped
 * at the end of a fade-out. A start the browser refuses (no gesture yet) is told as
 * `element.refused`; a single play that ends, as `element.ended`.
 */
function trackPlayer(clock: ServerClock, gameId: string) {
  return fromCallback<TrackPlayerCommand, AmbienceTrackInput>(({ input, receive, sendBack }) => {
    const tell = (event: AmbienceTrackEvent) => sendBack(event);
    const audio = document.createElement('audio');
    audio.preload = 'auto';
    audio.dataset['track'] = input.track.name;
    audioShelf().append(audio);
    let { track, listener } = input;
    let playing = track.pausedAt === null;
    let url: string | null = null;
    let expiresAt = Number.POSITIVE_INFINITY;
    const aborted = new AbortController();

    const applyVolume = () => {
      audio.volume = heardVolume(volumeAt(track.volume, clock.now()), listener);
    };
    /** Puts the element where the track is; false when a single play is over. */
    const seek = (): boolean => {
      const position = positionAt(track, clock.now(), audio.duration);
      if (position === null || (track.endsAt !== null && track.endsAt <= clock.now())) return false;
      if (Math.abs(audio.currentTime - position) > DRIFT_SECONDS) audio.currentTime = position;
      return true;
    };
    const end = () => {
      audio.pause();
      tell({ type: 'element.ended' });
    };
    const start = () => {
      if (url === null) return;
      audio.loop = track.loop;
      applyVolume();
      if (!seek()) return end();
      audio.play().then(
        () => tell({ type: 'element.playing' }),
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'NotAllowedError')
            tell({ type: 'element.refused' });
          else if (!(error instanceof DOMException && error.name === 'AbortError')) {
            console.warn('[ambience] a track could not start', error);
          }
        },
      );
    };
    const hold = () => {
      audio.pause();
      seek();
    };

    audio.addEventListener('loadedmetadata', () => (playing ? start() : hold()));
    audio.addEventListener('ended', () => {
      if (!track.loop) tell({ type: 'element.ended' });
    });
    const ramp = setInterval(() => {
      if (!playing || url === null) return;
      applyVolume();
      if (track.endsAt !== null && track.endsAt <= clock.now()) end();
    }, RAMP_STEP_MS);

    const load = () =>
      void sourceOf(gameId, track.source, aborted.signal).then(
        (source) => {
          ({ url, expiresAt } = source);
          audio.src = source.url;
        },
        (error: unknown) => {
          if (!aborted.signal.aborted) console.warn('[ambience] a track could not be read', error);
        },
      );
    // The element read up to where its link ran out: a new link, and the metadata's seek puts it
    // back where the track is.
    audio.addEventListener('error', () => {
      if (clock.now() >= expiresAt - LINK_MARGIN_MS) load();
      else console.warn('[ambience] a track could not be played', audio.error);
    });
    load();

    receive((command) => {
      switch (command.type) {
        case 'play':
          ({ track, listener } = command);
          playing = true;
          return start();
        case 'pause':
          track = command.track;
          playing = false;
          return hold();
        case 'listener':
          listener = command.listener;
          return applyVolume();
      }
    });
    return () => {
      aborted.abort();
      clearInterval(ramp);
      audio.pause();
      audio.remove();
    };
  });
}

const listenerKey = (gameId: string) => `ambience:${gameId}`;

/** The player's own settings for this game's ambience, as their browser kept them. */
export function storedListener(gameId: string): AmbienceListener {
  try {
    return listenerOf(JSON.parse(localStorage.getItem(listenerKey(gameId)) ?? 'null'));
  } catch {
    return listenerOf(null);
  }
}

let diceContext: AudioContext | null = null;

/**
 * A handful of dice on a table, made on the spot (no file to fetch): a few short bursts of noise,
 * each through a band-pass that gives it the click of a die, spread over a third of a second.
 */
function playDiceSound(volume: number): void {
  diceContext ??= new AudioContext();
  const context = diceContext;
  const length = Math.round(context.sampleRate * 0.04);
  const noise = context.createBuffer(1, length, context.sampleRate);
  const samples = noise.getChannelData(0);
  for (let index = 0; index < length; index += 1) {
    samples[index] = (Math.random() * 2 - 1) * (1 - index / length) ** 3;
  }
  for (let hit = 0; hit < 5; hit += 1) {
    const at = context.currentTime + hit * 0.06 + Math.random() * 0.03;
    const source = context.createBufferSource();
    source.buffer = noise;
    const band = context.createBiquadFilter();
    band.type = 'bandpass';
    band.frequency.value = 2200 + Math.random() * 2400;
    band.Q.value = 4;
    const gain = context.createGain();
    gain.gain.value = volume * (1 - hit * 0.15);
    source.connect(band).connect(gain).connect(context.destination);
    source.start(at);
  }
}

export interface AmbienceSources {
  request: SocketRequest;
  facts$: Observable<SocketFact>;
  /** The tracks of the table's copy of the log, as they change. */
  tracks$: Observable<Record<string, AmbienceTrack>>;
  clock: ServerClock;
  gameId: string;
}

/**
 * The ambience machine's effects: the table's tracks and live roll lines as its feed, an audio
 * element per track, the player's settings in local storage, the MJ's changes sent as commands,
 * and the game's sounds listed and uploaded.
 */
export function ambienceEffects({ request, facts$, tracks$, clock, gameId }: AmbienceSources) {
  return {
    actors: {
      'ambience track': ambienceTrackMachine.provide({
        actors: { 'track player': trackPlayer(clock, gameId) },
      }),
      'table feed': fromCallback(({ sendBack }) => {
        const subscription = merge(
          tracks$.pipe(
            distinctUntilChanged(),
            map((tracks): AmbienceEvent => ({ type: 'ambience.tracks', tracks })),
          ),
          tableEventsOn(facts$, 'broadcastMessage').pipe(
            filter((event) => event.type === 'dice.rolled' && event.payload.roll !== undefined),
            map((): AmbienceEvent => ({ type: 'dice.rolled' })),
          ),
        ).subscribe(sendBack);
        return () => subscription.unsubscribe();
      }),
      'list sounds': fromPromise<StoredFile[], { gameId: string }>(async ({ input }) =>
        (await listFiles(input.gameId)).files.filter((file) => file.kind === 'audio'),
      ),
      'upload sound': fromCallback<EventObject, { gameId: string; file: File }>(({ input, sendBack }) => {
        const subscription = uploadFile(input.gameId, 'audio', input.file).subscribe({
          next: (event) =>
            sendBack(
              event.type === 'progress'
                ? ({
                    type: 'upload.progress',
                    loaded: event.loaded,
                    total: event.total,
                  } satisfies AmbienceEvent)
                : ({ type: 'upload.stored' } satisfies AmbienceEvent),
            ),
          error: (error: unknown) =>
            sendBack({
              type: 'ambience.refused',
              text: error instanceof Error ? error.message : tableRequestFailed,
            } satisfies AmbienceEvent),
        });
        return () => subscription.unsubscribe();
      }),
    },
    actions: {
      'store listener': (
        _: unknown,
        { gameId, listener }: { gameId: string; listener: AmbienceListener },
      ) => {
        try {
          localStorage.setItem(listenerKey(gameId), JSON.stringify(listener));
        } catch {
          // A browser that refuses storage keeps the setting for this visit only.
        }
      },
      'send ambience change': (
        { self }: { self: { send: (event: AmbienceEvent) => void } },
        { gameId, change }: { gameId: string; change: AmbienceChangeRequest },
      ) =>
        void sendCommand(request, 'ambienceChange', { gameId, change }).then(
          (refusal) => refusal !== null && self.send({ type: 'ambience.refused', text: refusal }),
          () => self.send({ type: 'ambience.refused', text: tableRequestFailed }),
        ),
      'play dice sound': (_: unknown, listener: AmbienceListener) => {
        try {
          playDiceSound(heardVolume(1, listener));
        } catch (error) {
          console.warn('[ambience] the dice could not sound', error);
        }
      },
    },
  };
}
