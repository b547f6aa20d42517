/**
 * Synthesises the landing screen's theme, so the project owns its music outright: a dark-ambient
 * loop in D minor (pads, a drone, a slow arpeggio with echoes, a soft heartbeat drum and, in the
 * third phrase, a lone melody) of exactly 100 s, written to public/audio/theme.mp3 and
 * public/audio/theme.ogg. The player starts it at 47 s (spec §9), just before the fullest phrase.
 *
 * Deterministic: the same code always gives the same WAV (noise comes from a seeded generator).
 * The loop is seamless: notes, echoes and reverb that ring past the end wrap round to the start.
 *
 * Needs the encoders `lame` (MP3) and `oggenc` (Ogg Vorbis); on Debian:
 *   apt-get install -y lame vorbis-tools
 * Run with `npm run audio:generate`. CI does not run it: the encoded files are committed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SAMPLE_RATE = 44_100;
const BARS = 32;
const BEATS_PER_BAR = 4;
/** 32 bars of 4 beats at 76.8 BPM last exactly 100 s. */
const BPM = 76.8;
const BEAT = 60 / BPM;
const BAR = BEAT * BEATS_PER_BAR;
const LENGTH = Math.round(BARS * BAR * SAMPLE_RATE);
const PHRASE_BARS = 8;

const outDir = path.resolve(import.meta.dirname, '../public/audio');

/** A stereo buffer that is a circle: whatever is written past the end lands at the start. */
class LoopBuffer {
  readonly left = new Float32Array(LENGTH);
  readonly right = new Float32Array(LENGTH);

  add(index: number, value: number, pan: number): void {
    const i = ((index % LENGTH) + LENGTH) % LENGTH;
    // Constant-power panning, pan in -1 (left) … 1 (right).
    const angle = ((pan + 1) * Math.PI) / 4;
    this.left[i] = (this.left[i] ?? 0) + value * Math.cos(angle);
    this.right[i] = (this.right[i] ?? 0) + value * Math.sin(angle);
  }

  mix(other: LoopBuffer, gain: number): void {
    for (let i = 0; i < LENGTH; i += 1) {
      this.left[i] = (this.left[i] ?? 0) + (other.left[i] ?? 0) * gain;
      this.right[i] = (this.right[i] ?? 0) + (other.right[i] ?? 0) * gain;
    }
  }
}

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const midiToHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

/** A band-limited, darkened sawtooth (harmonics fall faster than 1/n): the pads' warmth. */
const WAVETABLE_SIZE = 4096;
const softSaw = (() => {
  const table = new Float32Array(WAVETABLE_SIZE + 1);
  for (let i = 0; i <= WAVETABLE_SIZE; i += 1) {
    let value = 0;
    for (let n = 1; n <= 24; n += 1) value += Math.sin((2 * Math.PI * n * i) / WAVETABLE_SIZE) / n ** 1.5;
    table[i] = value * 0.6;
  }
  return table;
})();

function readTable(table: Float32Array, phase: number): number {
  const position = (phase - Math.floor(phase)) * WAVETABLE_SIZE;
  const i = Math.floor(position);
  const a = table[i] ?? 0;
  return a + ((table[i + 1] ?? 0) - a) * (position - i);
}

/** Slow attack and release, so chords swell and overlap instead of starting and stopping. */
function envelope(t: number, duration: number, attack: number, release: number): number {
  if (t < attack) return Math.sin(((t / attack) * Math.PI) / 2) ** 2;
  if (t > duration) return Math.max(0, 1 - (t - duration) / release) ** 2;
  return 1;
}

function pad(out: LoopBuffer, note: number, start: number, duration: number, gain: number): void {
  const attack = 2.2;
  const release = 3.5;
  const first = Math.round(start * SAMPLE_RATE);
  const count = Math.round((duration + release) * SAMPLE_RATE);
  // Three voices a few cents apart, spread across the stereo field, each through a lowpass.
  for (const [cents, pan] of [
    [-7, -0.6],
    [0, 0],
    [7, 0.6],
  ] as const) {
    const frequency = midiToHz(note) * 2 ** (cents / 1200);
    let phase = (note * 0.137 + cents * 0.011) % 1;
    let filtered = 0;
    for (let s = 0; s < count; s += 1) {
      const t = s / SAMPLE_RATE;
      phase += frequency / SAMPLE_RATE;
      // The filter opens and closes slowly with the song, so the pads breathe.
      const cutoff = 500 + 380 * Math.sin((2 * Math.PI * (start + t)) / 25);
      filtered +=
        (readTable(softSaw, phase) - filtered) * (1 - Math.exp((-2 * Math.PI * cutoff) / SAMPLE_RATE));
      out.add(first + s, filtered * envelope(t, duration, attack, release) * gain, pan);
    }
  }
}

