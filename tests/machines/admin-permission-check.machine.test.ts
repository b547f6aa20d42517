import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import {
  adminPermissionCheckMachine,
  permissionCheckMessages,
  type ReadGame,
} from '../../src/machines/admin-permission-check.machine';
import { each, inSameState, outcomesOf, testEveryPath } from '../helpers/every-path';
import { answerLatest, pendingCalls, waitFor } from '../helpers/fake-effects';
import { modelOf, settle, visitedStates, type Pending } from '../helpers/machine-model';
import { withInput } from '../helpers/machine-input';

const refusal = {
  status: 403,
  message: permissionCheckMessages.refused,
  body: { error: permissionCheckMessages.refused },
};
/** The game as the check reads it: its master, and the signed-in reader. */
const asMaster: ReadGame = { name: 'Les Terres Brisées', mjUserId: 'U-MJ', readerId: 'U-MJ' };
const asAdmin: ReadGame = { name: 'Les Terres Brisées', mjUserId: 'U-MJ', readerId: 'U-ADMIN' };
const notFound = { status: 404, message: 'Partie non trouvée.', body: { error: 'Partie non trouvée.' } };

function startCheck(gameId: string | null) {
  const calls: Pending<ReadGame>[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    adminPermissionCheckMachine.provide({
      actors: {
        'read game': pendingCalls<ReadGame, { gameId: string }>(calls),
      },
    }),
    { input: { gameId }, clock },
  ).start();
  return { actor, calls, clock };
}

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.checkGameMaster', output: asMaster },
  { type: 'xstate.done.actor.checkGameMaster', output: asAdmin },
  { type: 'xstate.error.actor.checkGameMaster', error: refusal },
  { type: 'xstate.error.actor.checkGameMaster', error: notFound },
  { type: 'xstate.error.actor.checkGameMaster', error: new TypeError('Failed to fetch') },
  { type: 'xstate.after.redirectHome.adminPermissionCheck.denied' },
  { type: 'xstate.after.redirectHome.adminPermissionCheck.noGame' },
];

describe.each([
  ['with a game id', 'G1'],
  ['without a game id', null],
])('admin permission check %s: every transition', (_title, gameId) => {
  const model = modelOf(withInput(adminPermissionCheckMachine, { gameId }), events);
  const paths = model.getSimplePaths();
  testEveryPath(paths, () => {
    const check = startCheck(gameId);
    const answer = answerLatest(check.calls);
    const wait = waitFor(check.clock, 2000);
    return {
      events: {
        ...each(outcomesOf('checkGameMaster'), answer),
        ...each(
          [
            'xstate.after.redirectHome.adminPermissionCheck.denied',
            'xstate.after.redirectHome.adminPermissionCheck.noGame',
          ],
          wait,
        ),
      },
      states: inSameState(check.actor, {
        checking: () => expect(check.calls.map((call) => call.input)).toEqual([{ gameId: 'G1' }]),
        granted: () => expect(check.actor.getSnapshot().context.gameName).toBe('Les Terres Brisées'),
        denied: () => expect(check.actor.getSnapshot().context.refusal).toMatch(/autorisé|non trouvée/),
        noGame: () => expect(check.calls).toHaveLength(0),
        leaving: () => expect(check.actor.getSnapshot().status).toBe('done'),
      }),
    };
  });

  if (gameId !== null) {
    it('reaches every state but the missing-game one', () => {
      expect(visitedStates(paths)).toEqual(['checking', 'denied', 'granted', 'leaving']);
    });
  }
});

describe('admin permission check', () => {
  it('shows the spec refusal when the server gives no text, and waits before going home', async () => {
    const check = startCheck('G1');
    check.calls[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(check.actor.getSnapshot().context.refusal).toBe(
      "Vous n'êtes pas autorisé à accéder à cette partie...",
    );
    check.clock.increment(1999);
    expect(check.actor.getSnapshot().value).toBe('denied');
    check.clock.increment(1);
    expect(check.actor.getSnapshot().value).toBe('leaving');
  });

  it('stays on the page once granted, knowing the game by name', async () => {
    const check = startCheck('G1');
    check.calls[0]!.resolve(asMaster);
    await settle();
    check.clock.increment(10_000);
    expect(check.actor.getSnapshot().value).toBe('granted');
    expect(check.actor.getSnapshot().context.gameName).toBe('Les Terres Brisées');
  });

  it('turns away a reader who is not the game’s master, admin or player, though the server lets them read it', async () => {
    const check = startCheck('G1');
    check.calls[0]!.resolve(asAdmin);
    await settle();
    expect(check.actor.getSnapshot().value).toBe('denied');
    expect(check.actor.getSnapshot().context).toMatchObject({
      refusal: "Vous n'êtes pas autorisé à accéder à cette partie...",
      gameName: null,
    });
  });
});
