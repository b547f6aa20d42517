/**
 * jsdom has no Web Animations: the map's board is carried through a pan by one
 * (src/ui/game/board-motion.ts) and set down in its style, which is all jsdom can show, and a
 * dragged token likewise until its drop is laid out (use-carried-tokens.ts). These play nothing.
 * Node-only test files have no `document` to animate.
 */
if (typeof document !== 'undefined' && typeof KeyframeEffect === 'undefined') {
  class StillKeyframeEffect {
    setKeyframes() {}
  }
  class StillAnimation {
    play() {}
    cancel() {}
  }
  Object.assign(globalThis, { KeyframeEffect: StillKeyframeEffect, Animation: StillAnimation });
}