function drone(out: LoopBuffer, note: number, gain: number): void {
  const frequency = midiToHz(note);
  // A whole number of cycles per loop and per swell, so the drone joins itself at the seam.
  const cycles = Math.round(frequency * (LENGTH / SAMPLE_RATE));
  for (let s = 0; s < LENGTH; s += 1) {
    const phase = (cycles * s) / LENGTH;
    const swell = 0.75 + 0.25 * Math.sin((2 * Math.PI * 4 * s) / LENGTH);
    const value = Math.sin(2 * Math.PI * phase) + 0.3 * Math.sin(4 * Math.PI * phase);
    out.add(s, value * swell * gain, 0);
  }
}

/** A soft plucked bell: a sine, its octave and an inharmonic partial that dies away first. */
function pluck(out: LoopBuffer, note: number, start: number, gain: number, pan: number): void {
  const frequency = midiToHz(note);
  const first = Math.round(start * SAMPLE_RATE);
  const count = Math.round(2.4 * SAMPLE_RATE);
  for (let s = 0; s < count; s += 1) {
    const t = s / SAMPLE_RATE;
    const w = 2 * Math.PI * frequency * t;
    const onset = Math.min(1, t / 0.004);
    const value =
      Math.sin(w) * Math.exp(-t / 0.7) +
      0.35 * Math.sin(2 * w) * Math.exp(-t / 0.35) +
      0.12 * Math.sin(2.76 * w) * Math.exp(-t / 0.12);
    out.add(first + s, value * onset * gain, pan);
  }
}

/** A felt-soft drum: a sine falling in pitch, with a breath of noise on the attack. */
function drum(out: LoopBuffer, start: number, gain: number, pitch: number, random: () => number): void {
  const first = Math.round(start * SAMPLE_RATE);
  const count = Math.round(1.2 * SAMPLE_RATE);
  let phase = 0;
  let noise = 0;
  for (let s = 0; s < count; s += 1) {
    const t = s / SAMPLE_RATE;
    const frequency = pitch * (0.55 + 0.45 * Math.exp(-t / 0.05));
    phase += frequency / SAMPLE_RATE;
    noise += (random() * 2 - 1 - noise) * 0.08;
    const onset = Math.min(1, t / 0.006);
    const value = Math.sin(2 * Math.PI * phase) * Math.exp(-t / 0.28) + noise * 0.5 * Math.exp(-t / 0.03);
    out.add(first + s, value * onset * gain, 0);
  }
}

/** A breathy flute-like voice with a slow vibrato, for the lone melody. */
function lead(out: LoopBuffer, note: number, start: number, duration: number, gain: number): void {
  const frequency = midiToHz(note);
  const first = Math.round(start * SAMPLE_RATE);
  const release = 1.2;
  const count = Math.round((duration + release) * SAMPLE_RATE);
  let phase = 0;
  for (let s = 0; s < count; s += 1) {
    const t = s / SAMPLE_RATE;
    const vibrato = 1 + 0.004 * Math.sin(2 * Math.PI * 4.8 * t) * Math.min(1, t / 1.2);
    phase += (frequency * vibrato) / SAMPLE_RATE;
    const w = 2 * Math.PI * phase;
    const value = Math.sin(w) + 0.18 * Math.sin(2 * w) + 0.08 * Math.sin(3 * w);
    out.add(first + s, value * envelope(t, duration, 0.35, release) * gain, 0.15);
  }
}

/** Runs a filter twice round the loop and keeps the second lap, so its tail wraps seamlessly. */
function aroundTheLoop(input: Float32Array, filter: (sample: number) => number): Float32Array {
  const output = new Float32Array(LENGTH);
  for (let lap = 0; lap < 2; lap += 1) {
    for (let i = 0; i < LENGTH; i += 1) {
      const value = filter(input[i] ?? 0);
      if (lap === 1) output[i] = value;
    }
  }
  return output;
}

function delayLine(length: number) {
  const buffer = new Float32Array(length);
  let index = 0;
  return {
    read: () => buffer[index] ?? 0,
    write(value: number) {
      buffer[index] = value;
      index = (index + 1) % length;
    },
  };
}

