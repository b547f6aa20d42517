/**
 * The ambience the MJ plays for the whole table (decision 0031): tracks, each a stored sound of the
 * game or an https link, playing at once. Times are the server's clock in milliseconds, written in
 * the log by the command that made them, so whoever folds the log — at the time, on a reload, in a
 * replay — hears the same position and the same volume at the same instant.
 */

/** A stored audio file of the game (decision 0026), or a sound hosted elsewhere. */
export type AmbienceSource = { kind: 'file'; fileId: string } | { kind: 'link'; url: string };

/** A straight line of volume over time: a fade, or a level set at once (`startAt === endAt`). */
export interface VolumeRamp {
  from: number;
  to: number;
  startAt: number;
  endAt: number;
}

export interface AmbienceTrack {
  id: string;
  name: string;
  source: AmbienceSource;
  loop: boolean;
  /** When the sound's first instant played (moved on by a pause, so the position carries on). */
  startedAt: number;
  /** Set while paused: the instant it was paused at. */
  pausedAt: number | null;
  /** The MJ's level, 0–1, before each player's own volume. */
  volume: VolumeRamp;
  /** A stop faded out: silent and over from then. */
  endsAt: number | null;
}

/** What the MJ asks of the ambience. */
export type AmbienceChange =
  | {
      kind: 'play';
      source: AmbienceSource;
      name: string;
      loop: boolean;
      volume: number;
      /** Seconds from silence to `volume`; 0 starts at it. */
      fadeIn: number;
    }
  | { kind: 'pause' | 'resume'; trackId: string }
  | { kind: 'loop'; trackId: string; loop: boolean }
  /** Towards `volume` over `seconds` (0: at once). */
  | { kind: 'fade'; trackId: string; volume: number; seconds: number }
  /** Faded out over `fadeOut` seconds, then over; 0 stops it at once. */
  | { kind: 'stop'; trackId: string; fadeOut: number };

/** Tracks at once: a music, a rain, a crowd… more is noise, and each is a download for every player. */
export const AMBIENCE_TRACKS_MAX = 8;
/** The longest fade, in seconds. */
export const AMBIENCE_FADE_MAX = 600;
export const AMBIENCE_NAME_MAX = 100;
export const AMBIENCE_LINK_MAX = 2000;

export const ambienceMessages = {
  onlyMaster: 'Seul le MJ peut régler l’ambiance.',
  tooManyTracks: `${AMBIENCE_TRACKS_MAX} pistes au plus jouent ensemble\u00a0: arrêtez-en une d’abord.`,
  trackNotFound: 'Cette piste ne joue plus.',
  ending: 'Cette piste est en train de s’arrêter.',
  alreadyPaused: 'Cette piste est déjà en pause.',
  notPaused: 'Cette piste n’est pas en pause.',
  notHttps: 'Un lien de son doit commencer par https://.',
  invalidLevel: 'Le volume va de 0 à 100\u00a0%, un fondu de 0 à 600 secondes.',
  unknownFile: 'Ce son n’est pas un fichier audio de cette partie.',
} as const;

/** The MJ's level of a track at `at`. */
export function volumeAt(ramp: VolumeRamp, at: number): number {
  if (at >= ramp.endAt || ramp.endAt <= ramp.startAt) return at < ramp.startAt ? ramp.from : ramp.to;
  if (at <= ramp.startAt) return ramp.from;
  return ramp.from + ((ramp.to - ramp.from) * (at - ramp.startAt)) / (ramp.endAt - ramp.startAt);
}

/** Seconds of the sound played by `at`, loops counted whole. */
export function elapsedSeconds(track: AmbienceTrack, at: number): number {
  return Math.max(0, ((track.pausedAt ?? at) - track.startedAt) / 1000);
}

/**
 * Where in a sound of `duration` seconds the track is at `at`: a loop goes round, a single play
 * past its end is over (null). An unknown duration (a stream, metadata not read yet) plays on.
 */
export function positionAt(track: AmbienceTrack, at: number, duration: number): number | null {
  const elapsed = elapsedSeconds(track, at);
  if (!Number.isFinite(duration) || duration <= 0) return elapsed;
  if (track.loop) return elapsed % duration;
  return elapsed < duration ? elapsed : null;
}

/** Faded out and over by `at`. */
export const hasEnded = (track: AmbienceTrack, at: number) => track.endsAt !== null && track.endsAt <= at;

