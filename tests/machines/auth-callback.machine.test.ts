import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import {
  authCallbackMachine,
  type AuthCallbackEvent,
  type CallbackTokens,
  type OfferedAccount,
} from '../../src/machines/auth-callback.machine';
import { withInput } from '../helpers/machine-input';
import { each, everyTransition, outcomesOf, testEveryPath } from '../helpers/every-path';
import { answerLatest, pendingCalls } from '../helpers/fake-effects';
import { expectSameState, settle, visitedStates, type Pending } from '../helpers/machine-model';

const mallory: OfferedAccount = { displayName: 'Mallory', email: 'mallory@example.test' };
const link = { token: 'jwt-mallory', refreshToken: 'refresh-mallory' };
const refused = { status: 401, message: 'Session invalide ou expirée', body: {} };

/** The callback on fake effects: the server's answer given by the test, and what the page did. */
function startCallback(input: { token: string | null; refreshToken: string | null }) {
  const identifications: Pending<OfferedAccount>[] = [];
  const handed: CallbackTokens[] = [];
  const logged: string[] = [];
  let homes = 0;
  const actor = createActor(
    authCallbackMachine.provide({
      actors: {
        'identify account': pendingCalls<OfferedAccount, CallbackTokens>(identifications),
      },
      actions: {
        'hand tokens to session': (_, tokens) => void handed.push(tokens),
        'log failure': (_, text) => void logged.push(text),
        'go home': () => void (homes += 1),
      },
    }),
    { input },
  ).start();
  return { actor, identifications, handed, logged, homes: () => homes };
}

const answers: AnyEventObject[] = [
  { type: 'xstate.done.actor.identification', output: mallory },
  { type: 'xstate.error.actor.identification', error: refused },
];
const choices: AnyEventObject[] = [{ type: 'callback.accept' }, { type: 'callback.decline' }];

/** The server's answers while it is asked; the visitor's choices then too, to see them ignored. */
const events = (snapshot: { value: unknown }): AnyEventObject[] => {
  switch (snapshot.value) {
    case 'identifying':
      return [...answers, ...choices];
    case 'asking':
      return choices;
    default:
      return [];
  }
};

// A link missing a token goes home at once (no transition to walk): the test after this one.
describe('auth callback, a link with both tokens: every transition', () => {
  const paths = everyTransition(withInput(authCallbackMachine, link), events);
  testEveryPath(paths, (path) => {
    const callback = startCallback(link);
    const answer = answerLatest(callback.identifications);
    return {
      events: {
        ...each(outcomesOf('identification'), answer),
        'callback.accept': ({ event }) => void callback.actor.send(event as AuthCallbackEvent),
        'callback.decline': ({ event }) => void callback.actor.send(event as AuthCallbackEvent),
      },
      states: {
        identifying: (expected) => {
          expectSameState(callback.actor, expected);
          // The server is asked with the link's token; nothing is stored meanwhile.
          expect(callback.identifications.map((call) => call.input)).toEqual([link]);
          expect(callback.handed).toEqual([]);
        },
        asking: (expected) => {
          expectSameState(callback.actor, expected);
          expect(callback.actor.getSnapshot().context.account).toEqual(mallory);
          expect(callback.handed).toEqual([]);
          expect(callback.homes()).toBe(0);
        },
        leaving: (expected) => {
          expectSameState(callback.actor, expected);
          expect(callback.actor.getSnapshot().status).toBe('done');
          expect(callback.homes()).toBe(1);
          // Only a yes to the question hands the tokens over.
          const accepted = path.steps.at(-1)?.event.type === 'callback.accept';
          expect(callback.handed).toEqual(accepted ? [link] : []);
        },
      },
    };
  });

  it('reaches every state', () => {
    expect(visitedStates(paths)).toEqual(['asking', 'identifying', 'leaving']);
  });
});

describe('auth callback', () => {
  it('logs and goes home, asking nobody, when a token is missing or the server refuses them', async () => {
    const incomplete = startCallback({ token: null, refreshToken: 'refresh-mallory' });
    expect(incomplete.logged).toEqual([
      'Retour de connexion incomplet : access_token ou refresh_token manquant',
    ]);
    expect(incomplete.identifications).toEqual([]);
    expect(incomplete.homes()).toBe(1);

    const forged = startCallback(link);
    forged.identifications[0]!.reject(refused);
    await settle();
    expect(forged.logged).toEqual(['Retour de connexion refusé : le serveur ne reconnaît pas ces jetons']);
    expect(forged.handed).toEqual([]);
    expect(forged.homes()).toBe(1);
  });
});
