import { describe, expect, it } from 'vitest';
import { createParticleDrawer } from '../../src/ui/landing/scene/draw-particles';
import {
  createParticleField,
  createRandom,
  particleBrightness,
  particleRgb,
  stepParticles,
} from '../../src/ui/landing/scene/particles';

/** What a 2D context was asked to paint, frame by frame. */
function recordingContext() {
  const fills: { style: string; discs: { x: number; y: number; radius: number }[] }[] = [];
  let path: { x: number; y: number; radius: number }[] = [];
  const context = {
    fillStyle: '',
    globalCompositeOperation: 'source-over',
    clearRect() {
      fills.length = 0;
    },
    beginPath() {
      path = [];
    },
    moveTo() {},
    arc(x: number, y: number, radius: number) {
      path.push({ x, y, radius });
    },
    fill() {
      fills.push({ style: context.fillStyle, discs: path });
    },
  };
  return { context: context as unknown as CanvasRenderingContext2D, fills, state: context };
}

describe('drawing the sky', () => {
  const field = createParticleField({ count: 1000, width: 800, height: 600, random: createRandom(47) });
  const bright = [...field.radius].filter((radius) => radius > 1.5).length;

  it('draws every star and both halos of each bright one, a fill per colour and opacity', () => {
    const { context, fills, state } = recordingContext();
    const draw = createParticleDrawer();
    draw(context, field);

    const discs = fills.flatMap((fill) => fill.discs);
    expect(discs).toHaveLength(field.count + 2 * bright);
    expect(new Set(fills.map((fill) => fill.style)).size).toBe(fills.length);
    expect(fills.length).toBeLessThan(discs.length / 4);
    expect(state.globalCompositeOperation).toBe('source-over');

    // Each star in its own colour, at its brightness to the nearest 1/64.
    const star = 10;
    const [r, g, b] = particleRgb(field, star);
    const fill = fills.find((one) =>
      one.discs.some((disc) => disc.x === field.x[star] && disc.radius === field.radius[star]),
    );
    const [, colour, alpha] = /^rgb\((\d+ \d+ \d+) \/ ([\d.]+)\)$/.exec(fill?.style ?? '') ?? [];
    expect(colour).toBe(`${r} ${g} ${b}`);
    expect(Math.abs(Number(alpha) - particleBrightness(field, star))).toBeLessThanOrEqual(1 / 128 + 1e-3);
  });

  it('draws every disc once a frame while the colours change, never an empty fill', () => {
    const { context, fills } = recordingContext();
    const draw = createParticleDrawer();
    for (let frame = 0; frame < 60; frame += 1) {
      stepParticles(field, 1 / 30, 'expand', { x: 400, y: 300 });
      draw(context, field);
      expect(fills.flatMap((fill) => fill.discs)).toHaveLength(field.count + 2 * bright);
      expect(fills.every((fill) => fill.discs.length > 0)).toBe(true);
    }
  });
});