/** Schroeder–Moorer reverb (Freeverb's tunings): eight damped combs, then four all-passes. */
function reverb(input: Float32Array, spread: number): Float32Array {
  const combs = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617].map((n) => {
    const line = delayLine(n + spread);
    let lowpassed = 0;
    return (x: number) => {
      const y = line.read();
      lowpassed = y * 0.6 + lowpassed * 0.4;
      line.write(x + lowpassed * 0.86);
      return y;
    };
  });
  const allPasses = [556, 441, 341, 225].map((n) => {
    const line = delayLine(n + spread);
    return (x: number) => {
      const delayed = line.read();
      line.write(x + delayed * 0.5);
      return delayed - x;
    };
  });
  return aroundTheLoop(input, (x) => {
    let sum = 0;
    for (const comb of combs) sum += comb(x * 0.015);
    return allPasses.reduce((signal, pass) => pass(signal), sum);
  });
}

/** A dotted-eighth echo that bounces between the speakers, two laps round the loop like the reverb. */
function pingPong(source: LoopBuffer): LoopBuffer {
  const delay = Math.round(BEAT * 0.75 * SAMPLE_RATE);
  const toLeft = delayLine(delay);
  const toRight = delayLine(delay);
  const echoes = new LoopBuffer();
  for (let lap = 0; lap < 2; lap += 1) {
    for (let i = 0; i < LENGTH; i += 1) {
      const input = ((source.left[i] ?? 0) + (source.right[i] ?? 0)) / 2;
      const left = toLeft.read();
      const right = toRight.read();
      toLeft.write(input + right * 0.55);
      toRight.write(left * 0.8);
      if (lap === 1) {
        echoes.left[i] = left;
        echoes.right[i] = right;
      }
    }
  }
  return echoes;
}

interface Chord {
  bass: number;
  pad: number[];
  arp: number[];
}

// i – VI – iv – V in D minor, two bars each; the A major chord leans back into the loop's start.
const PROGRESSION: Chord[] = [
  { bass: 38, pad: [50, 53, 57, 62], arp: [62, 65, 69, 74, 69, 65] },
  { bass: 34, pad: [50, 53, 58, 62], arp: [58, 62, 65, 70, 65, 62] },
  { bass: 31, pad: [50, 55, 58, 62], arp: [55, 58, 62, 67, 62, 58] },
  { bass: 33, pad: [49, 52, 57, 61], arp: [57, 61, 64, 69, 64, 61] },
];

/** [beat within the phrase, note, beats held]: the melody of the third phrase. */
const MELODY: [number, number, number][] = [
  [0, 69, 4],
  [4, 65, 2],
  [6, 67, 2],
  [8, 65, 6],
  [14, 62, 2],
  [16, 67, 4],
  [20, 70, 4],
  [24, 69, 5],
  [29, 64, 3],
];

function chordAt(bar: number): Chord {
  const chord = PROGRESSION[Math.floor(bar / 2) % PROGRESSION.length];
  if (!chord) throw new Error(`no chord for bar ${bar}`);
  return chord;
}

function compose(): LoopBuffer {
  const random = seededRandom(47);
  const pads = new LoopBuffer();
  const arpeggio = new LoopBuffer();
  const rhythm = new LoopBuffer();
  const melody = new LoopBuffer();

  drone(pads, 38, 0.05);
  for (let bar = 0; bar < BARS; bar += 2) {
    const chord = chordAt(bar);
    const start = bar * BAR;
    for (const note of chord.pad) pad(pads, note, start, 2 * BAR - 0.6, 0.022);
    pad(pads, chord.bass, start, 2 * BAR - 0.6, 0.03);
  }

  for (let bar = 0; bar < BARS; bar += 1) {
    const phrase = Math.floor(bar / PHRASE_BARS);
    const chord = chordAt(bar);
    // The arpeggio enters half way through the first phrase and thins out in the last.
    const arpGain = [bar >= 4 ? 0.05 : 0, 0.07, 0.08, 0.06 - (bar % PHRASE_BARS) * 0.004][phrase] ?? 0;
    if (arpGain > 0) {
      for (let beat = 0; beat < BEATS_PER_BAR; beat += 1) {
        const step = (bar * BEATS_PER_BAR + beat) % chord.arp.length;
        const note = chord.arp[step] ?? chord.arp[0] ?? 62;
        pluck(arpeggio, note, (bar * BEATS_PER_BAR + beat) * BEAT, arpGain, beat % 2 === 0 ? -0.35 : 0.35);
      }
    }
    // A slow heartbeat in the second and third phrases, fading through the first half of the last.
    const drumGain =
      [0, 0.22, 0.26, bar % PHRASE_BARS < 4 ? 0.16 - (bar % PHRASE_BARS) * 0.035 : 0][phrase] ?? 0;
    if (drumGain > 0) {
      const barStart = bar * BAR;
      drum(rhythm, barStart, drumGain, 58, random);
      drum(rhythm, barStart + BEAT * 0.5, drumGain * 0.55, 58, random);
      drum(rhythm, barStart + BEAT * 2.5, drumGain * 0.4, 74, random);
    }
  }

  const melodyStart = 2 * PHRASE_BARS * BAR;
  for (const [beat, note, beats] of MELODY) {
    lead(melody, note, melodyStart + beat * BEAT, beats * BEAT - 0.15, 0.05);
  }

  const mix = new LoopBuffer();
  mix.mix(pads, 1);
  mix.mix(arpeggio, 1);
  mix.mix(pingPong(arpeggio), 0.45);
  mix.mix(rhythm, 1);
  mix.mix(melody, 1);

  const send = new LoopBuffer();
  send.mix(pads, 0.8);
  send.mix(arpeggio, 1);
  send.mix(melody, 1);
  send.mix(rhythm, 0.25);
  const wet = new LoopBuffer();
  wet.left.set(reverb(send.left, 0));
  wet.right.set(reverb(send.right, 23));
  mix.mix(wet, 0.9);
  return mix;
}

