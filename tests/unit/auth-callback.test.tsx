// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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

/** The server's answer to `GET /auth/verify`, for whichever bearer the page sends. */
function serverKnows(accounts: Record<string, { display_name: string; email: string }>) {
  const bearers: string[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const bearer = new Headers(init.headers).get('Authorization')?.replace('Bearer ', '') ?? '';
    bearers.push(bearer);
    const account = accounts[bearer];
    return account
      ? Response.json({
          valid: true,
          user: { id: 'u-x', username: 'x', created_at: '', role: 'player', ...account },
        })
      : Response.json({ error: 'Session invalide ou expirée' }, { status: 401 });
  });
  return bearers;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/auth/callback', () => {
  it('asks whose account the link signs into, and stores the tokens only on yes', async () => {
    const bearers = serverKnows({ 'jwt-ana': { display_name: 'Ana', email: 'ana@example.test' } });
    const app = createFakeApp({ verify: async () => ana });
    visit(app, '/auth/callback?access_token=jwt-ana&refresh_token=refresh-ana');
    expect(await screen.findByText('Se connecter en tant que Ana ?')).toBeTruthy();
    expect(bearers).toEqual(['jwt-ana']);
    expect(app.stored.has('jwt')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Accueil')).toBeTruthy();
    expect(app.stored.get('jwt')).toBe('jwt-ana');
    expect(app.stored.get('refresh_token')).toBe('refresh-ana');
    await vi.waitFor(() => expect(app.actors.auth.getSnapshot().value).toBe('authenticated'));
  });

  it('leaves a forged link’s tokens unstored when the visitor declines', async () => {
    serverKnows({ 'jwt-mallory': { display_name: 'Mallory', email: 'mallory@example.test' } });
    const app = createFakeApp();
    visit(app, '/auth/callback?access_token=jwt-mallory&refresh_token=refresh-mallory');
    expect(await screen.findByText('Se connecter en tant que Mallory ?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(await screen.findByText('Accueil')).toBeTruthy();
    expect(app.stored.has('jwt')).toBe(false);
    expect(app.stored.has('refresh_token')).toBe(false);
  });

  it('goes home without asking when the server refuses the tokens', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serverKnows({});
    const app = createFakeApp();
    visit(app, '/auth/callback?access_token=forged&refresh_token=forged');
    expect(await screen.findByText('Accueil')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('refusé'));
    expect(app.stored.has('jwt')).toBe(false);
  });

  it('logs an error and goes home when a token is missing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bearers = serverKnows({});
    const app = createFakeApp();
    visit(app, '/auth/callback?access_token=jwt-ana');
    expect(await screen.findByText('Accueil')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('refresh_token'));
    expect(app.stored.has('jwt')).toBe(false);
    expect(bearers).toEqual([]);
  });
});
