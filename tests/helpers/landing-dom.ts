import { vi } from 'vitest';
// Loaded up front: the sky's on-page painter is imported lazily, and a load still pending when a
// test file ends fails the run (the environment is torn down under it).
import '../../src/ui/landing/scene/particle-painter';

/**
 * jsdom has no media queries, canvas or media playback: the landing's shell and scene must cope
 * with their absence. `reducedMotion` is asked at each query, so a test can change its answer.
 */
export function stubLandingDom(reducedMotion: () => boolean): void {
  window.matchMedia = ((query: string) => ({
    matches: query.includes('reduce') && reducedMotion(),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
  HTMLMediaElement.prototype.play = vi.fn(() => Promise.resolve());
}
