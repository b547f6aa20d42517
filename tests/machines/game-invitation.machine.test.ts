import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import type { GameInvitation } from '../../src/api/schemas/game-invitations';
import {
  gameInvitationMachine,
  invitationTexts,
  type GameInvitationEvent,
  type InvitationSide,
} from '../../src/machines/game-invitation.machine';
import { deferred, expectSameState, modelOf, settle, type Pending } from '../helpers/machine-model';

const pending: GameInvitation = {
  id: 'inv-1',
  gameId: 'ABCDEFGH',
  fromUserId: 'mj',
  toUserId: 'ana',
  status: 'pending',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  game: { id: 'ABCDEFGH', name: 'La Tour', mjDisplayName: 'Maître' },
  toUser: { id: 'ana', display_name: 'Ana' },
};
const withStatus = (status: GameInvitation['status']) => ({ ...pending, status });
const refusal = (status: number, error: string) => ({ status, message: error, body: { error } });

const moves = ['accept', 'decline', 'revoke', 'kick', 'leave'] as const;
type Move = (typeof moves)[number];
const effectOf: Record<Move, string> = {
  accept: 'accept invitation',
  decline: 'decline invitation',
  revoke: 'revoke invitation',
  kick: 'kick player',
  leave: 'leave game',
};

const allEvents: AnyEventObject[] = [
  ...moves.map((move) => ({ type: `invitation.${move}` })),
  ...moves.map((move) => ({ type: `xstate.done.actor.${move}`, output: undefined })),
  { type: 'xstate.error.actor.accept', error: refusal(500, 'Panne') },
  { type: 'xstate.error.actor.decline', error: new TypeError('Failed to fetch') },
  { type: 'xstate.error.actor.revoke', error: refusal(403, 'Interdit') },
  { type: 'xstate.error.actor.revoke', error: refusal(404, 'Absente') },
  { type: 'xstate.error.actor.revoke', error: refusal(500, 'Panne') },
  { type: 'xstate.error.actor.kick', error: new TypeError('Failed to fetch') },
  {
    type: 'xstate.error.actor.leave',
    error: refusal(403, "Vous n'êtes pas autorisé à accéder à cette partie..."),
  },
  { type: 'invitation.updated', invitation: withStatus('accepted') },
  { type: 'invitation.updated', invitation: withStatus('kicked') },
  { type: 'invitation.updated', invitation: withStatus('revoked') },
];

/** Without a lobby around it: the graph walk runs the actions, and there is no parent to tell. */
const alone = gameInvitationMachine.provide({ actions: { 'tell the lobby': () => {} } });

const busyStates: Record<Move, string> = {
  accept: 'accepting',
  decline: 'declining',
  revoke: 'revoking',
  kick: 'kicking',
  leave: 'leaving',
};

/** Intents and news everywhere (to see them refused or ignored); a call's outcome only while it runs. */
const events = (snapshot: { matches(state: string): boolean }) =>
  allEvents.filter((event) => {
    const move = moves.find((name) => event.type.endsWith(`.actor.${name}`));
    return move === undefined || snapshot.matches(busyStates[move]);
  });

function startInvitation(side: InvitationSide) {
  const calls: Record<string, Pending<unknown>[]> = {};
  const told: GameInvitation[] = [];
  const answeredByTest = (name: string) =>
    fromPromise(({ input }) => {
      const call = deferred<unknown>(input);
      (calls[name] ??= []).push(call);
      return call.promise;
    });
  const actor = createActor(
    gameInvitationMachine.provide({
      actors: Object.fromEntries(
        moves.map((move) => [effectOf[move], answeredByTest(effectOf[move])]),
      ) as never,
      actions: { 'tell the lobby': ({ context }) => void told.push(context.invitation) },
    }),
    { input: { invitation: pending, side } },
  ).start();
  return { actor, calls, told };
}

