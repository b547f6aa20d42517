// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppActorsProvider } from '../../src/ui/app/AppActorsContext';
import { GameChat } from '../../src/ui/game-chat/GameChat';
import { createFakeApp } from './fake-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const line = (seq: number, message: string, type = 'normal', senderId: string | null = 'c-1') => ({
  seq,
  type: type === 'normal' ? 'chat.posted' : type === 'system' ? 'chat.system' : 'dice.rolled',
  userId: 'u-2',
  createdAt: new Date().toISOString(),
  payload: {
    playerName: senderId ? 'Bob' : 'Système',
    senderId,
    avatar: null,
    senderUserId: 'u-2',
    message,
    type,
  },
});

/** The MJ's chat panel of game g-1, whose history is these lines (and no macro). */
function renderChatWith(history: ReturnType<typeof line>[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = String(url).includes('/message') ? history : [];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const app = createFakeApp();
  return render(
    <AppActorsProvider actors={app.actors}>
      <GameChat gameId="g-1" playerId={null} role="mj" />
    </AppActorsProvider>,
  );
}

describe('game chat panel', () => {
  it('shows the history under today’s separator, sanitised, and the empty macros bar', async () => {
    const { container } = renderChatWith([
      line(1, 'Salut <b>tous</b><img src=x onerror=alert(1)>'),
      line(2, 'Vous avez tué un loup.', 'system', null),
    ]);
    expect(await screen.findByText('tous')).toBeTruthy();
    expect(screen.getByText("Aujourd'hui")).toBeTruthy();
    expect(screen.getByText('Vous avez tué un loup.')).toBeTruthy();
    expect(container.querySelector('img[onerror]')).toBeNull();
    expect(container.querySelector('.game-chat__line--system')).not.toBeNull();
    expect(await screen.findByText('Aucune macro disponible')).toBeTruthy();
  });

  it('keeps its log a list readers can scroll, and reads out no line of it', async () => {
    const { container } = renderChatWith([line(1, 'Bonsoir'), line(2, 'Prêts ?')]);
    expect(await screen.findByText('Prêts ?')).toBeTruthy();
    const log = screen.getByRole('list', { name: 'Messages de la partie' });
    // The whole log is no live region: a fight would be read aloud line after line.
    expect(log.closest('[aria-live]')).toBeNull();
    expect(log.tabIndex).toBe(0);
    const result = await axe.run(container, { runOnly: ['list', 'listitem', 'aria-allowed-role'] });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });
});
