import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromEventObservable,
  fromPromise,
  SimulatedClock,
  type AnyEventObject,
  type SnapshotFrom,
  type Subscribable,
} from 'xstate';
import type { Friend, FriendInvitation, UserSearchResult } from '../../src/api/schemas/friends';
import { socialRules } from '../../src/domain/social';
import {
  friendsFailures,
  friendsListMachine,
  type AddFriendAnswer,
  type FriendsListContext,
  type SocialFact,
  type SocialLists,
} from '../../src/machines/friends-list.machine';
import { each, everyTransition, itVisitsEveryState, testEveryPath } from '../helpers/every-path';
import { deferred, settle, type Pending } from '../helpers/machine-model';

const ana: Friend = { id: 'u-ana', display_name: 'Ana', username: 'Ana', isOnline: true, unreadCount: 2 };
const bea: UserSearchResult = {
  id: 'u-bea',
  display_name: 'Bea',
  username: 'Bea',
  pendingInvitation: null,
};
const me = { id: 'u-me', username: 'Me', display_name: 'Me', email: 'me@example.test' };
const invitation = (
  id: string,
  to: typeof me | typeof bea,
  status: FriendInvitation['status'] = 'pending',
) => ({
  id,
  from: me,
  to: { id: to.id, username: to.username, display_name: to.display_name },
  status,
  createdAt: '2026-01-01T10:00:00.000Z',
});
const received = {
  ...invitation('inv-in', me),
  from: { ...me, id: 'u-cid', username: 'Cid', display_name: 'Cid' },
};
const lists: SocialLists = { friends: [ana], received: [received], sent: [] };
const refusal = { status: 409, message: 'Déjà amis.', body: { error: 'Déjà amis.' } };
const networkFailure = new TypeError('Failed to fetch');

type Effect = 'lists' | 'search' | 'add' | 'remove';

/** The real actor with fake effects answered by the test, a simulated clock and a fake socket. */
function startList() {
  const calls: Record<Effect, Pending<unknown>[]> = { lists: [], search: [], add: [], remove: [] };
  const answeredByTest = <T, I>(name: Effect) =>
    fromPromise<T, I>(({ input }) => {
      const call = deferred<T>(input);
      calls[name].push(call as Pending<unknown>);
      return call.promise;
    });
  let emit: (fact: SocialFact) => void = () => {};
  const socket: Subscribable<SocialFact> = {
    subscribe: (observer) => {
      emit = (fact) => (typeof observer === 'function' ? observer(fact) : observer.next?.(fact));
      return { unsubscribe: () => (emit = () => {}) };
    },
  };
  const clock = new SimulatedClock();
  const machine = friendsListMachine.provide({
    actors: {
      'load lists': answeredByTest<SocialLists, unknown>('lists'),
      'search users': answeredByTest<UserSearchResult[], { query: string }>('search'),
      'add friend': answeredByTest<AddFriendAnswer, { userId: string }>('add'),
      'remove friend': answeredByTest<string, { friendId: string }>('remove'),
      'listen to social events': fromEventObservable(() => socket),
    },
  });
  const actor = createActor(machine, { clock }).start();
  const answer = async (name: Effect, outcome: { output: unknown } | { error: unknown }) => {
    const call = calls[name].at(-1)!;
    if ('output' in outcome) call.resolve(outcome.output);
    else call.reject(outcome.error);
    await settle();
  };
  return { actor, calls, clock, answer, emit: (fact: SocialFact) => emit(fact) };
}

/** What the menu shows: the invitation actors by their ids. */
const view = (context: FriendsListContext) => ({
  ...context,
  received: context.received.map((ref) => ref.id),
  sent: context.sent.map((ref) => ref.id),
});

const pendingAnswer: AddFriendAnswer = {
  message: 'Invitation envoyée',
  invitation: invitation('inv-out', bea),
};
const acceptedAnswer: AddFriendAnswer = {
  message: 'Vous êtes amis',
  invitation: invitation('inv-x', bea, 'accepted'),
};

type Snap = SnapshotFrom<typeof friendsListMachine>;
const listsDone = { type: 'xstate.done.actor.lists', output: lists };
const listsFailed = { type: 'xstate.error.actor.lists', error: networkFailure };

