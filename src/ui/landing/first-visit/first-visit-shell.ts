import { clampVolume, DEFAULT_VOLUME } from '../../../domain/theme-volume';
import type { BackgroundAudioInput } from '../../../machines/background-audio.machine';
import type { BegunEntrance } from '../../../machines/landing-animation.machine';
import { speakerPath, volumeFill, volumeText, wavesPath } from '../scene/audio-controls-look';
import { sceneMessages } from '../scene/messages';
import { startParticleLoop, type ParticleLoop } from '../scene/particle-loop';
import { prefersReducedMotion } from '../scene/reduced-motion-query';
import '../scene/AudioControls.css';
import '../scene/ParticleField.css';

/** What the first visit's shell hands to the React scene that takes over from it. */
export interface ShellHandover {
  /** The sky, running since the page opened: the scene moves its canvas rather than start anew. */
  particles: { loop: ParticleLoop; still: boolean };
  /** The entrance the visitor began on the shell, if any. */
  entrance: BegunEntrance | null;
  /** The music controls as the visitor left them, and whether a gesture has unlocked playback. */
  audio: BackgroundAudioInput;
  /**
   * The selector of the control that has the keyboard's focus, the same in the shell and the
   * scene: the scene focuses its own, or the next key press would go to the page.
   */
  focused: string | null;
}

/** The shell's controls that can hold focus, by the classes the scene's counterparts wear too. */
const focusableControls = [
  '.central-logo',
  '.landing-scene__invitation button',
  '.audio-controls__mute',
  '.audio-controls__volume',
];

function focusedControl(shell: HTMLElement): string | null {
  const active = document.activeElement;
  if (!(active instanceof Element) || !shell.contains(active)) return null;
  return focusableControls.find((selector) => active.matches(selector)) ?? null;
}

/** The open shell: its state as it is now, and the end of its life. */
let live: { read: () => ShellHandover; stop: () => void } | null = null;
let handover: ShellHandover | null = null;

/**
 * The shell's state for the first landing scene, the same each time it is asked until that scene
 * has mounted (`endShellHandover`): React may render a scene and throw the render away.
 */
export function shellHandover(): ShellHandover | null {
  if (handover === null && live !== null) handover = live.read();
  return handover;
}

/**
 * The scene that took the shell's state has mounted: the shell stops, and its state as it ends is
 * returned (null when there was none). The shell works until then, so that a click between the
 * scene's first render and its mount — 300 ms on a desktop, more on a phone — is not lost on an
 * inert page: the scene catches up with what the visitor did meanwhile. Any later scene starts
 * afresh.
 */
export function endShellHandover(): ShellHandover | null {
  const ended = live?.read() ?? null;
  live?.stop();
  live = null;
  handover = null;
  return ended;
}

type Child = Node | string;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  created.append(...children);
  return created;
}

function svgElement(tag: string, attributes: Record<string, string>, ...children: Node[]): SVGElement {
  const created = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  created.append(...children);
  return created;
}

