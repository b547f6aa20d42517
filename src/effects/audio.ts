import { fromEvent, merge, take } from 'rxjs';
import { fromCallback, fromPromise } from 'xstate';
import type { BackgroundAudioContext } from '../machines/background-audio.machine';
import { idle$ } from './idle';

/**
 * The theme's <audio> element as the background-audio machine's effects: volume and mute, moving
 * the playback position, `play()` (which browsers reject before a user gesture), and the window's
 * next click or key press as the `audio.gesture` that unlocks it. React mounts the element after
 * the machine starts, so `attach` is given as the element's ref; until then every effect is a
 * no-op (and a start fails, to be retried on the next gesture).
 */
export function createThemeAudio() {
  let element: HTMLAudioElement | null = null;
  return {
    attach(audio: HTMLAudioElement | null): void {
      element = audio;
      if (!audio) return;
      audio.loop = true;
      // The theme is the landing screen's atmosphere, fetched ahead so it starts on the first click;
      // but only once the page is idle: it weighs more than all the page's code together.
      audio.preload = 'none';
      idle$.subscribe(() => {
        audio.preload = 'auto';
      });
    },
    actions: {
      'apply volume': (_: unknown, { volume, muted }: BackgroundAudioContext) => {
        if (!element) return;
        element.volume = volume;
        element.muted = muted;
      },
      'move playback to': (_: unknown, { seconds }: { seconds: number }) => {
        // Before the metadata is loaded this sets where playback will start, which is what we want.
        if (element) element.currentTime = seconds;
      },
      'log playback failure': (_: unknown, { error }: { error: unknown }) => {
        console.warn('[audio] the theme could not start', error);
      },
    },
    actors: {
      'listen for gesture': fromCallback(({ sendBack }) => {
        const subscription = merge(fromEvent(window, 'click'), fromEvent(window, 'keydown'))
          .pipe(take(1))
          .subscribe(() => sendBack({ type: 'audio.gesture', position: element?.currentTime ?? 0 }));
        return () => subscription.unsubscribe();
      }),
      'start playback': fromPromise(async () => {
        if (!element) throw new Error('no audio element to play');
        await element.play();
      }),
    },
  };
}
