import { drawParticles } from './draw-particles';
import {
  createParticleField,
  createRandom,
  resizeParticleField,
  stepParticles,
  type ParticleMode,
} from './particles';

const PARTICLE_COUNT = 1000;
/** Spec: 30 frames per second; the browser's frames are skipped down to that rate. */
const FRAME_MS = 1000 / 30;
/** Half a millisecond of slack so a 60 Hz display reliably draws every second frame. */
const FRAME_SLACK_MS = 0.5;
/** Beyond 2× the canvas costs four times the pixels for no visible gain on tiny particles. */
const MAX_PIXEL_RATIO = 2;
/** A fixed seed: every visit shows the same sky, which also keeps screenshots comparable. */
const FIELD_SEED = 47;

/**
 * Runs the particle field on a canvas until the returned function is called: sized to the
 * element and the device pixel ratio, redrawn at 30 fps, paused while the tab is hidden. With
 * `still`, it paints one frame (and repaints on resize) instead of animating.
 */
export function startParticleLoop(
  canvas: HTMLCanvasElement,
  options: { still: boolean; mode: () => ParticleMode },
): () => void {
  const context = canvas.getContext('2d');
  if (!context) return () => {};
  // Laid out on a unit square, then stretched to the element by the first fit.
  const field = createParticleField({
    count: PARTICLE_COUNT,
    width: 1,
    height: 1,
    random: createRandom(FIELD_SEED),
  });
  const centre = () => ({ x: field.width / 2, y: field.height / 2 });
  let frame = 0;
  let lastDrawn: number | null = null;

  const paint = (dt: number) => {
    stepParticles(field, dt, options.mode(), centre());
    drawParticles(context, field);
  };

  const fitToElement = () => {
    // A collapsed element (display: none) has no size to fit; keep the layout for when it returns.
    if (canvas.clientWidth === 0 || canvas.clientHeight === 0) return;
    const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
    canvas.width = Math.round(canvas.clientWidth * ratio);
    canvas.height = Math.round(canvas.clientHeight * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    resizeParticleField(field, canvas.clientWidth, canvas.clientHeight);
    if (options.still) paint(0);
  };

  const tick = (now: number) => {
    frame = requestAnimationFrame(tick);
    if (lastDrawn !== null && now - lastDrawn < FRAME_MS - FRAME_SLACK_MS) return;
    paint(lastDrawn === null ? 0 : (now - lastDrawn) / 1000);
    lastDrawn = now;
  };

  const run = () => {
    if (options.still || frame !== 0 || document.hidden) return;
    lastDrawn = null;
    frame = requestAnimationFrame(tick);
  };

  const pause = () => {
    cancelAnimationFrame(frame);
    frame = 0;
  };

  const onVisibilityChange = () => (document.hidden ? pause() : run());

  fitToElement();
  run();
  window.addEventListener('resize', fitToElement);
  document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    pause();
    window.removeEventListener('resize', fitToElement);
    document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