/** The mute button and the volume slider, in the markup and classes of the React AudioControls. */
function musicControls(audio: BackgroundAudioInput) {
  const waves = svgElement('path', { class: 'audio-controls__waves' });
  const mute = element(
    'button',
    { type: 'button', class: 'audio-controls__mute', 'aria-label': sceneMessages.mute },
    svgElement(
      'svg',
      { viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' },
      svgElement('path', { class: 'audio-controls__speaker', d: speakerPath }),
      waves,
    ),
  );
  const volume = element('input', {
    class: 'audio-controls__volume',
    type: 'range',
    min: '0',
    max: '1',
    step: '0.01',
    value: String(audio.volume),
    'aria-label': sceneMessages.volume,
  });
  const draw = () => {
    mute.setAttribute('aria-pressed', String(audio.muted));
    waves.setAttribute('d', wavesPath(audio.muted || audio.volume === 0));
    volume.setAttribute('aria-valuetext', volumeText(audio.volume));
    volume.style.setProperty('--volume', volumeFill(audio.volume));
  };
  mute.addEventListener('click', () => {
    audio.muted = !audio.muted;
    draw();
  });
  volume.addEventListener('input', () => {
    audio.volume = clampVolume(Number(volume.value));
    draw();
  });
  draw();
  return element('div', { class: 'audio-controls' }, mute, volume);
}

/**
 * A first visit to the landing, before any of the app's code: the shell of index.html gets the
 * particle sky, an emblem and an invitation that start the entrance, and the music controls, all
 * in the React scene's markup and classes so that nothing moves when the scene takes over. Every
 * gesture calls `onGesture` (the app is fetched then, not before); what the gestures did waits in
 * `shellHandover` for the scene.
 */
export function openFirstVisit({ onGesture }: { onGesture: () => void }): void {
  const shell = document.getElementById('app-shell');
  const logo = shell?.querySelector('.central-logo');
  if (!shell || !logo) {
    onGesture();
    return;
  }
  const still = prefersReducedMotion();
  const audio: BackgroundAudioInput = { volume: DEFAULT_VOLUME, muted: false, gestured: false };
  let clickedAt: { animate: boolean; at: number } | null = null;

  const sky = element('div', { class: 'particle-field', 'aria-hidden': 'true' });
  const emblem = element(
    'button',
    {
      type: 'button',
      class: 'central-logo',
      'data-animation': 'idle',
      'aria-label': sceneMessages.enter,
      'aria-busy': 'false',
    },
    ...logo.childNodes,
  );
  emblem.querySelector('img')?.setAttribute('draggable', 'false');
  const invite = element('button', { type: 'button' }, sceneMessages.callToAction);
  const invitation = element(
    'div',
    { class: 'landing-scene__invitation' },
    invite,
    element('p', {}, sceneMessages.callToActionHint),
  );
  shell.removeAttribute('aria-hidden');
  shell.dataset.animation = 'idle';
  shell.prepend(sky);
  logo.replaceWith(emblem);
  shell.append(invitation, musicControls(audio));
  const loop = startParticleLoop(sky, { still, mode: 'drift' });

  // The entrance shows at the click: the sky collapses into the emblem and holds there until the
  // scene, once its code has come, plays the rest of it.
  const enter = () => {
    if (clickedAt !== null) return;
    const animate = !prefersReducedMotion();
    clickedAt = { animate, at: performance.now() };
    const step = animate ? 'collapsing' : 'joined';
    shell.dataset.animation = step;
    emblem.dataset.animation = step;
    emblem.setAttribute('aria-busy', String(animate));
    if (animate) loop.setMode('collapse');
    invitation.remove();
  };
  const gather = (gathering: boolean) => {
    if (clickedAt === null) loop.setMode(gathering ? 'gather' : 'drift');
  };
  emblem.addEventListener('click', enter);
  invite.addEventListener('click', enter);
  emblem.addEventListener('pointerenter', () => gather(true));
  emblem.addEventListener('pointerleave', () => gather(false));
  emblem.addEventListener('focus', () => gather(true));
  emblem.addEventListener('blur', () => gather(false));

  // A click or key press anywhere unlocks the music, as the scene's own listener would; a pointer
  // going down already starts the fetch, a few milliseconds before its click.
  const unlock = () => {
    audio.gestured = true;
    onGesture();
  };
  const listeners: [string, () => void][] = [
    ['click', unlock],
    ['keydown', unlock],
    ['pointerdown', onGesture],
  ];
  for (const [type, listener] of listeners) window.addEventListener(type, listener);

  live = {
    read: () => ({
      particles: { loop, still },
      entrance: clickedAt && { animate: clickedAt.animate, elapsedMs: performance.now() - clickedAt.at },
      audio: { ...audio },
      focused: focusedControl(shell),
    }),
    stop: () => {
      for (const [type, listener] of listeners) window.removeEventListener(type, listener);
      shell.inert = true;
    },
  };
}