/** Gentle saturation, then normalised to −1 dBFS. */
function master(buffer: LoopBuffer): void {
  let peak = 0;
  for (const channel of [buffer.left, buffer.right]) {
    for (let i = 0; i < LENGTH; i += 1) {
      const value = Math.tanh((channel[i] ?? 0) * 1.2);
      channel[i] = value;
      peak = Math.max(peak, Math.abs(value));
    }
  }
  const gain = 10 ** (-1 / 20) / peak;
  for (const channel of [buffer.left, buffer.right]) {
    for (let i = 0; i < LENGTH; i += 1) channel[i] = (channel[i] ?? 0) * gain;
  }
}

function toWav(buffer: LoopBuffer): Buffer {
  const bytesPerFrame = 4;
  const wav = Buffer.alloc(44 + LENGTH * bytesPerFrame);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + LENGTH * bytesPerFrame, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(2, 22); // stereo
  wav.writeUInt32LE(SAMPLE_RATE, 24);
  wav.writeUInt32LE(SAMPLE_RATE * bytesPerFrame, 28);
  wav.writeUInt16LE(bytesPerFrame, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(LENGTH * bytesPerFrame, 40);
  for (let i = 0; i < LENGTH; i += 1) {
    const toInt = (value: number) => Math.max(-32768, Math.min(32767, Math.round(value * 32767)));
    wav.writeInt16LE(toInt(buffer.left[i] ?? 0), 44 + i * bytesPerFrame);
    wav.writeInt16LE(toInt(buffer.right[i] ?? 0), 46 + i * bytesPerFrame);
  }
  return wav;
}

/** 80 kbit/s joint stereo keeps 100 s near 1 MB; the ambient mix loses nothing audible at that rate. */
const LAME_OPTIONS = ['--quiet', '-q', '2', '-b', '80', '-m', 'j', '--resample', '44.1'];
/**
 * Vorbis loops without the MP3 encoder's padding gap, so browsers that read it get a seamless
 * loop. A fixed stream serial (oggenc picks a random one) keeps the file byte-identical.
 */
const OGGENC_OPTIONS = ['--quiet', '-q', '1', '--serial', '47'];

/** Fails before the 20 s of synthesis rather than after, with the install line to run. */
function requireEncoders(): void {
  for (const encoder of ['lame', 'oggenc']) {
    try {
      execFileSync(encoder, ['--version'], { stdio: 'ignore' });
    } catch {
      throw new Error(`${encoder} is missing: apt-get install -y lame vorbis-tools`);
    }
  }
}

function encode(wavPath: string): void {
  mkdirSync(outDir, { recursive: true });
  execFileSync('lame', [...LAME_OPTIONS, wavPath, path.join(outDir, 'theme.mp3')], { stdio: 'inherit' });
  execFileSync('oggenc', [...OGGENC_OPTIONS, '-o', path.join(outDir, 'theme.ogg'), wavPath], {
    stdio: 'inherit',
  });
}

requireEncoders();
const mix = compose();
master(mix);
const workDir = mkdtempSync(path.join(tmpdir(), 'synth-theme-'));
try {
  const wavPath = path.join(workDir, 'theme.wav');
  writeFileSync(wavPath, toWav(mix));
  encode(wavPath);
  console.log(`wrote ${outDir}/theme.mp3 and theme.ogg (${(LENGTH / SAMPLE_RATE).toFixed(2)} s)`);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
