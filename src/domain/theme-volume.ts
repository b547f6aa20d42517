/** The theme's volume before the visitor touches the slider. */
export const DEFAULT_VOLUME = 0.5;

/** Volume as the slider and the audio element understand it: within 0–1, in steps of 0.01. */
export function clampVolume(value: number): number {
  if (Number.isNaN(value)) return DEFAULT_VOLUME;
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}
