import { createParticleDrawer } from './draw-particles';
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
/** A fixed seed: every visit shows the same sky, which also keeps screenshots comparable. */
const FIELD_SEED = 47;

/** The canvas's size in CSS pixels and the device pixels per CSS pixel to draw it with. */
export interface CanvasSize {
  width: number;
  height: number;
  ratio: number;
}

/** What a painter starts from: a still or moving sky, its mode, its canvas's size. */
export interface PainterStart {
  still: boolean;
  mode: ParticleMode;
  size: CanvasSize;
}

export interface ParticlePainter {
  /** Fits the canvas and the field's layout to a new size; paints a frame when the sky is still. */
  resize(size: CanvasSize): void;
  setMode(mode: ParticleMode): void;
  /** Animates at 30 frames per second until `pause`; does nothing when the sky is still. */
  run(): void;
  pause(): void;
}

/**
 * The particle sky on a canvas, wherever that canvas lives: on the page, or handed over to a
 * worker so that its frames never hold the page's main thread.
 */
export function createParticlePainter(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  { still, mode: initialMode }: { still: boolean; mode: ParticleMode },
): ParticlePainter {
  // The two 2D contexts share every call the sky makes.
  const context = canvas.getContext('2d') as CanvasRenderingContext2D | null;
  const drawParticles = createParticleDrawer();
  // Laid out on a unit square, then stretched to the canvas by the first fit.
  const field = createParticleField({
    count: PARTICLE_COUNT,
    width: 1,
    height: 1,
    random: createRandom(FIELD_SEED),
  });
  let mode = initialMode;
  let frame: ReturnType<typeof setTimeout> | number | null = null;
  let lastDrawn: number | null = null;
  // Workers have requestAnimationFrame where OffscreenCanvas exists; a timer elsewhere.
  const nextFrame = (callback: (now: number) => void) =>
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(callback)
      : setTimeout(() => callback(performance.now()), FRAME_MS);
  const cancelFrame = (handle: ReturnType<typeof setTimeout> | number) =>
    typeof cancelAnimationFrame === 'function' && typeof handle === 'number'
      ? cancelAnimationFrame(handle)
      : clearTimeout(handle);

  const paint = (dt: number) => {
    if (!context) return;
    stepParticles(field, dt, mode, { x: field.width / 2, y: field.height / 2 });
    drawParticles(context, field);
  };

  const tick = (now: number) => {
    frame = nextFrame(tick);
    if (lastDrawn !== null && now - lastDrawn < FRAME_MS - FRAME_SLACK_MS) return;
    paint(lastDrawn === null ? 0 : (now - lastDrawn) / 1000);
    lastDrawn = now;
  };

  return {
    resize({ width, height, ratio }) {
      // A collapsed element (display: none) has no size to fit; keep the layout for when it returns.
      if (!context || width === 0 || height === 0) return;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      resizeParticleField(field, width, height);
      if (still) paint(0);
    },
    setMode(next) {
      mode = next;
    },
    run() {
      if (still || frame !== null) return;
      lastDrawn = null;
      frame = nextFrame(tick);
    },
    pause() {
      if (frame !== null) cancelFrame(frame);
      frame = null;
    },
  };
}
