import { particleBrightness, particleRgb, type ParticleField } from './particles';

const TAU = Math.PI * 2;
/** Bright stars get a faint halo, which is what makes the field read as a night sky. */
const HALO_FROM_RADIUS = 1.5;
const HALO: readonly (readonly [number, number])[] = [
  [2.2, 0.09],
  [4, 0.035],
];
/** Opacity in steps of 1/64, finer than the eye tells on a disc a few pixels wide. */
const ALPHA_STEPS = 64;

/**
 * What paints the field on a context already scaled to CSS pixels; additive, so crowds glow. The
 * discs are filled by colour and opacity, one path each: a fill per disc, with a colour to parse
 * each time, took 2.6 ms a frame to draw the thousand stars and their halos against 1.0 (Chromium,
 * a phone's screen at 2×, docs/first-load.md). Additive blending does not care for
 * the order. Discs of one path that overlap are lit once, which only two stars of the same colour
 * and opacity on top of each other would show.
 */
export function createParticleDrawer(): (context: CanvasRenderingContext2D, field: ParticleField) => void {
  // Colour and opacity step → the discs' x, y and radius, kept from frame to frame.
  const batches = new Map<number, number[]>();
  const add = (rgb: number, alpha: number, x: number, y: number, radius: number) => {
    const step = Math.round(alpha * ALPHA_STEPS);
    if (step === 0) return;
    const key = rgb * (ALPHA_STEPS + 1) + step;
    let discs = batches.get(key);
    if (!discs) {
      discs = [];
      batches.set(key, discs);
    }
    discs.push(x, y, radius);
  };

  return (context, field) => {
    for (let i = 0; i < field.count; i += 1) {
      const [r, g, b] = particleRgb(field, i);
      const rgb = (r << 16) | (g << 8) | b;
      const alpha = particleBrightness(field, i);
      const x = field.x[i] ?? 0;
      const y = field.y[i] ?? 0;
      const radius = field.radius[i] ?? 1;
      add(rgb, alpha, x, y, radius);
      // Two faint discs, the wider one fainter: a soft glow without a gradient per particle.
      if (radius > HALO_FROM_RADIUS)
        for (const [scale, strength] of HALO) add(rgb, alpha * strength, x, y, radius * scale);
    }

    context.clearRect(0, 0, field.width, field.height);
    context.globalCompositeOperation = 'lighter';
    for (const [key, discs] of batches) {
      // A colour no disc wears this frame (the tints move on): dropped, so the map stays small.
      if (discs.length === 0) {
        batches.delete(key);
        continue;
      }
      const rgb = Math.floor(key / (ALPHA_STEPS + 1));
      const alpha = (key % (ALPHA_STEPS + 1)) / ALPHA_STEPS;
      context.fillStyle = `rgb(${rgb >> 16} ${(rgb >> 8) & 255} ${rgb & 255} / ${alpha.toFixed(3)})`;
      context.beginPath();
      for (let i = 0; i < discs.length; i += 3) {
        const x = discs[i] ?? 0;
        const y = discs[i + 1] ?? 0;
        const radius = discs[i + 2] ?? 0;
        context.moveTo(x + radius, y);
        context.arc(x, y, radius, 0, TAU);
      }
      context.fill();
      discs.length = 0;
    }
    context.globalCompositeOperation = 'source-over';
  };
}