describe.each(['invitee', 'gameMaster'] as const)('game invitation seen by the %s', (side) => {
  const paths = modelOf(alone, events, { invitation: pending, side }).getShortestPaths();
  const busyOf: Record<'accepting' | 'declining' | 'revoking' | 'kicking' | 'leaving', Move> = {
    accepting: 'accept',
    declining: 'decline',
    revoking: 'revoke',
    kicking: 'kick',
    leaving: 'leave',
  };

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, calls, told } = startInvitation(side);
      const send = ({ event }: { event: AnyEventObject }) => void actor.send(event as GameInvitationEvent);
      const outcome =
        (move: Move) =>
        async ({ event }: { event: AnyEventObject }) => {
          const call = calls[effectOf[move]]!.at(-1)!;
          if (event.type.startsWith('xstate.done')) call.resolve(event.output);
          else call.reject(event.error);
          await settle();
        };
      const check = (expected: Parameters<typeof expectSameState>[1]) => {
        expectSameState(actor, expected);
        const snapshot = actor.getSnapshot();
        const { status } = snapshot.context.invitation;
        const busy = (Object.entries(busyOf) as Array<[keyof typeof busyOf, Move]>).find(([state]) =>
          snapshot.matches(state),
        );
        if (busy) {
          expect(snapshot.hasTag('busy')).toBe(true);
          // Only the side the move belongs to ever starts it.
          expect(['accept', 'decline', 'leave'].includes(busy[1])).toBe(side === 'invitee');
        } else {
          expect(snapshot.matches(status as GameInvitation['status'])).toBe(true);
        }
      };
      await path.test({
        events: {
          ...Object.fromEntries(moves.map((move) => [`invitation.${move}`, send])),
          ...Object.fromEntries(moves.map((move) => [`xstate.done.actor.${move}`, outcome(move)])),
          ...Object.fromEntries(moves.map((move) => [`xstate.error.actor.${move}`, outcome(move)])),
          'invitation.updated': send,
        },
        states: { '*': check },
      });
      // The lobby hears of each successful move, with the status it reached.
      for (const invitation of told)
        expect(['accepted', 'declined', 'revoked', 'kicked', 'left']).toContain(invitation.status);
    });
  }
});

describe('game invitation texts', () => {
  it('says the spec texts for each outcome', async () => {
    const mj = startInvitation('gameMaster');
    const failRevoke = async (error: unknown) => {
      mj.actor.send({ type: 'invitation.revoke' });
      mj.calls['revoke invitation']!.at(-1)!.reject(error);
      await settle();
      return mj.actor.getSnapshot().context.feedback?.text;
    };
    expect(await failRevoke(refusal(403, 'x'))).toBe("Vous n'êtes pas autorisé à révoquer cette invitation.");
    expect(await failRevoke(refusal(404, 'x'))).toBe('Invitation non trouvée ou déjà traitée.');
    expect(await failRevoke(new TypeError('Failed to fetch'))).toBe(
      "Erreur lors de la révocation de l'invitation",
    );
    mj.actor.send({ type: 'invitation.revoke' });
    mj.calls['revoke invitation']!.at(-1)!.resolve(undefined);
    await settle();
    expect(mj.actor.getSnapshot().context.feedback).toEqual({
      tone: 'success',
      text: invitationTexts.revoked,
    });
    expect(mj.told.map((i) => i.status)).toEqual(['revoked']);

    const ana = startInvitation('invitee');
    ana.actor.send({ type: 'invitation.accept' });
    ana.calls['accept invitation']!.at(-1)!.resolve(undefined);
    await settle();
    expect(ana.actor.getSnapshot().context.feedback?.text).toBe(
      'Invitation acceptée ! Vous avez rejoint la partie.',
    );
    ana.actor.send({ type: 'invitation.leave' });
    ana.calls['leave game']!.at(-1)!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(ana.actor.getSnapshot().value).toBe('accepted');
    expect(ana.actor.getSnapshot().context.feedback?.text).toBe('Erreur lors du départ de la partie');
    // The MJ's kick, pushed by the server, makes the last message stale.
    ana.actor.send({ type: 'invitation.updated', invitation: withStatus('kicked') });
    expect(ana.actor.getSnapshot().value).toBe('kicked');
    expect(ana.actor.getSnapshot().context.feedback).toBeNull();
  });
});
