/** The media query of a visitor who asked their system for less motion. */
export const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

export function prefersReducedMotion(): boolean {
  return window.matchMedia(reducedMotionQuery).matches;
}
