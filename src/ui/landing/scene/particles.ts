/**
 * The physics of the landing field, kept apart from the canvas so it runs (and is tested) without a
 * browser. Every particle drifts around a home position; a "pull" between 0 (at home) and 1 (at the
 * attractor) moves it towards the logo along a slight spiral. The pull follows a damped spring
 * whose target and stiffness depend on the mode, which gives the hover gathering, the fast
 * collapse and the overshooting burst from one rule.
 */

export type ParticleMode =
  /** At rest: particles drift and their colour fades back from yellow. */
  | 'drift'
  /** The logo is hovered: particles are drawn a little inward. */
  | 'gather'
  /** Particles rush to the centre. */
  | 'collapse'
  /** Particles burst outward past their home and turn yellow. */
  | 'expand'
  /** After the join: the field rests but stays yellow. */
  | 'afterglow';

export interface Point {
  x: number;
  y: number;
}

export type Rgb = readonly [number, number, number];

const STAR_WHITE: Rgb = [214, 224, 255];
/** Star white, pale blue, gold and ember: night sky with the logo's warm accents. */
export const BASE_COLOURS: readonly Rgb[] = [STAR_WHITE, [140, 170, 255], [242, 198, 112], [255, 132, 72]];
const BASE_COLOUR_WEIGHTS = [0.55, 0.25, 0.12, 0.08];
export const PARTICLE_YELLOW: Rgb = [255, 214, 64];

/** The expansion turns the field yellow in exactly its 1000 ms. */
const TINT_RISE_PER_SECOND = 1;
const TINT_FADE_PER_SECOND = 1 / 3;
/** Longer frames (a stalled tab) are cut so the springs never explode. */
const MAX_STEP_SECONDS = 0.1;
const SUBSTEP_SECONDS = 1 / 60;
const DRIFT_SPEED = 7;
const WRAP_MARGIN = 8;

interface Spring {
  target: number;
  /** Angular frequency (rad/s): how fast the pull reaches its target. */
  stiffness: number;
  /** Damping ratio: below 1 the pull overshoots, which is what makes the burst. */
  damping: number;
}

const SPRINGS: Record<ParticleMode, Spring> = {
  drift: { target: 0, stiffness: 3, damping: 1 },
  gather: { target: 0.28, stiffness: 4, damping: 0.9 },
  collapse: { target: 0.97, stiffness: 10, damping: 0.95 },
  expand: { target: 0, stiffness: 6.5, damping: 0.32 },
  afterglow: { target: 0, stiffness: 3, damping: 1 },
};

export interface ParticleField {
  readonly count: number;
  width: number;
  height: number;
  /** Where each particle is drawn, in CSS pixels. */
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly homeX: Float32Array;
  readonly homeY: Float32Array;
  readonly driftX: Float32Array;
  readonly driftY: Float32Array;
  readonly pull: Float32Array;
  readonly pullSpeed: Float32Array;
  /** Radians turned around the attractor at full pull. */
  readonly swirl: Float32Array;
  /** Per-particle speed factor, so the crowd does not move in lock-step. */
  readonly agility: Float32Array;
  readonly radius: Float32Array;
  readonly colour: Uint8Array;
  /** 0 = its base colour, 1 = yellow. */
  readonly tint: Float32Array;
  readonly phase: Float32Array;
}

/** A small seeded generator (mulberry32), so a field is reproducible in tests and screenshots. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickColour(random: () => number): number {
  let roll = random();
  for (let i = 0; i < BASE_COLOUR_WEIGHTS.length; i += 1) {
    roll -= BASE_COLOUR_WEIGHTS[i] ?? 0;
    if (roll < 0) return i;
  }
  return 0;
}

export function createParticleField(options: {
  count: number;
  width: number;
  height: number;
  random: () => number;
}): ParticleField {
  const { count, width, height, random } = options;
  const floats = () => new Float32Array(count);
  const field: ParticleField = {
    count,
    width,
    height,
    x: floats(),
    y: floats(),
    homeX: floats(),
    homeY: floats(),
    driftX: floats(),
    driftY: floats(),
    pull: floats(),
    pullSpeed: floats(),
    swirl: floats(),
    agility: floats(),
    radius: floats(),
    colour: new Uint8Array(count),
    tint: floats(),
    phase: floats(),
  };
  for (let i = 0; i < count; i += 1) {
    field.homeX[i] = random() * width;
    field.homeY[i] = random() * height;
    const heading = random() * Math.PI * 2;
    const speed = DRIFT_SPEED * (0.3 + random());
    field.driftX[i] = Math.cos(heading) * speed;
    field.driftY[i] = Math.sin(heading) * speed;
    field.swirl[i] = 0.6 + random() * 1.2;
    field.agility[i] = 0.75 + random() * 0.5;
    // Mostly fine dust, with a few bright stars.
    field.radius[i] = random() < 0.08 ? 1.6 + random() * 1.1 : 0.5 + random() * 0.9;
    field.colour[i] = pickColour(random);
    field.phase[i] = random() * Math.PI * 2;
    field.x[i] = field.homeX[i] ?? 0;
    field.y[i] = field.homeY[i] ?? 0;
  }
  return field;
}

/** Keeps the field's layout when the window changes size: homes scale with the screen. */
export function resizeParticleField(field: ParticleField, width: number, height: number): void {
  if (field.width > 0 && field.height > 0) {
    const sx = width / field.width;
    const sy = height / field.height;
    for (let i = 0; i < field.count; i += 1) {
      field.homeX[i] = (field.homeX[i] ?? 0) * sx;
      field.homeY[i] = (field.homeY[i] ?? 0) * sy;
      field.x[i] = (field.x[i] ?? 0) * sx;
      field.y[i] = (field.y[i] ?? 0) * sy;
    }
  }
  field.width = width;
  field.height = height;
}

