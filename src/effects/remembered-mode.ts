import { fromPromise } from 'xstate';
import type { Mode } from '../machines/mode-choice.machine';

/** One entry for the browser: the part its last user played, and who that was. */
const modeKey = 'lastMode';

function isMode(value: unknown): value is Mode {
  return value === 'gameMaster' || value === 'player';
}

/** The mode choice's effects: the last chosen part, in local storage beside the session. */
export const rememberedModeEffects = {
  actors: {
    'recall mode': fromPromise<Mode | null, { userId: string }>(async ({ input }) => {
      const stored: unknown = JSON.parse(localStorage.getItem(modeKey) ?? 'null');
      if (typeof stored !== 'object' || stored === null) return null;
      const { userId, mode } = stored as { userId?: unknown; mode?: unknown };
      return userId === input.userId && isMode(mode) ? mode : null;
    }),
  },
  actions: {
    'remember mode': (_: unknown, { userId, mode }: { userId: string; mode: Mode }) => {
      if (userId === '') return;
      try {
        localStorage.setItem(modeKey, JSON.stringify({ userId, mode }));
      } catch {
        // A browser that refuses storage asks again next time.
      }
    },
  },
};
