import { z } from 'zod';
import { turnPanelMachine, type TurnPanelPlacement } from '../machines/turn-panel.machine';

/** What is kept of a reader's turn panel, one entry per game: the panel is arranged for each table. */
const storedPlacement = z.object({
  place: z.object({ x: z.number().finite(), y: z.number().finite() }).nullable(),
  folded: z.boolean(),
});

const keyOf = (gameId: string) => `turnPanel:${gameId}`;

/** The placement left on the last visit; none when never stored, unreadable, or refused by the browser. */
export function storedTurnPanel(gameId: string): TurnPanelPlacement | null {
  try {
    const text = localStorage.getItem(keyOf(gameId));
    if (text === null) return null;
    const parsed = storedPlacement.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The panel's machine writing what its reader arranged to this browser's storage. */
export function turnPanelLogic(gameId: string) {
  return turnPanelMachine.provide({
    actions: {
      'remember placement': (_, placement) => {
        try {
          localStorage.setItem(keyOf(gameId), JSON.stringify(placement));
        } catch {
          // A browser that refuses the storage (full, private mode) keeps the panel for this visit only.
        }
      },
    },
  });
}