function wrap(value: number, size: number): number {
  if (value < -WRAP_MARGIN) return value + size + 2 * WRAP_MARGIN;
  if (value > size + WRAP_MARGIN) return value - size - 2 * WRAP_MARGIN;
  return value;
}

function advance(field: ParticleField, dt: number, mode: ParticleMode): void {
  const spring = SPRINGS[mode];
  const tintRate =
    mode === 'expand' || mode === 'afterglow'
      ? TINT_RISE_PER_SECOND
      : mode === 'collapse'
        ? 0
        : -TINT_FADE_PER_SECOND;
  for (let i = 0; i < field.count; i += 1) {
    field.homeX[i] = wrap((field.homeX[i] ?? 0) + (field.driftX[i] ?? 0) * dt, field.width);
    field.homeY[i] = wrap((field.homeY[i] ?? 0) + (field.driftY[i] ?? 0) * dt, field.height);
    // Semi-implicit Euler on a damped spring: stable at these stiffnesses and step sizes.
    const omega = spring.stiffness * (field.agility[i] ?? 1);
    const pull = field.pull[i] ?? 0;
    const acceleration =
      omega * omega * (spring.target - pull) - 2 * spring.damping * omega * (field.pullSpeed[i] ?? 0);
    const speed = (field.pullSpeed[i] ?? 0) + acceleration * dt;
    field.pullSpeed[i] = speed;
    field.pull[i] = pull + speed * dt;
    field.tint[i] = Math.min(1, Math.max(0, (field.tint[i] ?? 0) + tintRate * dt));
    field.phase[i] = (field.phase[i] ?? 0) + dt * 1.4 * (field.agility[i] ?? 1);
  }
}

function place(field: ParticleField, attractor: Point): void {
  for (let i = 0; i < field.count; i += 1) {
    const pull = field.pull[i] ?? 0;
    const angle = (field.swirl[i] ?? 0) * pull;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const dx = (field.homeX[i] ?? 0) - attractor.x;
    const dy = (field.homeY[i] ?? 0) - attractor.y;
    const keep = 1 - pull;
    field.x[i] = attractor.x + (dx * cos - dy * sin) * keep;
    field.y[i] = attractor.y + (dx * sin + dy * cos) * keep;
  }
}

/** Moves the field on by `dt` seconds in `mode`, pulling towards `attractor` (the logo's centre). */
export function stepParticles(field: ParticleField, dt: number, mode: ParticleMode, attractor: Point): void {
  let remaining = Math.min(Math.max(dt, 0), MAX_STEP_SECONDS);
  while (remaining > 0) {
    const slice = Math.min(remaining, SUBSTEP_SECONDS);
    advance(field, slice, mode);
    remaining -= slice;
  }
  place(field, attractor);
}

/** The particle's colour now: its base colour blended towards yellow by its tint. */
export function particleRgb(field: ParticleField, index: number): Rgb {
  const base = BASE_COLOURS[field.colour[index] ?? 0] ?? STAR_WHITE;
  const tint = field.tint[index] ?? 0;
  const mix = (from: number, to: number) => Math.round(from + (to - from) * tint);
  return [
    mix(base[0], PARTICLE_YELLOW[0]),
    mix(base[1], PARTICLE_YELLOW[1]),
    mix(base[2], PARTICLE_YELLOW[2]),
  ];
}

/** Twinkle: how bright the particle shines now, between 0.35 and 1. */
export function particleBrightness(field: ParticleField, index: number): number {
  return 0.675 + 0.325 * Math.sin(field.phase[index] ?? 0);
}
