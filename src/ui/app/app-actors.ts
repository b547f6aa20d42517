import {
  distinctUntilChanged,
  from,
  map,
  pairwise,
  startWith,
  type Observable,
  type Subscription,
} from 'rxjs';
import { createActor, type ActorRefFrom, type InspectionEvent } from 'xstate';
import type { SessionUser } from '../../domain/roles';
import type { SocketFact } from '../../effects/socket';
import { authMachine } from '../../machines/auth.machine';
import { modeChoiceMachine } from '../../machines/mode-choice.machine';
import { socketConnectionMachine } from '../../machines/socket-connection.machine';

export type Inspect = (event: InspectionEvent) => void;

/** The outside world the app's long-lived actors run against: the browser's, or a test's fakes. */
export interface AppEffects {
  auth: Parameters<typeof authMachine.provide>[0];
  modeChoice: Parameters<typeof modeChoiceMachine.provide>[0];
  socket: {
    facts$: Observable<SocketFact>;
    emit(event: string, payload?: unknown): boolean;
    request(event: string, payload: unknown): Promise<unknown>;
    machineEffects: Parameters<typeof socketConnectionMachine.provide>[0];
  };
}

export interface AppActors {
  auth: ActorRefFrom<typeof authMachine>;
  socket: ActorRefFrom<typeof socketConnectionMachine>;
  modeChoice: ActorRefFrom<typeof modeChoiceMachine>;
  /** Every server event and connection fact of the app's socket, across reconnects and logins. */
  socketFacts$: Observable<SocketFact>;
  /** Emits on the open socket; false when none is open. */
  emitToSocket(event: string, payload?: unknown): boolean;
  /** Emits with an acknowledgement and resolves with the server's answer (rejects without a socket). */
  requestOnSocket(event: string, payload: unknown): Promise<unknown>;
  /** Pass it to every actor a screen creates, so the inspector and the dev journal see it too. */
  inspect: Inspect | undefined;
  stop(): void;
}

/**
 * The socket is open exactly while someone is signed in and follows their token; the mode choice
 * belongs to that someone: it recalls their last part when they arrive and is dropped when they
 * leave.
 */
function followSession(
  auth: AppActors['auth'],
  socket: AppActors['socket'],
  modeChoice: AppActors['modeChoice'],
): Subscription {
  return from(auth)
    .pipe(
      map((snapshot) => snapshot.context.user),
      startWith(null),
      distinctUntilChanged(),
      pairwise(),
    )
    .subscribe(([before, after]: [SessionUser | null, SessionUser | null]) => {
      if (before !== null && after !== null && before.id === after.id) {
        if (after.token !== before.token) socket.send({ type: 'session.token.renewed', token: after.token });
        return;
      }
      if (before !== null) {
        socket.send({ type: 'socket.close' });
        modeChoice.send({ type: 'session.ended' });
      }
      if (after !== null) {
        socket.send({ type: 'socket.open' });
        modeChoice.send({ type: 'session.started', userId: after.id });
      }
    });
}

/** The composition root: the app's long-lived actors, given their effects, wired and started. */
export function createAppActors(effects: AppEffects, { inspect }: { inspect?: Inspect } = {}): AppActors {
  const options = inspect ? { inspect } : {};
  const auth = createActor(authMachine.provide(effects.auth), options);
  const socket = createActor(socketConnectionMachine.provide(effects.socket.machineEffects), options);
  const modeChoice = createActor(modeChoiceMachine.provide(effects.modeChoice), options);
  const session = followSession(auth, socket, modeChoice);
  modeChoice.start();
  socket.start();
  auth.start();
  return {
    auth,
    socket,
    modeChoice,
    socketFacts$: effects.socket.facts$,
    emitToSocket: (event, payload) => effects.socket.emit(event, payload),
    requestOnSocket: (event, payload) => effects.socket.request(event, payload),
    inspect,
    stop() {
      session.unsubscribe();
      auth.stop();
      socket.stop();
      modeChoice.stop();
    },
  };
}
