import { clampVolume, DEFAULT_VOLUME } from './theme-volume';

/**
 * What one player sets for themselves at a table's ambience (decision 0031): their own volume over
 * the MJ's, silence, and the dice's sound. Theirs alone: kept in their browser, never sent.
 */
export interface AmbienceListener {
  volume: number;
  muted: boolean;
  /** « Son des dés »: a short sound on each roll they see; off until they ask for it. */
  dice: boolean;
}

export const DEFAULT_LISTENER: AmbienceListener = { volume: DEFAULT_VOLUME, muted: false, dice: false };

/** A stored setting as far as it can be read: anything else falls back to the default. */
export function listenerOf(stored: unknown): AmbienceListener {
  if (typeof stored !== 'object' || stored === null) return DEFAULT_LISTENER;
  const { volume, muted, dice } = stored as Partial<Record<keyof AmbienceListener, unknown>>;
  return {
    volume: typeof volume === 'number' ? clampVolume(volume) : DEFAULT_LISTENER.volume,
    muted: muted === true,
    dice: dice === true,
  };
}

/** What the speaker plays at: the MJ's level times the player's own, nothing when muted. */
export function heardVolume(level: number, listener: AmbienceListener): number {
  return listener.muted ? 0 : Math.min(1, Math.max(0, level * listener.volume));
}
