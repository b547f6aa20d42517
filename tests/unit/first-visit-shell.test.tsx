// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANDING_COLLAPSE_MS, LANDING_EXPAND_MS } from '../../src/machines/landing-animation.machine';
import {
  endShellHandover,
  openFirstVisit,
  shellHandover,
} from '../../src/ui/landing/first-visit/first-visit-shell';
import { LandingScene } from '../../src/ui/landing/scene/LandingScene';
import { stubLandingDom } from '../helpers/landing-dom';

/** The shell exactly as index.html paints it before any script. */
const shellMarkup = /<div id="app-shell"[\s\S]*?<\/div>\s*<\/div>/.exec(
  readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8'),
)![0];

let reducedMotion = false;

beforeEach(() => {
  reducedMotion = false;
  vi.useFakeTimers();
  stubLandingDom(() => reducedMotion);
  document.body.innerHTML = shellMarkup;
});

afterEach(() => {
  endShellHandover();
  cleanup();
  document.body.innerHTML = '';
  vi.useRealTimers();
});

function openShell() {
  const onGesture = vi.fn();
  openFirstVisit({ onGesture });
  return { onGesture, shell: document.getElementById('app-shell')! };
}

describe('first visit shell', () => {
  it('shows the invitation, an emblem to click and the music controls, in the spec’s words', () => {
    const { onGesture, shell } = openShell();
    expect(shell.hasAttribute('aria-hidden')).toBe(false);
    expect(screen.getByRole('button', { name: 'Entrer' }).className).toBe('central-logo');
    expect(screen.getByRole('button', { name: 'Commencer l’aventure' })).toBeTruthy();
    expect(screen.getByText('ou touchez l’emblème pour vous connecter')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Couper la musique' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    const slider = screen.getByRole('slider', { name: 'Volume de la musique' }) as HTMLInputElement;
    expect([slider.min, slider.max, slider.step, slider.value]).toEqual(['0', '1', '0.01', '0.5']);
    expect(shell.querySelector('canvas.particle-field')).not.toBeNull();
    expect(onGesture).not.toHaveBeenCalled();
  });

  it('begins the entrance at the click and asks for the app, which finds the entrance under way', () => {
    const { onGesture, shell } = openShell();
    fireEvent.click(screen.getByRole('button', { name: 'Commencer l’aventure' }));
    expect(onGesture).toHaveBeenCalled();
    expect(shell.dataset.animation).toBe('collapsing');
    expect(screen.queryByRole('button', { name: 'Commencer l’aventure' })).toBeNull();
    vi.advanceTimersByTime(120);
    const handover = shellHandover();
    expect(handover?.entrance).toEqual({ animate: true, elapsedMs: expect.any(Number) });
    expect(handover?.entrance?.elapsedMs).toBeGreaterThanOrEqual(120);
    expect(handover?.audio).toEqual({ volume: 0.5, muted: false, gestured: true });
    // The same until a scene has mounted with it; none after.
    expect(shellHandover()).toBe(handover);
    // The shell works until the scene has mounted, then stops.
    expect(shell.inert).toBeFalsy();
    endShellHandover();
    expect(shell.inert).toBe(true);
    expect(shellHandover()).toBeNull();
  });

  it('hands the scene a click made between its first render and its mount', async () => {
    openShell();
    const onJoin = vi.fn();
    // React renders the scene (which reads the shell), then mounts it a few hundred ms later: the
    // visitor's click meanwhile lands on the shell, which must still take it.
    const read = shellHandover();
    expect(read?.entrance).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Entrer' }));
    fireEvent.input(screen.getByRole('slider', { name: 'Volume de la musique' }), {
      target: { value: '0.2' },
    });
    await act(async () => {
      render(<LandingScene onJoin={onJoin} invite />);
    });
    const scene = document.querySelector('.landing-scene:not(#app-shell)');
    expect(scene?.getAttribute('data-animation')).toBe('collapsing');
    expect(
      (screen.getAllByRole('slider', { name: 'Volume de la musique' }).at(-1) as HTMLInputElement).value,
    ).toBe('0.2');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LANDING_COLLAPSE_MS + LANDING_EXPAND_MS);
    });
    expect(onJoin).toHaveBeenCalledTimes(1);
  });

  it('joins at once, without the collapse, for visitors who asked for less motion', () => {
    reducedMotion = true;
    const { shell } = openShell();
    fireEvent.click(screen.getByRole('button', { name: 'Entrer' }));
    expect(shell.dataset.animation).toBe('joined');
    expect(shellHandover()?.entrance).toMatchObject({ animate: false });
  });

  it('keeps the music’s settings, and a key press is the gesture that unlocks it', () => {
    const { onGesture } = openShell();
    const slider = screen.getByRole('slider', { name: 'Volume de la musique' });
    fireEvent.input(slider, { target: { value: '0.25' } });
    expect(slider.getAttribute('aria-valuetext')).toBe('25 %');
    expect(onGesture).not.toHaveBeenCalled();
    fireEvent.keyDown(window, { key: 'a' });
    expect(onGesture).toHaveBeenCalledTimes(1);
    expect(shellHandover()?.audio).toEqual({ volume: 0.25, muted: false, gestured: true });
    expect(shellHandover()?.entrance).toBeNull();
  });

  it('hands the scene its running sky and the begun entrance, which joins once the rest has played', async () => {
    openShell();
    fireEvent.click(screen.getByRole('button', { name: 'Couper la musique' }));
    fireEvent.click(screen.getByRole('button', { name: 'Entrer' }));
    const canvas = document.querySelector('#app-shell canvas');
    expect(canvas).not.toBeNull();
    const onJoin = vi.fn();
    await act(async () => {
      render(<LandingScene onJoin={onJoin} invite />);
    });
    // The same canvas, moved into the scene: the sky goes on.
    expect(document.querySelector('.landing-scene:not(#app-shell) canvas')).toBe(canvas);
    expect(document.querySelector('.landing-scene:not(#app-shell)')?.getAttribute('data-animation')).toBe(
      'collapsing',
    );
    expect(
      screen.getAllByRole('button', { name: 'Couper la musique' }).at(-1)?.getAttribute('aria-pressed'),
    ).toBe('true');
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LANDING_COLLAPSE_MS + LANDING_EXPAND_MS);
    });
    expect(onJoin).toHaveBeenCalledTimes(1);
  });
});
