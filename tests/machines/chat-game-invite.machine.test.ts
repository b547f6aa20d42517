import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import type { GameSummary } from '../../src/api/schemas/games';
import {
  chatGameInviteMachine,
  chatInviteTexts,
  RELOAD_AFTER_INVITE_MS,
} from '../../src/machines/chat-game-invite.machine';
import { each, everyTransition, itVisitsEveryState, outcomesOf, testEveryPath } from '../helpers/every-path';
import { answerLatest, pendingCalls, sendTo } from '../helpers/fake-effects';
import { expectSameState, settle, type Pending } from '../helpers/machine-model';

const game: GameSummary = {
  id: 'ABCDEFGH',
  name: 'La Tour',
  mjUserId: 'me',
  mjDisplayName: 'Maître',
  lastConnectionAt: null,
  lastConnectionFormatted: 'Jamais',
  connectedPlayersCount: 0,
};
const refusal = (status: number, error: string) => ({ status, message: error, body: { error } });

/** Each refusal of the invitation, with the text platform.md §8 gives it. */
const inviteRefusals = [
  {
    error: refusal(400, 'Une invitation est déjà en attente pour ce joueur.'),
    text: 'Ce joueur a déjà reçu une invitation pour cette partie. Veuillez attendre sa réponse.',
  },
  {
    error: refusal(400, 'Ce joueur fait déjà partie de la partie.'),
    text: "Erreur lors de l'envoi de l'invitation : Ce joueur fait déjà partie de la partie.",
  },
  {
    error: refusal(403, 'Interdit'),
    text: "Vous n'êtes pas autorisé à inviter des joueurs dans cette partie.",
  },
  { error: refusal(404, 'Absente'), text: 'Partie non trouvée.' },
];
const loadRefusal = { error: new TypeError('Failed to fetch'), text: chatInviteTexts.loadFailed };

const afterReload = { type: 'xstate.after.reloadAfterInvite.chatGameInvite.sent' };
const intents: AnyEventObject[] = [
  { type: 'invite.open' },
  { type: 'invite.pick', gameId: game.id },
  { type: 'invite.cancel' },
];

/** Intents everywhere (to see them ignored); a call's outcome only while it runs; the timer in `sent`. */
const modelEvents = (snapshot: { value: unknown }): AnyEventObject[] => {
  switch (snapshot.value) {
    case 'loadingGames':
      return [
        ...intents,
        { type: 'xstate.done.actor.games', output: [game] },
        { type: 'xstate.done.actor.games', output: [] },
        { type: 'xstate.error.actor.games', error: loadRefusal.error },
      ];
    case 'sending':
      return [
        ...intents,
        { type: 'xstate.done.actor.invite', output: undefined },
        ...inviteRefusals.map(({ error }) => ({ type: 'xstate.error.actor.invite', error })),
      ];
    case 'sent':
      return [...intents, afterReload];
    default:
      return intents;
  }
};

const input = { friendId: 'friend-1' };

function startInvite() {
  const clock = new SimulatedClock();
  const loads: Pending<GameSummary[]>[] = [];
  const invites: Pending<void>[] = [];
  let reloads = 0;
  const actor = createActor(
    chatGameInviteMachine.provide({
      actors: {
        'load my games': pendingCalls(loads),
        'invite player': pendingCalls<void, { gameId: string; playerId: string }>(invites),
      },
      actions: { 'reload the chat': () => void reloads++ },
    }),
    { input, clock },
  ).start();
  return { actor, clock, loads, invites, reloads: () => reloads };
}

const textOf = (error: unknown) =>
  [...inviteRefusals, loadRefusal].find((refused) => refused.error === error)!.text;

describe('chat game invitation: every transition', () => {
  const paths = everyTransition(chatGameInviteMachine, modelEvents, input);

  itVisitsEveryState(paths, chatGameInviteMachine);

  testEveryPath(paths, () => {
    const c = startInvite();
    let lastFailure: string | null = null;
    let sentCount = 0;
    const answer = (calls: Array<Pending<never>>) => {
      const settleCall = answerLatest(calls);
      return (step: { event: AnyEventObject }) => {
        if (step.event.type.startsWith('xstate.error')) lastFailure = textOf(step.event.error);
        else if (step.event.type === 'xstate.done.actor.invite') sentCount++;
        return settleCall(step);
      };
    };
    return {
      events: {
        ...each(['invite.open', 'invite.pick', 'invite.cancel'], sendTo(c.actor)),
        ...each(outcomesOf('games'), answer(c.loads as never)),
        ...each(outcomesOf('invite'), answer(c.invites as never)),
        [afterReload.type]: () => {
          c.clock.increment(RELOAD_AFTER_INVITE_MS - 1);
          // Not a moment before the 2 s.
          expect(c.actor.getSnapshot().value).toBe('sent');
          c.clock.increment(1);
        },
      },
      states: {
        '*': (expected) => expectSameState(c.actor, expected as never),
        // Only a sent invitation reloads the chat, once its 2 s are over.
        idle: () => {
          expect(c.actor.getSnapshot().context.failure).toBeNull();
          expect(c.reloads()).toBeLessThanOrEqual(sentCount);
        },
        loadingGames: () => {
          expect(c.actor.getSnapshot().hasTag('busy')).toBe(true);
          expect(c.actor.getSnapshot().context.failure).toBeNull();
        },
        // The view says 'Aucune partie active': nothing to pick from.
        noGames: () => expect(c.actor.getSnapshot().context.games).toEqual([]),
        choosing: () => expect(c.actor.getSnapshot().context.games).toEqual([game]),
        // The same call as the lobby's, for the friend of this chat and the game picked.
        sending: () => {
          expect(c.actor.getSnapshot().hasTag('busy')).toBe(true);
          expect(c.invites.at(-1)!.input).toEqual({ gameId: game.id, playerId: 'friend-1' });
        },
        sent: () => {
          expect(c.actor.getSnapshot().context.failure).toBeNull();
          expect(c.reloads()).toBe(sentCount - 1);
        },
        failed: () => expect(c.actor.getSnapshot().context.failure).toBe(lastFailure),
      },
    };
  });
});

describe('chat game invitation', () => {
  it('reloads the chat 2 s after the invitation went out, then offers the action again', async () => {
    const c = startInvite();
    c.actor.send({ type: 'invite.open' });
    c.loads[0]!.resolve([game]);
    await settle();
    c.actor.send({ type: 'invite.pick', gameId: game.id });
    c.invites[0]!.resolve();
    await settle();
    expect(c.actor.getSnapshot().value).toBe('sent');
    expect(chatInviteTexts.sent).toBe('Invitation envoyée avec succès !');
    c.clock.increment(RELOAD_AFTER_INVITE_MS);
    expect(c.reloads()).toBe(1);
    expect(c.actor.getSnapshot().value).toBe('idle');
  });
});
