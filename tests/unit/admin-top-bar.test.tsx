// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/domain/roles';
import { AppActorsProvider } from '../../src/ui/app/AppActorsContext';
import { TopBar } from '../../src/ui/landing/TopBar';
import { createFakeApp } from './fake-app';

afterEach(cleanup);

const person = (role: SessionUser['role']): SessionUser => ({
  id: 'u-1',
  email: 'ana@example.test',
  role,
  displayName: 'Ana',
  token: 'jwt',
});

function renderTopBar(user: SessionUser) {
  const app = createFakeApp();
  render(
    <AppActorsProvider actors={app.actors}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<TopBar user={user} />} />
          <Route path="/admin" element={<p>Page admin</p>} />
          <Route path="/admin/monitoring" element={<p>Page monitoring</p>} />
          <Route path="/admin/performance-analysis" element={<p>Page performances</p>} />
        </Routes>
      </MemoryRouter>
    </AppActorsProvider>,
  );
  return app;
}

describe('top bar: the Admin button', () => {
  it('is shown to an admin, before logout, and opens the global store page', async () => {
    renderTopBar(person('admin'));
    const names = screen.getAllByRole('button').map((button) => button.textContent);
    expect(names).toEqual(['Profil', 'Amis', 'Admin', 'Monitoring', 'Performances', 'Déconnexion']);
    await userEvent.click(screen.getByRole('button', { name: 'Admin' }));
    expect(screen.getByText('Page admin')).toBeTruthy();
  });

  it.each(['player', 'mj'] as const)('is hidden from a %s, with the monitoring pages', (role) => {
    renderTopBar(person(role));
    expect(screen.queryByRole('button', { name: 'Admin' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Monitoring' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Performances' })).toBeNull();
  });

  it.each([
    ['Monitoring', 'Page monitoring'],
    ['Performances', 'Page performances'],
  ])('%s opens its admin page', async (button, page) => {
    renderTopBar(person('admin'));
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(screen.getByText(page)).toBeTruthy();
  });
});

describe('top bar: the Amis button', () => {
  it('holds its place while its code loads, so no button moves under a click', async () => {
    renderTopBar(person('player'));
    const placeholder = screen.getByRole('button', { name: 'Amis' }) as HTMLButtonElement;
    expect(placeholder.disabled).toBe(true);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Profil',
      'Amis',
      'Déconnexion',
    ]);
    // The lazy chunk is transformed on first import: on a loaded machine that takes seconds.
    await waitFor(
      () => expect((screen.getByRole('button', { name: /^Amis/ }) as HTMLButtonElement).disabled).toBe(false),
      { timeout: 15_000 },
    );
  });
});
