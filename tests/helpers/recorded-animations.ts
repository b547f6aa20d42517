import { vi } from 'vitest';

/** What an animation was asked: its element, its keyframes one set after another, whether dropped. */
export interface RecordedAnimationCall {
  target: Element;
  keyframes: Keyframe[][];
  cancelled: boolean;
}

/**
 * Web Animations that record instead of playing, stubbed over jsdom's (or the still polyfill's), so a
 * test sees which transforms the map held on which element. `vi.unstubAllGlobals()` takes them off.
 */
export function recordAnimations(): RecordedAnimationCall[] {
  const started: RecordedAnimationCall[] = [];
  class RecordedEffect {
    target: Element;
    keyframes: Keyframe[][];
    constructor(target: Element, frames: Keyframe[]) {
      this.target = target;
      this.keyframes = [frames];
    }
    setKeyframes(frames: Keyframe[]) {
      this.keyframes.push(frames);
    }
  }
  class RecordedAnimation {
    record: RecordedAnimationCall;
    constructor(effect: RecordedEffect) {
      this.record = { target: effect.target, keyframes: effect.keyframes, cancelled: false };
      started.push(this.record);
    }
    play() {}
    cancel() {
      this.record.cancelled = true;
    }
  }
  vi.stubGlobal('KeyframeEffect', RecordedEffect);
  vi.stubGlobal('Animation', RecordedAnimation);
  return started;
}
