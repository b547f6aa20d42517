import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromEventObservable,
  fromPromise,
  type AnyEventObject,
  type NonReducibleUnknown,
} from 'xstate';
import type { RegisterResponse, SessionTokens } from '../../src/api/schemas/auth';
import type { LoginRequest, RegisterRequest } from '../../src/api/schemas/auth-requests';
import type { SessionUser } from '../../src/domain/roles';
import {
  authFailures,
  authMachine,
  isSessionRefusal,
  type StoredTokenFact,
} from '../../src/machines/auth.machine';
import { each, inSameState, outcomesOf, testEveryPath } from '../helpers/every-path';
import { sendTo } from '../helpers/fake-effects';
import { deferred, modelOf, settle, visitedStates, type Pending } from '../helpers/machine-model';
import { credentialsStoredIn } from '../helpers/stored-credentials';

const ana: SessionUser = {
  id: 'u-1',
  email: 'ana@example.test',
  role: 'player',
  displayName: 'Ana',
  token: 'jwt-ana',
};
/** Ana again after a renewal; the new token also carries a new name. */
const anaRenewed: SessionUser = { ...ana, displayName: 'Anabelle', token: 'jwt-ana-2' };
const bea: SessionUser = {
  id: 'u-2',
  email: 'bea@example.test',
  role: 'admin',
  displayName: 'Bea',
  token: 'jwt-bea',
};

const anaTokens: SessionTokens = { token: 'jwt-ana', refreshToken: 'refresh-ana', userId: 'u-1' };
const registered: RegisterResponse = { message: 'Compte créé', ...anaTokens };
const registeredWithoutToken: RegisterResponse = { message: 'Vérifiez votre boîte mail', userId: 'u-1' };

/** What the REST client throws for an answer `{ error }`. */
const serverRefusal = (status: number, error: string) => ({ status, message: error, body: { error } });
const networkFailure = new TypeError('Failed to fetch');
/** What the browser effect throws when nothing readable is stored. */
const nothingStored = Object.assign(new Error('Jeton de session illisible'), { name: 'UnreadableToken' });

const registration = { email: 'ana@example.test', password: 'secret-123', confirmPassword: 'secret-123' };

const modelEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.verification', output: ana },
  { type: 'xstate.error.actor.verification', error: serverRefusal(401, 'Session invalide ou expirée') },
  { type: 'xstate.error.actor.verification', error: networkFailure },
  { type: 'auth.login', email: 'ana@example.test', password: 'secret-123' },
  { type: 'xstate.done.actor.login', output: anaTokens },
  { type: 'xstate.error.actor.login', error: serverRefusal(401, 'Email ou mot de passe incorrect') },
  { type: 'xstate.error.actor.login', error: networkFailure },
  { type: 'auth.register', ...registration, displayName: '  Ana  ' },
  { type: 'auth.register', ...registration, confirmPassword: 'autre-chose', displayName: 'Ana' },
  { type: 'auth.register', ...registration, displayName: '   ' },
  { type: 'auth.register', ...registration, displayName: 'Onze-lettre' },
  { type: 'xstate.done.actor.registration', output: registered },
  { type: 'xstate.done.actor.registration', output: registeredWithoutToken },
  {
    type: 'xstate.error.actor.registration',
    error: serverRefusal(409, 'Cette adresse e-mail est déjà utilisée'),
  },
  { type: 'xstate.error.actor.registration', error: networkFailure },
  { type: 'auth.logout' },
  { type: 'auth.feedback.dismiss' },
  { type: 'auth.tokens.received', token: 'jwt-bea', refreshToken: 'refresh-bea' },
  { type: 'token.replaced', user: anaRenewed },
  { type: 'token.replaced', user: bea },
  { type: 'token.removed' },
];

type CallName = 'verify session' | 'log in' | 'register';

