import type { View } from '../../domain/geometry/viewport';

/** The board's transform for a view of the map. */
export function transformOf(view: View): string {
  return `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
}

/** Any length: both keyframes are the view, so the animation shows no time passing. */
const HOLD_MS = 1000;

/**
 * The board carried through a pan, then set down. While the view slides, its transform is held by
 * an animation whose two keyframes are the current view: Chromium leaves a transform animated on
 * the compositor to the compositor, whereas a transform written in the style makes it gather every
 * token's paint into layers again on each frame (decision 0027). A new scale is written in the
 * style at once: held by the animation, each one would have the whole board rastered again at it.
 * At rest the view is written in the style and the animation dropped, so nothing keeps running.
 */
export function boardMotion() {
  let held: { board: HTMLElement; effect: KeyframeEffect; animation: Animation } | null = null;
  let written: View | null = null;
  const write = (board: HTMLElement | null, view: View) => {
    held?.animation.cancel();
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
      const frames = [{ transform: transformOf(view) }, { transform: transformOf(view) }];
      if (held?.board === board) {
        held.effect.setKeyframes(frames);
        return;
      }
      held?.animation.cancel();
      const effect = new KeyframeEffect(board, frames, { duration: HOLD_MS, iterations: Infinity });
      const animation = new Animation(effect);
      animation.play();
      held = { board, effect, animation };
    },
    rest: write,
  };
}
