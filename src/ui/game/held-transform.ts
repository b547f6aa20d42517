/** Any length: both keyframes are the same transform, so the animation shows no time passing. */
const HOLD_MS = 1000;

const keyframes = (transform: string): Keyframe[] => [{ transform }, { transform }];

/** A transform held on one element, moved as often as needed, then dropped. */
export interface HeldTransform {
  move(transform: string): void;
  drop(): void;
}

/**
 * Holds a transform on an element by a Web Animation whose two keyframes are that transform.
 * Chromium takes a transform animated on the compositor as a compositor's change and does not
 * gather the page's paint into layers again, whereas the same transform written in the style,
 * `will-change` or not, gathers every token of the map on each frame it changes (decision 0027).
 */
export function holdTransform(element: Element, transform: string): HeldTransform {
  const effect = new KeyframeEffect(element, keyframes(transform), {
    duration: HOLD_MS,
    iterations: Infinity,
  });
  const animation = new Animation(effect);
  animation.play();
  return {
    move: (next) => effect.setKeyframes(keyframes(next)),
    drop: () => animation.cancel(),
  };
}