/** The auth machine on fake effects: calls answered by the test, storage as a map. */
function startAuth(
  storedBefore: Record<string, string> = { jwt: 'jwt-old', userId: 'u-0', displayName: 'Ancien' },
) {
  const stored = new Map(Object.entries(storedBefore));
  const storedToken = new Subject<StoredTokenFact>();
  const calls: Record<CallName, Pending<unknown>[]> = { 'verify session': [], 'log in': [], register: [] };
  const endedSessions: Array<string | undefined> = [];
  /** How each session check ended, in order. */
  const verifications: Array<'accepted' | 'refused' | 'unanswered'> = [];

  const answeredByTest = <T, I = NonReducibleUnknown>(name: CallName) =>
    fromPromise<T, I>(({ input }) => {
      const call = deferred<T>(input);
      calls[name].push(call as Pending<unknown>);
      return call.promise;
    });

  const actor = createActor(
    authMachine.provide({
      actors: {
        'verify session': answeredByTest<SessionUser>('verify session'),
        'log in': answeredByTest<SessionTokens, LoginRequest>('log in'),
        register: answeredByTest<RegisterResponse, RegisterRequest>('register'),
        'end server session': fromPromise(async ({ input }: { input: { token: string | undefined } }) => {
          endedSessions.push(input.token);
        }),
        'watch stored token': fromEventObservable(() => storedToken),
      },
      actions: credentialsStoredIn(stored),
    }),
  ).start();

  const lastCall = (name: CallName) => calls[name].at(-1)!;
  /** Answers the latest call to an effect, then lets the machine hear of it. */
  const answer = async (name: CallName, outcome: { output: unknown } | { error: unknown }) => {
    if (name === 'verify session')
      verifications.push(
        'output' in outcome ? 'accepted' : isSessionRefusal(outcome.error) ? 'refused' : 'unanswered',
      );
    if ('output' in outcome) lastCall(name).resolve(outcome.output);
    else lastCall(name).reject(outcome.error);
    await settle();
  };
  return { actor, stored, storedToken, calls, endedSessions, verifications, lastCall, answer };
}

type Auth = ReturnType<typeof startAuth>;

describe('auth: shortest paths to every state', () => {
  const paths = modelOf(authMachine, modelEvents).getShortestPaths();

  testEveryPath(paths, () => {
    const auth = startAuth();
    const fact = ({ event }: { event: AnyEventObject }) => auth.storedToken.next(event as StoredTokenFact);
    const outcome =
      (name: CallName) =>
      ({ event }: { event: AnyEventObject }) =>
        auth.answer(name, 'output' in event ? { output: event.output } : { error: event.error });
    return {
      events: {
        ...each(
          ['auth.login', 'auth.register', 'auth.logout', 'auth.feedback.dismiss', 'auth.tokens.received'],
          sendTo(auth.actor),
        ),
        ...each(['token.replaced', 'token.removed'], fact),
        ...each(outcomesOf('verification'), outcome('verify session')),
        ...each(outcomesOf('login'), outcome('log in')),
        ...each(outcomesOf('registration'), outcome('register')),
      },
      states: inSameState(auth.actor, {
        loading: () => {
          expect(auth.calls['verify session']).toHaveLength(1);
          expect(auth.actor.getSnapshot().hasTag('busy')).toBe(true);
        },
        unauthenticated: () => {
          expect(auth.actor.getSnapshot().context.user).toBeNull();
          // A session token stays only when the last check got no answer: nothing refused it.
          if (auth.stored.has('jwt')) expect(auth.verifications.at(-1)).toBe('unanswered');
        },
        loggingIn: () => {
          expect(auth.lastCall('log in').input).toEqual({
            email: 'ana@example.test',
            password: 'secret-123',
          });
        },
        registering: () => {
          expect(auth.lastCall('register').input).toEqual({
            email: 'ana@example.test',
            password: 'secret-123',
            displayName: 'Ana',
          });
        },
        verifying: () => {
          expect(auth.actor.getSnapshot().hasTag('busy')).toBe(true);
          expect(auth.calls['verify session'].length).toBeGreaterThan(0);
        },
        authenticated: () => {
          const { user } = auth.actor.getSnapshot().context;
          expect(user).not.toBeNull();
          expect(auth.stored.get('userId')).toBe(user?.id);
          expect(auth.stored.get('displayName')).toBe(user?.displayName);
        },
      }),
    };
  });

  it('visits every state of the machine', () => {
    expect(visitedStates(paths)).toEqual(Object.keys(authMachine.root.states).sort());
  });
});

