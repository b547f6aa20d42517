// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppActorsProvider } from '../../src/ui/app/AppActorsContext';
import AuthCallbackPage from '../../src/ui/auth-callback/AuthCallbackPage';
import { ana, createFakeApp, type FakeApp } from './fake-app';

function visit(app: FakeApp, address: string) {
  render(
    <AppActorsProvider actors={app.actors}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/auth/callback" element={<AuthCallbackPage />} />
          <Route path="/" element={<p>Accueil</p>} />
        </Routes>
      </MemoryRouter>
    </AppActorsProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('/auth/callback', () => {
  it('stores both tokens as jwt and refresh_token, signs in with them and goes home', async () => {
    const app = createFakeApp({ verify: async () => ana });
    visit(app, '/auth/callback?access_token=jwt-ana&refresh_token=refresh-ana');
    expect(await screen.findByText('Accueil')).toBeTruthy();
    expect(app.stored.get('jwt')).toBe('jwt-ana');
    expect(app.stored.get('refresh_token')).toBe('refresh-ana');
    await vi.waitFor(() => expect(app.actors.auth.getSnapshot().value).toBe('authenticated'));
  });

  it('logs an error and goes home when a token is missing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = createFakeApp();
    visit(app, '/auth/callback?access_token=jwt-ana');
    expect(await screen.findByText('Accueil')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('refresh_token'));
    expect(app.stored.has('jwt')).toBe(false);
  });
});
