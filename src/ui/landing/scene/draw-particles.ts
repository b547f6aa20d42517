import { particleBrightness, particleRgb, type ParticleField } from './particles';

const TAU = Math.PI * 2;
/** Bright stars get a faint halo, which is what makes the field read as a night sky. */
const HALO_FROM_RADIUS = 1.5;
const HALO: readonly (readonly [number, number])[] = [
  [2.2, 0.09],
  [4, 0.035],
];

/** Paints the field on a context already scaled to CSS pixels; additive, so crowds glow. */
export function drawParticles(context: CanvasRenderingContext2D, field: ParticleField): void {
  context.clearRect(0, 0, field.width, field.height);
  context.globalCompositeOperation = 'lighter';
  for (let i = 0; i < field.count; i += 1) {
    const [r, g, b] = particleRgb(field, i);
    const alpha = particleBrightness(field, i);
    const x = field.x[i] ?? 0;
    const y = field.y[i] ?? 0;
    const radius = field.radius[i] ?? 1;
    context.fillStyle = `rgb(${r} ${g} ${b} / ${alpha.toFixed(3)})`;
    context.beginPath();
    context.arc(x, y, radius, 0, TAU);
    context.fill();
    if (radius > HALO_FROM_RADIUS) {
      // Two faint discs, the wider one fainter: a soft glow without a gradient per particle.
      for (const [scale, strength] of HALO) {
        context.fillStyle = `rgb(${r} ${g} ${b} / ${(alpha * strength).toFixed(3)})`;
        context.beginPath();
        context.arc(x, y, radius * scale, 0, TAU);
        context.fill();
      }
    }
  }
  context.globalCompositeOperation = 'source-over';
}
