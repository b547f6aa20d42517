// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANDING_COLLAPSE_MS, LANDING_EXPAND_MS } from '../../src/machines/landing-animation.machine';
import { LandingScene } from '../../src/ui/landing/scene/LandingScene';
import { stubLandingDom } from '../helpers/landing-dom';

let reducedMotion = false;

beforeEach(() => {
  reducedMotion = false;
  vi.useFakeTimers();
  stubLandingDom(() => reducedMotion);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderScene(props: Partial<Parameters<typeof LandingScene>[0]> = {}) {
  const onJoin = vi.fn();
  render(
    <LandingScene onJoin={onJoin} {...props}>
      <button type="button">Se connecter</button>
    </LandingScene>,
  );
  return { onJoin };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('landing scene', () => {
  it('fires the join once, after the collapse and the expansion, ignoring clicks meanwhile', () => {
    const { onJoin } = renderScene();
    const logo = screen.getByRole('button', { name: 'Entrer' });
    fireEvent.click(logo);
    advance(LANDING_COLLAPSE_MS);
    fireEvent.click(logo);
    advance(LANDING_EXPAND_MS - 1);
    expect(onJoin).not.toHaveBeenCalled();
    advance(1);
    expect(onJoin).toHaveBeenCalledTimes(1);
  });

  it('joins at once for visitors who asked for less motion', () => {
    reducedMotion = true;
    const { onJoin } = renderScene();
    fireEvent.click(screen.getByRole('button', { name: 'Entrer' }));
    expect(onJoin).toHaveBeenCalledTimes(1);
  });

  it('invites a visitor in with a button that plays the same entrance as the emblem', () => {
    const { onJoin } = renderScene({ invite: true });
    const invitation = screen.getByRole('button', { name: 'Commencer l’aventure' });
    fireEvent.click(invitation);
    // The sky plays the entrance alone; the emblem ignores clicks meanwhile, as for its own.
    expect(screen.queryByRole('button', { name: 'Commencer l’aventure' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Entrer' }));
    advance(LANDING_COLLAPSE_MS + LANDING_EXPAND_MS);
    expect(onJoin).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Commencer l’aventure' })).toBeTruthy();
  });

  it('has no invitation unless the screen asks for one', () => {
    renderScene();
    expect(screen.queryByRole('button', { name: 'Commencer l’aventure' })).toBeNull();
  });

  it('shows the player with a back arrow, and no bar without a player', () => {
    const onBack = vi.fn();
    renderScene({ playerName: 'Aldric', onBack });
    expect(screen.getByText('Aldric')).toBeTruthy();
    const back = screen.getByRole('button', { name: 'Retour' });
    expect(back.textContent).toBe('↑');
    fireEvent.click(back);
    expect(onBack).toHaveBeenCalledTimes(1);
    cleanup();
    renderScene({ playerName: null });
    expect(screen.queryByRole('button', { name: 'Retour' })).toBeNull();
  });

  it('has the theme with its fallback text, a volume slider at 0.5 and a mute button', () => {
    renderScene();
    const audio = document.querySelector('audio');
    expect(audio?.textContent).toBe('Votre navigateur ne supporte pas la balise audio.');
    expect([...(audio?.querySelectorAll('source') ?? [])].map((s) => s.getAttribute('type'))).toEqual([
      'audio/ogg',
      'audio/mpeg',
    ]);
    expect(audio?.loop).toBe(true);
    const slider = screen.getByRole('slider', { name: 'Volume de la musique' }) as HTMLInputElement;
    expect([slider.min, slider.max, slider.step, slider.value]).toEqual(['0', '1', '0.01', '0.5']);
    fireEvent.change(slider, { target: { value: '0.25' } });
    expect(audio?.volume).toBe(0.25);
    const mute = screen.getByRole('button', { name: 'Couper la musique' });
    expect(mute.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(mute);
    expect(mute.getAttribute('aria-pressed')).toBe('true');
    expect(audio?.muted).toBe(true);
  });

  it('starts the theme on the first key press, at the jump point', async () => {
    renderScene();
    const audio = document.querySelector('audio');
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.keyDown(window, { key: 'a' });
    });
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    expect(audio?.currentTime).toBe(47);
  });

  it("carries the screen's own layers, and no portrait warning: only the game table needs landscape", () => {
    renderScene();
    expect(screen.queryByText('Tournez votre appareil en mode paysage')).toBeNull();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
  });
});