/** The lists and the add/remove buttons, one step at a time (the search stays idle). */
const changeEvents = (snapshot: Snap): AnyEventObject[] =>
  snapshot.matches({ lists: 'loading' })
    ? [listsDone, listsFailed]
    : snapshot.matches({ changes: 'adding' })
      ? [
          { type: 'xstate.done.actor.add', output: pendingAnswer },
          { type: 'xstate.done.actor.add', output: acceptedAnswer },
          { type: 'xstate.error.actor.add', error: refusal },
        ]
      : snapshot.matches({ changes: 'removing' })
        ? [
            { type: 'xstate.done.actor.remove', output: 'u-ana' },
            { type: 'xstate.error.actor.remove', error: networkFailure },
          ]
        : snapshot.context.alert !== null
          ? [{ type: 'alert.dismiss' }]
          : [
              { type: 'socket.reconnected' },
              { type: 'friend.add', userId: 'u-bea' },
              { type: 'friend.remove', friendId: 'u-ana' },
            ];

/** The search field, once the lists are there. */
const searchEvents = (snapshot: Snap): AnyEventObject[] =>
  snapshot.matches({ lists: 'loading' })
    ? [listsDone]
    : [
        { type: 'search.change', query: ' Bea ' },
        { type: 'search.change', query: 'B' },
        ...(snapshot.matches({ search: 'debouncing' })
          ? [{ type: 'xstate.after.searchDebounce.friendsList.search.debouncing' }]
          : []),
        ...(snapshot.matches({ search: 'searching' })
          ? [
              { type: 'xstate.done.actor.search', output: [bea] },
              { type: 'xstate.error.actor.search', error: networkFailure },
            ]
          : []),
      ];

describe('friends list: every transition', () => {
  const paths = [changeEvents, searchEvents].flatMap((events) => everyTransition(friendsListMachine, events));

  itVisitsEveryState(paths, friendsListMachine);

  testEveryPath(paths, () => {
    const run = startList();
    const send = ({ event }: { event: AnyEventObject }) => run.actor.send(event as never);
    const outcome =
      (name: Effect) =>
      ({ event }: { event: AnyEventObject }) =>
        run.answer(name, 'error' in event ? { error: event.error } : { output: event.output });
    const same = (expected: { value: unknown; context: FriendsListContext }) => {
      expect(run.actor.getSnapshot().value).toEqual(expected.value);
      expect(view(run.actor.getSnapshot().context)).toEqual(view(expected.context));
    };
    return {
      events: {
        ...each(
          ['socket.reconnected', 'search.change', 'friend.add', 'friend.remove', 'alert.dismiss'],
          send,
        ),
        'xstate.after.searchDebounce.friendsList.search.debouncing': () => run.clock.increment(300),
        ...Object.fromEntries(
          (['lists', 'search', 'add', 'remove'] as const).flatMap((name) => [
            [`xstate.done.actor.${name}`, outcome(name)],
            [`xstate.error.actor.${name}`, outcome(name)],
          ]),
        ),
      },
      states: {
        'lists.loading': (expected) => {
          same(expected);
          expect(run.actor.getSnapshot().hasTag('busy')).toBe(true);
          expect(run.calls.lists.length).toBeGreaterThan(0);
        },
        'lists.ready': (expected) => {
          same(expected);
          // One friend-invitation actor per invitation shown, named by the invitation.
          const ids = [...expected.context.received, ...expected.context.sent].map((ref) => ref.id);
          for (const id of ids) expect(run.actor.getSnapshot().children[id]).toBeDefined();
          const busy = (['search', 'add', 'remove'] as const).filter(
            (id) => run.actor.getSnapshot().children[id],
          );
          expect(Object.keys(run.actor.getSnapshot().children).sort()).toEqual(
            ['socialEvents', ...ids, ...busy].sort(),
          );
        },
        'search.debouncing': (expected) => {
          same(expected);
          expect(expected.context.searchHint).toBeNull();
          // Nothing is asked while the user is still typing.
          expect(run.actor.getSnapshot().children.search).toBeUndefined();
        },
        'search.searching': () => expect(run.calls.search.at(-1)?.input).toEqual({ query: 'Bea' }),
        'search.idle': (expected) => {
          same(expected);
          expect(run.actor.getSnapshot().context.searchHint).toBe(
            expected.context.query === 'B' ? socialRules.searchTooShort : null,
          );
        },
        'changes.adding': () => expect(run.calls.add.at(-1)?.input).toEqual({ userId: 'u-bea' }),
        'changes.removing': () => expect(run.calls.remove.at(-1)?.input).toEqual({ friendId: 'u-ana' }),
        'changes.idle': (expected) => {
          same(expected);
          expect([null, 'Déjà amis.', friendsFailures.remove]).toContain(
            run.actor.getSnapshot().context.alert,
          );
        },
      },
    };
  });
});

