import { finalize, Subject } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import type { RegisterResponse, SessionTokens } from '../../src/api/schemas/auth';
import type { LoginRequest, RegisterRequest } from '../../src/api/schemas/auth-requests';
import type { SessionUser } from '../../src/domain/roles';
import type { PlayerInfo, SocketFact } from '../../src/effects/socket';
import type { StoredTokenFact } from '../../src/machines/auth.machine';
import type { Mode } from '../../src/machines/mode-choice.machine';
import { createAppActors, type AppEffects, type Inspect } from '../../src/ui/app/app-actors';
import { credentialsStoredIn } from '../helpers/stored-credentials';

export const ana: SessionUser = {
  id: 'u-1',
  email: 'ana@example.test',
  role: 'player',
  displayName: 'Ana',
  token: 'jwt-ana',
};
export const anaTokens: SessionTokens = { token: 'jwt-ana', refreshToken: 'refresh-ana', userId: 'u-1' };
export const serverRefusal = (status: number, error: string) => ({ status, message: error, body: { error } });

/** How the fake server answers; anything left out fails like an unreachable server. */
export interface FakeServer {
  verify?: () => Promise<SessionUser>;
  login?: (credentials: LoginRequest) => Promise<SessionTokens>;
  register?: (account: RegisterRequest) => Promise<RegisterResponse>;
}

const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));

/** The app's real actors and wiring (createAppActors) on fake effects, with what they did. */
export function createFakeApp(server: FakeServer = {}, { inspect }: { inspect?: Inspect } = {}) {
  const stored = new Map<string, string>();
  /** The last mode each user chose, as the browser's storage would keep it. */
  const rememberedModes = new Map<string, Mode>();
  const storedToken = new Subject<StoredTokenFact>();
  const socketFacts = new Subject<SocketFact>();
  const record = {
    logins: [] as LoginRequest[],
    registrations: [] as RegisterRequest[],
    endedSessions: [] as Array<string | undefined>,
    socketsOpened: [] as Array<{ player: PlayerInfo | null }>,
    socketsClosed: 0,
    authenticateUser: [] as string[],
  };

  const effects: AppEffects = {
    auth: {
      actors: {
        'verify session': fromPromise(() => (server.verify ?? unreachable)()),
        'log in': fromPromise(({ input }: { input: LoginRequest }) => {
          record.logins.push(input);
          return (server.login ?? unreachable)(input);
        }),
        register: fromPromise(({ input }: { input: RegisterRequest }) => {
          record.registrations.push(input);
          return (server.register ?? unreachable)(input);
        }),
        'end server session': fromPromise(async ({ input }: { input: { token: string | undefined } }) => {
          record.endedSessions.push(input.token);
        }),
        'watch stored token': fromEventObservable(() => storedToken),
      },
      actions: credentialsStoredIn(stored),
    },
    modeChoice: {
      actors: {
        'recall mode': fromPromise(
          async ({ input }: { input: { userId: string } }) => rememberedModes.get(input.userId) ?? null,
        ),
      },
      actions: {
        'remember mode': (_, { userId, mode }) => void rememberedModes.set(userId, mode),
      },
    },
    socket: {
      facts$: socketFacts,
      emit: () => false,
      request: () => Promise.reject(new Error('no socket')),
      machineEffects: {
        actors: {
          'listen to socket': fromEventObservable(({ input }: { input: { player: PlayerInfo | null } }) => {
            record.socketsOpened.push(input);
            return socketFacts.pipe(
              finalize(() => {
                record.socketsClosed += 1;
              }),
            );
          }),
          'renew session': fromPromise<void>(async () => {}),
        },
        actions: {
          'send authenticateUser': (_, { token }) => void record.authenticateUser.push(token),
        },
      },
    },
  };

  const actors = createAppActors(effects, { inspect });
  return { actors, stored, storedToken, socketFacts, record, rememberedModes };
}

export type FakeApp = ReturnType<typeof createFakeApp>;