const isLevel = (value: number) => Number.isFinite(value) && value >= 0 && value <= 1;
const isFade = (seconds: number) => Number.isFinite(seconds) && seconds >= 0 && seconds <= AMBIENCE_FADE_MAX;

/** An outside link the players' browsers may fetch: https alone, never a page of the app's own. */
export function isAmbienceLink(url: string): boolean {
  if (url.length > AMBIENCE_LINK_MAX) return false;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

export type AmbienceEvent =
  | { type: 'ambience.changed'; payload: { track: AmbienceTrack } }
  | { type: 'ambience.ended'; payload: { trackId: string } };

function ramp(from: number, to: number, at: number, seconds: number): VolumeRamp {
  return { from, to, startAt: at, endAt: at + Math.round(seconds * 1000) };
}

/**
 * The events of a change at `at` (the server's clock), or the French refusal. Tracks whose fade-out
 * is over by then end first, in the same append: the state never keeps a silent track for long.
 */
export function decideAmbience(
  tracks: Readonly<Record<string, AmbienceTrack>>,
  change: AmbienceChange,
  at: number,
  newId: () => string,
): AmbienceEvent[] | string {
  const over = Object.values(tracks).filter((track) => hasEnded(track, at));
  const ended = over.map((track): AmbienceEvent => ({
    type: 'ambience.ended',
    payload: { trackId: track.id },
  }));
  const changed = (track: AmbienceTrack): AmbienceEvent[] => [
    ...ended,
    { type: 'ambience.changed', payload: { track } },
  ];
  if (change.kind === 'play') {
    if (!isLevel(change.volume) || !isFade(change.fadeIn)) return ambienceMessages.invalidLevel;
    if (change.source.kind === 'link' && !isAmbienceLink(change.source.url)) return ambienceMessages.notHttps;
    if (Object.keys(tracks).length - over.length >= AMBIENCE_TRACKS_MAX)
      return ambienceMessages.tooManyTracks;
    return changed({
      id: newId(),
      name: change.name.trim().slice(0, AMBIENCE_NAME_MAX),
      source: change.source,
      loop: change.loop,
      startedAt: at,
      pausedAt: null,
      volume: ramp(change.fadeIn > 0 ? 0 : change.volume, change.volume, at, change.fadeIn),
      endsAt: null,
    });
  }
  const track = Object.hasOwn(tracks, change.trackId) ? tracks[change.trackId] : undefined;
  if (!track || hasEnded(track, at)) return ambienceMessages.trackNotFound;
  if (change.kind === 'stop') {
    if (!isFade(change.fadeOut)) return ambienceMessages.invalidLevel;
    if (change.fadeOut === 0 || track.pausedAt !== null) {
      return [...ended, { type: 'ambience.ended', payload: { trackId: track.id } }];
    }
    const endsAt = at + Math.round(change.fadeOut * 1000);
    const fadeOut = ramp(volumeAt(track.volume, at), 0, at, change.fadeOut);
    // A stop already under way is hastened, never slowed.
    return changed({ ...track, volume: fadeOut, endsAt: Math.min(endsAt, track.endsAt ?? endsAt) });
  }
  if (track.endsAt !== null) return ambienceMessages.ending;
  switch (change.kind) {
    case 'pause':
      if (track.pausedAt !== null) return ambienceMessages.alreadyPaused;
      return changed({ ...track, pausedAt: at });
    case 'resume':
      if (track.pausedAt === null) return ambienceMessages.notPaused;
      return changed({ ...track, startedAt: track.startedAt + (at - track.pausedAt), pausedAt: null });
    case 'loop':
      return changed({ ...track, loop: change.loop });
    case 'fade':
      if (!isLevel(change.volume) || !isFade(change.seconds)) return ambienceMessages.invalidLevel;
      return changed({
        ...track,
        volume: ramp(volumeAt(track.volume, at), change.volume, at, change.seconds),
      });
  }
}

/** A track as the reducer accepts it: levels within 0–1 and times that follow each other. */
export function isValidTrack(track: AmbienceTrack): boolean {
  const { volume } = track;
  return (
    isLevel(volume.from) &&
    isLevel(volume.to) &&
    volume.endAt >= volume.startAt &&
    (track.pausedAt === null || track.pausedAt >= track.startedAt)
  );
}