describe('friends list: live facts', () => {
  async function ready() {
    const run = startList();
    await run.answer('lists', { output: lists });
    return run;
  }
  const message = (senderId: string, gameId: string | null = null) => ({
    id: `m-${senderId}`,
    content: 'Salut',
    type: 'text',
    gameId,
    senderId,
    receiverId: 'u-me',
    senderName: senderId,
    createdAt: '2026-01-01T10:00:00.000Z',
    readAt: null,
    isSystemMessage: false,
  });
  const friends = (run: ReturnType<typeof startList>) => run.actor.getSnapshot().context.friends;

  it('counts private messages of a friend whose chat is closed, and reads them when it opens', async () => {
    const run = await ready();
    run.emit({ type: 'message.received', message: message('u-ana') });
    run.emit({ type: 'message.received', message: message('u-ana', 'game-1') });
    run.emit({ type: 'message.received', message: message('u-stranger') });
    expect(friends(run)).toEqual([{ ...ana, unreadCount: 3 }]);
    run.actor.send({ type: 'chat.opened', friendId: 'u-ana' });
    run.emit({ type: 'message.received', message: message('u-ana') });
    expect(friends(run)).toEqual([{ ...ana, unreadCount: 0 }]);
    // Reloaded lists keep the open chat read.
    run.emit({ type: 'socket.reconnected' });
    await run.answer('lists', { output: lists });
    expect(friends(run)[0]?.unreadCount).toBe(0);
    run.actor.send({ type: 'chat.closed' });
    run.emit({ type: 'message.received', message: message('u-ana') });
    expect(friends(run)[0]?.unreadCount).toBe(1);
  });

  it('follows online status and removals', async () => {
    const run = await ready();
    run.emit({ type: 'friend.status.changed', userId: 'u-ana', isOnline: false });
    expect(friends(run)).toEqual([{ ...ana, isOnline: false }]);
    run.emit({ type: 'friend.removed', friendId: 'u-ana' });
    expect(friends(run)).toEqual([]);
  });

  it('spawns one actor per new invitation and drops it once settled, adding the new friend', async () => {
    const run = await ready();
    const other = { ...received, id: 'inv-2' };
    run.emit({ type: 'invitation.received', invitation: other });
    run.emit({ type: 'invitation.received', invitation: other });
    expect(view(run.actor.getSnapshot().context).received).toEqual(['inv-in', 'inv-2']);
    run.emit({ type: 'invitation.cancelled', invitationId: 'inv-2' });
    expect(view(run.actor.getSnapshot().context).received).toEqual(['inv-in']);
    expect(run.actor.getSnapshot().children['inv-2']).toBeUndefined();
    run.actor.send({ type: 'friend.add', userId: 'u-bea' });
    await run.answer('add', { output: pendingAnswer });
    expect(view(run.actor.getSnapshot().context).sent).toEqual(['inv-out']);
    const friendBea: Friend = { ...bea, isOnline: false, unreadCount: 0 };
    delete (friendBea as Partial<UserSearchResult>).pendingInvitation;
    run.emit({ type: 'invitation.accepted', invitationId: 'inv-out', friend: friendBea });
    expect(view(run.actor.getSnapshot().context).sent).toEqual([]);
    expect(friends(run).map((friend) => friend.id)).toEqual(['u-ana', 'u-bea']);
    expect(Object.keys(run.actor.getSnapshot().children).sort()).toEqual(['inv-in', 'socialEvents']);
  });
});
