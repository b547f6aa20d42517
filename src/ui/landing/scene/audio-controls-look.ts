/**
 * How the music controls look for a volume and a mute state, drawn alike by the first visit's
 * shell and by the React controls that take over from it: the mute button's speaker and its waves
 * (crossed out when silent), the slider's spoken value and the end of its filled track.
 */
export const speakerPath = 'M4 9h4l5-4v14l-5-4H4z';

export function wavesPath(silent: boolean): string {
  return silent ? 'M16.5 9.5l5 5m0-5l-5 5' : 'M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12';
}

export const volumeText = (volume: number) => `${Math.round(volume * 100)} %`;
export const volumeFill = (volume: number) => `${volume * 100}%`;
