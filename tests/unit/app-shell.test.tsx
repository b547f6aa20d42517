// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadTimeout,
  lazyWithTimeout,
  withTimeout,
} from '../../src/ui/app/lazy-with-timeout';
import { AppRoutes } from '../../src/ui/app/AppRouter';
import { PageBoundary } from '../../src/ui/app/PageBoundary';
import { appRoutes } from '../../src/ui/app/routes';

type PageModule = { default: () => null };
const never = () => new Promise<PageModule>(() => undefined);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('withTimeout', () => {
  it('gives up after the spec 120 s', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const loading = withTimeout(never(), CHUNK_LOAD_TIMEOUT_MS);
    const outcome = expect(loading).rejects.toBeInstanceOf(ChunkLoadTimeout);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    await outcome;
  });

  it('settles like the load when it is in time, leaving no timer behind', async () => {
    vi.useFakeTimers();
    await expect(withTimeout(Promise.resolve('chunk'), CHUNK_LOAD_TIMEOUT_MS)).resolves.toBe('chunk');
    await expect(withTimeout(Promise.reject(new Error('404')), CHUNK_LOAD_TIMEOUT_MS)).rejects.toThrow('404');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('PageBoundary', () => {
  const failedMessage = 'Le chargement a échoué. Veuillez recharger la page.';

  it('asks for a reload when a screen fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Page = lazyWithTimeout(
      () => Promise.reject<PageModule>(new Error('Failed to fetch dynamically imported module')),
      1000,
    );
    render(
      <PageBoundary>
        <Page />
      </PageBoundary>,
    );
    expect(await screen.findByText(failedMessage)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeTruthy();
  });

  it('asks for a reload when a screen takes longer than 120 s', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Page = lazyWithTimeout(never, CHUNK_LOAD_TIMEOUT_MS);
    render(
      <PageBoundary>
        <Page />
      </PageBoundary>,
    );
    expect(screen.getByRole('status')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS));
    expect(screen.getByRole('alert').textContent).toContain(failedMessage);
  });
});

describe('routes', () => {
  it('has every screen of the app, the replay beside the table', () => {
    expect(appRoutes.map((route) => route.path)).toEqual([
      '/',
      '/auth/callback',
      '/game',
      '/game/replay',
      '/creation',
      '/view',
      '/admin',
      '/admin/game',
      '/admin/monitoring',
      '/admin/performance-analysis',
    ]);
  });

  it('sends an unknown address home', async () => {
    const home = async () => ({ default: () => <p>Accueil</p> });
    render(
      <MemoryRouter initialEntries={['/nulle-part']}>
        <AppRoutes routes={[{ path: '/', load: home }]} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Accueil')).toBeTruthy();
  });
});
