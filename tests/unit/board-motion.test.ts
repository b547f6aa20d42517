// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boardMotion, transformOf } from '../../src/ui/game/board-motion';

/** What the board's animations were asked: each one started, its keyframes, whether dropped. */
const started: { keyframes: Keyframe[][]; cancelled: boolean }[] = [];
class RecordedEffect {
  keyframes: Keyframe[][];
  constructor(_target: Element, frames: Keyframe[]) {
    this.keyframes = [frames];
  }
  setKeyframes(frames: Keyframe[]) {
    this.keyframes.push(frames);
  }
}
class RecordedAnimation {
  record: { keyframes: Keyframe[][]; cancelled: boolean };
  constructor(effect: RecordedEffect) {
    this.record = { keyframes: effect.keyframes, cancelled: false };
    started.push(this.record);
  }
  play() {}
  cancel() {
    this.record.cancelled = true;
  }
}

afterEach(() => {
  started.length = 0;
  vi.unstubAllGlobals();
});

describe('the board carried through a pan', () => {
  it('holds each view in one animation, then writes the last in the style and drops the animation', () => {
    vi.stubGlobal('KeyframeEffect', RecordedEffect);
    vi.stubGlobal('Animation', RecordedAnimation);
    const board = document.createElement('div');
    const motion = boardMotion();
    motion.rest(board, { x: 0, y: 0, scale: 0.6 });
    const views = [1, 2, 3].map((step) => ({ x: -10 * step, y: -6 * step, scale: 0.6 }));

    for (const view of views) motion.move(board, view);
    expect(board.style.transform).toBe(transformOf({ x: 0, y: 0, scale: 0.6 }));
    expect(started).toHaveLength(1);
    expect(started[0]!.keyframes.map(([from]) => from!.transform)).toEqual(views.map(transformOf));

    motion.rest(board, views[2]!);
    expect(board.style.transform).toBe(transformOf(views[2]!));
    expect(started[0]!.cancelled).toBe(true);

    // The next gesture starts an animation of its own.
    motion.move(board, views[0]!);
    expect(started).toHaveLength(2);
  });

  it('writes a new scale in the style at once, so the board is not rastered again at each', () => {
    vi.stubGlobal('KeyframeEffect', RecordedEffect);
    vi.stubGlobal('Animation', RecordedAnimation);
    const board = document.createElement('div');
    const motion = boardMotion();
    motion.rest(board, { x: 0, y: 0, scale: 0.6 });
    motion.move(board, { x: -10, y: -6, scale: 0.6 });

    const zoomed = { x: -40, y: -30, scale: 0.75 };
    motion.move(board, zoomed);
    expect(board.style.transform).toBe(transformOf(zoomed));
    expect(started.map((animation) => animation.cancelled)).toEqual([true]);
  });
});