async function signedIn(storedBefore?: Record<string, string>): Promise<Auth> {
  const auth = startAuth(storedBefore);
  await auth.answer('verify session', { output: ana });
  return auth;
}

async function signedOut(): Promise<Auth> {
  const auth = startAuth({});
  await auth.answer('verify session', { error: nothingStored });
  return auth;
}

describe('auth: start', () => {
  it('keeps a stored session the server accepts, and stores its id and name', async () => {
    const auth = await signedIn();
    expect(auth.actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(auth.actor.getSnapshot().context.user).toEqual(ana);
    expect(auth.stored.get('userId')).toBe('u-1');
    expect(auth.stored.get('displayName')).toBe('Ana');
  });

  it('removes the stored token, user id and name when the server refuses them, keeping no error on screen', async () => {
    const auth = startAuth({
      jwt: 'jwt-old',
      userId: 'u-0',
      displayName: 'Ancien',
      refresh_token: 'refresh-old',
    });
    await auth.answer('verify session', { error: serverRefusal(401, 'Session invalide ou expirée') });
    expect(auth.actor.getSnapshot().value).toBe('unauthenticated');
    expect(Object.fromEntries(auth.stored)).toEqual({ refresh_token: 'refresh-old' });
    expect(auth.actor.getSnapshot().context.authError).toBeNull();
  });

  it('keeps the stored session when the check gets no answer (network cut, page left meanwhile)', async () => {
    const auth = startAuth();
    await auth.answer('verify session', { error: networkFailure });
    expect(auth.actor.getSnapshot().value).toBe('unauthenticated');
    expect(Object.fromEntries(auth.stored)).toEqual({ jwt: 'jwt-old', userId: 'u-0', displayName: 'Ancien' });
  });

  it('keeps tokens just received when their check is interrupted, and removes them when refused', async () => {
    const interrupted = await signedOut();
    interrupted.actor.send({ type: 'auth.tokens.received', token: 'jwt-bea', refreshToken: 'refresh-bea' });
    await interrupted.answer('verify session', { error: new DOMException('Aborted', 'AbortError') });
    expect(interrupted.actor.getSnapshot().value).toBe('unauthenticated');
    expect(interrupted.stored.get('jwt')).toBe('jwt-bea');

    const refused = await signedOut();
    refused.actor.send({ type: 'auth.tokens.received', token: 'jwt-bea', refreshToken: 'refresh-bea' });
    await refused.answer('verify session', { error: serverRefusal(401, 'Session invalide ou expirée') });
    expect(refused.stored.has('jwt')).toBe(false);
  });

  it('lets pages that call with the session wait until the stored one is read', async () => {
    const auth = startAuth();
    expect(auth.actor.getSnapshot().hasTag('reading session')).toBe(true);
    await auth.answer('verify session', { error: networkFailure });
    expect(auth.actor.getSnapshot().hasTag('reading session')).toBe(false);
  });
});

describe('auth: login', () => {
  it('stores both tokens, checks them again, then signs in', async () => {
    const auth = await signedOut();
    auth.actor.send({ type: 'auth.login', email: 'ana@example.test', password: 'secret-123' });
    await auth.answer('log in', { output: anaTokens });
    expect(auth.actor.getSnapshot().value).toBe('verifying');
    expect(auth.stored.get('jwt')).toBe('jwt-ana');
    expect(auth.stored.get('refresh_token')).toBe('refresh-ana');
    await auth.answer('verify session', { output: ana });
    expect(auth.actor.getSnapshot().value).toBe('authenticated');
  });

  it("shows the server's text when the server refuses", async () => {
    const auth = await signedOut();
    auth.actor.send({ type: 'auth.login', email: 'ana@example.test', password: 'faux' });
    await auth.answer('log in', { error: serverRefusal(401, 'Email ou mot de passe incorrect') });
    expect(auth.actor.getSnapshot().value).toBe('unauthenticated');
    expect(auth.actor.getSnapshot().context.authError).toBe('Email ou mot de passe incorrect');
  });

  it("shows 'Échec de la connexion' when the server gives no text", async () => {
    const auth = await signedOut();
    auth.actor.send({ type: 'auth.login', email: 'ana@example.test', password: 'secret-123' });
    await auth.answer('log in', { error: networkFailure });
    expect(auth.actor.getSnapshot().context.authError).toBe('Échec de la connexion');
    expect(authFailures.login).toBe('Échec de la connexion');
  });

  it('clears the previous error on the next attempt', async () => {
    const auth = await signedOut();
    auth.actor.send({ type: 'auth.login', email: 'ana@example.test', password: 'faux' });
    await auth.answer('log in', { error: networkFailure });
    auth.actor.send({ type: 'auth.login', email: 'ana@example.test', password: 'secret-123' });
    expect(auth.actor.getSnapshot().context.authError).toBeNull();
  });
});

describe('auth: registration', () => {
  const refusedWith = async (fields: Partial<typeof registration> & { displayName: string }) => {
    const auth = await signedOut();
    auth.actor.send({ type: 'auth.register', ...registration, ...fields });
    return auth;
  };

  it('refuses mismatched passwords without calling the server', async () => {
    const auth = await refusedWith({ confirmPassword: 'autre-chose', displayName: 'Ana' });
    expect(auth.actor.getSnapshot().context.authError).toBe('Les mots de passe ne correspondent pas.');
    expect(auth.calls.register).toHaveLength(0);
  });

  it('refuses a blank display name', async () => {
    const auth = await refusedWith({ displayName: '   ' });
    expect(auth.actor.getSnapshot().context.authError).toBe("Le nom d'affichage est requis.");
    expect(auth.calls.register).toHaveLength(0);
  });

  it('refuses an 11-character display name', async () => {
    const auth = await refusedWith({ displayName: 'Onze-lettre' });
    expect(auth.actor.getSnapshot().context.authError).toBe(
      "Le nom d'affichage ne peut pas dépasser 10 caractères.",
    );
    expect(auth.calls.register).toHaveLength(0);
  });

  it('checks the passwords before the name', async () => {
    const auth = await refusedWith({ confirmPassword: 'autre-chose', displayName: '' });
    expect(auth.actor.getSnapshot().context.authError).toBe('Les mots de passe ne correspondent pas.');
  });

  it('sends the trimmed name, shows the success message and logs in with the returned token', async () => {
    const auth = await refusedWith({ displayName: ' Ana ' });
    expect(auth.lastCall('register').input).toEqual({
      email: 'ana@example.test',
      password: 'secret-123',
      displayName: 'Ana',
    });
    await auth.answer('register', { output: registered });
    expect(auth.actor.getSnapshot().context.registrationMessage).toBe('Compte créé');
    expect(auth.stored.get('jwt')).toBe('jwt-ana');
    await auth.answer('verify session', { output: ana });
    expect(auth.actor.getSnapshot().value).toBe('authenticated');
  });

  it('keeps the success message once signed in by it, until it is read or the user leaves', async () => {
    const auth = await refusedWith({ displayName: 'Ana' });
    await auth.answer('register', { output: registered });
    await auth.answer('verify session', { output: ana });
    expect(auth.actor.getSnapshot().value).toBe('authenticated');
    expect(auth.actor.getSnapshot().context.registrationMessage).toBe('Compte créé');
    auth.actor.send({ type: 'auth.feedback.dismiss' });
    expect(auth.actor.getSnapshot().context.registrationMessage).toBeNull();

    const leaving = await refusedWith({ displayName: 'Ana' });
    await leaving.answer('register', { output: registered });
    await leaving.answer('verify session', { output: ana });
    leaving.actor.send({ type: 'auth.logout' });
    expect(leaving.actor.getSnapshot().context.registrationMessage).toBeNull();
  });

  it('stays signed out with the message when no token comes back', async () => {
    const auth = await refusedWith({ displayName: 'Ana' });
    await auth.answer('register', { output: registeredWithoutToken });
    expect(auth.actor.getSnapshot().value).toBe('unauthenticated');
    expect(auth.actor.getSnapshot().context.registrationMessage).toBe('Vérifiez votre boîte mail');
  });

  it("shows the server's text, or 'Échec de l'inscription'", async () => {
    const auth = await refusedWith({ displayName: 'Ana' });
    await auth.answer('register', { error: serverRefusal(409, 'Cette adresse e-mail est déjà utilisée') });
    expect(auth.actor.getSnapshot().context.authError).toBe('Cette adresse e-mail est déjà utilisée');
    auth.actor.send({ type: 'auth.register', ...registration, displayName: 'Ana' });
    await auth.answer('register', { error: networkFailure });
    expect(auth.actor.getSnapshot().context.authError).toBe("Échec de l'inscription");
  });
});

describe('auth: logout and other tabs', () => {
  it('forgets the user and all four stored values at once, and tells the server with the old token', async () => {
    const auth = await signedIn({ jwt: 'jwt-ana', refresh_token: 'refresh-ana' });
    auth.actor.send({ type: 'auth.logout' });
    expect(auth.actor.getSnapshot().value).toBe('unauthenticated');
    expect(auth.actor.getSnapshot().context.user).toBeNull();
    expect(auth.stored.size).toBe(0);
    await settle();
    expect(auth.endedSessions).toEqual(['jwt-ana']);
  });

  it('signs out when another tab logs out', async () => {
    const auth = await signedIn();
    auth.storedToken.next({ type: 'token.removed' });
    expect(auth.actor.getSnapshot().value).toBe('unauthenticated');
    expect(auth.actor.getSnapshot().context.user).toBeNull();
  });

  it('takes a renewed token (and the name it carries) without checking it again', async () => {
    const auth = await signedIn();
    auth.storedToken.next({ type: 'token.replaced', user: anaRenewed });
    expect(auth.actor.getSnapshot().value).toBe('authenticated');
    expect(auth.actor.getSnapshot().context.user).toEqual(anaRenewed);
    expect(auth.stored.get('displayName')).toBe('Anabelle');
    expect(auth.calls['verify session']).toHaveLength(1);
  });

  it("checks another account's token before showing it", async () => {
    const auth = await signedIn();
    auth.storedToken.next({ type: 'token.replaced', user: bea });
    expect(auth.actor.getSnapshot().value).toBe('verifying');
    await auth.answer('verify session', { output: bea });
    expect(auth.actor.getSnapshot().context.user).toEqual(bea);
  });

  it('signs in when another tab does', async () => {
    const auth = await signedOut();
    auth.storedToken.next({ type: 'token.replaced', user: ana });
    await auth.answer('verify session', { output: ana });
    expect(auth.actor.getSnapshot().value).toBe('authenticated');
  });

  it('stores tokens handed over by the callback route and checks them', async () => {
    const auth = await signedOut();
    auth.actor.send({ type: 'auth.tokens.received', token: 'jwt-bea', refreshToken: 'refresh-bea' });
    expect(auth.stored.get('jwt')).toBe('jwt-bea');
    expect(auth.stored.get('refresh_token')).toBe('refresh-bea');
    expect(auth.actor.getSnapshot().value).toBe('verifying');
  });
});
