import { describe, expect, it } from 'vitest';
import {
  BASE_COLOURS,
  createParticleField,
  createRandom,
  PARTICLE_YELLOW,
  particleBrightness,
  particleRgb,
  resizeParticleField,
  stepParticles,
  type ParticleField,
  type ParticleMode,
} from '../../src/ui/landing/scene/particles';

const WIDTH = 1280;
const HEIGHT = 720;
const centre = { x: WIDTH / 2, y: HEIGHT / 2 };
const FRAME = 1 / 30;

function field(seed = 7): ParticleField {
  return createParticleField({ count: 1000, width: WIDTH, height: HEIGHT, random: createRandom(seed) });
}

/** Plays `ms` of animation at 30 frames per second. */
function run(f: ParticleField, mode: ParticleMode, ms: number): void {
  for (let t = 0; t < ms / 1000 - 1e-9; t += FRAME) stepParticles(f, FRAME, mode, centre);
}

function meanDistanceToCentre(f: ParticleField): number {
  let sum = 0;
  for (let i = 0; i < f.count; i += 1) sum += Math.hypot((f.x[i] ?? 0) - centre.x, (f.y[i] ?? 0) - centre.y);
  return sum / f.count;
}

function everyTint(f: ParticleField): number[] {
  return [...f.tint];
}

describe('landing particles', () => {
  it('scatters the particles over the whole screen', () => {
    const f = field();
    expect(f.count).toBe(1000);
    for (let i = 0; i < f.count; i += 1) {
      expect(f.x[i]).toBeGreaterThanOrEqual(0);
      expect(f.x[i]).toBeLessThanOrEqual(WIDTH);
      expect(f.y[i]).toBeGreaterThanOrEqual(0);
      expect(f.y[i]).toBeLessThanOrEqual(HEIGHT);
    }
    const left = [...f.x].filter((x) => x < WIDTH / 2).length;
    expect(left).toBeGreaterThan(400);
    expect(left).toBeLessThan(600);
  });

  it('is the same field for the same seed, and another for another seed', () => {
    const a = field(1);
    const b = field(1);
    run(a, 'collapse', 300);
    run(b, 'collapse', 300);
    expect([...a.x]).toEqual([...b.x]);
    expect([...field(2).x]).not.toEqual([...field(1).x]);
  });

  it('drifts slowly at rest and keeps the particles on screen', () => {
    const f = field();
    const before = [...f.x];
    run(f, 'drift', 1000);
    const moved = [...f.x].map((x, i) => Math.abs(x - (before[i] ?? 0)));
    expect(Math.max(...moved)).toBeLessThan(20);
    expect(moved.some((d) => d > 0)).toBe(true);
    run(f, 'drift', 200_000);
    for (let i = 0; i < f.count; i += 1) {
      expect(f.x[i]).toBeGreaterThan(-20);
      expect(f.x[i]).toBeLessThan(WIDTH + 20);
    }
  });

  it('draws the particles somewhat inward while the logo is hovered, and lets them go after', () => {
    const f = field();
    const resting = meanDistanceToCentre(f);
    run(f, 'gather', 2000);
    const gathered = meanDistanceToCentre(f);
    expect(gathered).toBeLessThan(resting * 0.85);
    expect(gathered).toBeGreaterThan(resting * 0.6);
    run(f, 'drift', 3000);
    expect(meanDistanceToCentre(f)).toBeGreaterThan(resting * 0.95);
  });

  it('collapses the field onto the centre within the 500 ms collapse', () => {
    const f = field();
    const resting = meanDistanceToCentre(f);
    run(f, 'collapse', 500);
    expect(meanDistanceToCentre(f)).toBeLessThan(resting * 0.12);
    // The colours do not change while collapsing.
    expect(Math.max(...everyTint(f))).toBe(0);
  });

  it('bursts outward past the resting field, then settles, turning yellow in the 1000 ms expansion', () => {
    const f = field();
    const resting = meanDistanceToCentre(f);
    run(f, 'collapse', 500);
    let widest = 0;
    for (let frame = 0; frame < 30; frame += 1) {
      run(f, 'expand', 1000 / 30);
      widest = Math.max(widest, meanDistanceToCentre(f));
    }
    expect(widest).toBeGreaterThan(resting * 1.1);
    expect(meanDistanceToCentre(f)).toBeGreaterThan(resting * 0.85);
    expect(Math.min(...everyTint(f))).toBeCloseTo(1, 5);
    expect(particleRgb(f, 0)).toEqual(PARTICLE_YELLOW);
  });

  it('turns yellow gradually: half way through the expansion the colours are half way', () => {
    const f = field();
    run(f, 'expand', 500);
    for (const tint of everyTint(f)) expect(tint).toBeCloseTo(0.5, 1);
  });

  it('stays yellow after the join and fades back to its colours once at rest', () => {
    const f = field();
    run(f, 'expand', 1000);
    run(f, 'afterglow', 5000);
    expect(Math.min(...everyTint(f))).toBeCloseTo(1, 5);
    run(f, 'drift', 3000);
    expect(Math.max(...everyTint(f))).toBeCloseTo(0, 5);
    for (let i = 0; i < 20; i += 1) expect(BASE_COLOURS).toContainEqual(particleRgb(f, i));
  });

  it('survives a long pause (a hidden tab) without flinging particles away', () => {
    const f = field();
    run(f, 'collapse', 200);
    stepParticles(f, 30, 'expand', centre);
    for (let i = 0; i < f.count; i += 1) {
      expect(Number.isFinite(f.x[i])).toBe(true);
      expect(Math.abs((f.x[i] ?? 0) - centre.x)).toBeLessThan(WIDTH * 2);
    }
  });

  it('keeps the layout when the screen is resized', () => {
    const f = field();
    const relative = (f.homeX[3] ?? 0) / WIDTH;
    resizeParticleField(f, WIDTH / 2, HEIGHT * 2);
    expect((f.homeX[3] ?? 0) / (WIDTH / 2)).toBeCloseTo(relative, 5);
    expect(f.width).toBe(WIDTH / 2);
    expect(f.height).toBe(HEIGHT * 2);
  });

  it('twinkles between dim and full brightness', () => {
    const f = field();
    const values = [...Array(f.count).keys()].map((i) => particleBrightness(f, i));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0.35);
    expect(Math.max(...values)).toBeLessThanOrEqual(1);
  });
});
