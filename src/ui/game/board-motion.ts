import type { View } from '../../domain/geometry/viewport';

/** The board's transform for a view of the map. */
export function transformOf(view: View): string {
  return `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
}

/** Any length: both keyframes are the view, so the animation shows no time passing. */
const HOLD_MS = 1000;

/**
 * The board carried through a pan or a zoom, then set down. While the view moves, its transform is
 * held by an animation whose two keyframes are the current view: Chromium leaves a transform
 * animated on the compositor to the compositor, whereas a transform written in the style makes it
 * gather every token's paint into layers again on each frame (decision 0027). At rest the view is
 * written in the style and the animation dropped, so the page keeps nothing running.
 */
export function boardMotion() {
  let held: { board: HTMLElement; effect: KeyframeEffect; animation: Animation } | null = null;
  const drop = () => {
    held?.animation.cancel();
    held = null;
  };
  return {
    move(board: HTMLElement, view: View): void {
      const frames = [{ transform: transformOf(view) }, { transform: transformOf(view) }];
      if (held?.board === board) {
        held.effect.setKeyframes(frames);
        return;
      }
      drop();
      const effect = new KeyframeEffect(board, frames, { duration: HOLD_MS, iterations: Infinity });
      const animation = new Animation(effect);
      animation.play();
      held = { board, effect, animation };
    },
    rest(board: HTMLElement | null, view: View): void {
      if (board) board.style.transform = transformOf(view);
      drop();
    },
  };
}
