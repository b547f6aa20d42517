import type { View } from '../../domain/geometry/viewport';
import { holdTransform, type HeldTransform } from './held-transform';

/** The board's transform for a view of the map. */
export function transformOf(view: View): string {
  return `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
}

/**
 * The board carried through a pan, then set down. While the view slides, its transform is held by
 * an animation (held-transform.ts), which leaves every frame of the pan to the compositor. A new
 * scale is written in the style at once: held by the animation, each one would have the whole
 * board rastered again at it. At rest the view is written in the style and the animation dropped,
 * so nothing keeps running.
 */
export function boardMotion() {
  let held: { board: HTMLElement; transform: HeldTransform } | null = null;
  let written: View | null = null;
  const write = (board: HTMLElement | null, view: View) => {
    held?.transform.drop();
    held = null;
    if (!board) return;
    board.style.transform = transformOf(view);
    written = view;
  };
  return {
    move(board: HTMLElement, view: View): void {
      if (view.scale !== written?.scale) {
        write(board, view);
        return;
      }
      if (held?.board === board) {
        held.transform.move(transformOf(view));
        return;
      }
      held?.transform.drop();
      held = { board, transform: holdTransform(board, transformOf(view)) };
    },
    rest: write,
  };
}
