// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { NEVER } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromEventObservable, fromPromise } from 'xstate';
import type { Friend, UserSearchResult } from '../../src/api/schemas/friends';
import { friendsListMachine, type SocialLists } from '../../src/machines/friends-list.machine';
import { FriendsMenu } from '../../src/ui/social/FriendsMenu';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const bob: Friend = { id: 'u-bob', display_name: 'Bobette', username: 'bob', isOnline: true, unreadCount: 0 };

/** The menu on its real machine, over a server that knows `friends` and finds `found`. */
async function openMenu(friends: Friend[], found: UserSearchResult[]) {
  vi.useFakeTimers();
  const friendsList = createActor(
    friendsListMachine.provide({
      actors: {
        'load lists': fromPromise(async (): Promise<SocialLists> => ({ friends, received: [], sent: [] })),
        'search users': fromPromise(async () => found),
        'listen to social events': fromEventObservable(() => NEVER) as never,
      },
    }),
  ).start();
  render(<FriendsMenu friendsList={friendsList} onClose={() => {}} onChat={() => {}} />);
  await act(() => vi.runAllTimersAsync());
  return screen.getByRole('region', { name: 'Rechercher un joueur' });
}

async function search(section: HTMLElement, query: string) {
  fireEvent.change(within(section).getByLabelText("Nom d'affichage"), { target: { value: query } });
  await act(() => vi.runAllTimersAsync());
}

describe('the user search of the friends menu', () => {
  it('shows a friend it finds as a friend already, not as nobody found', async () => {
    const section = await openMenu([bob], []);
    await search(section, 'bobe');
    expect(within(section).getByText('Bobette')).toBeTruthy();
    expect(within(section).getByText('Déjà dans vos amis')).toBeTruthy();
    expect(within(section).queryByText('Aucun joueur trouvé')).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Ajouter' })).toBeNull();
  });

  it('shows no presence for a stranger it finds, online or not', async () => {
    const stranger: UserSearchResult = {
      id: 'u-zoe',
      display_name: 'Zoé',
      username: 'zoe',
      pendingInvitation: null,
    };
    const section = await openMenu([bob], [stranger]);
    await search(section, 'zoe');
    const row = within(section).getByText('Zoé').closest('li')!;
    expect(within(row).queryByText('Hors ligne')).toBeNull();
    expect(within(row).queryByText('En ligne')).toBeNull();
  });

  it('still says nobody was found when neither a friend nor anyone else answers', async () => {
    const section = await openMenu([bob], []);
    await search(section, 'zora');
    expect(within(section).getByText('Aucun joueur trouvé')).toBeTruthy();
  });
});
