import { defer, finalize, from, Subject, switchMap, tap, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import type { ConnectSocketOptions, PlayerInfo, SocketConnection, SocketFact } from './socket';
import { afterThisTask } from './next-task';
import { storage } from '../api/storage';

/** Why a request fails while no socket is open (table.md §4 "Tokens": not synchronised, warning only). */
export const noSocket = 'Connexion au serveur perdue, réessayez dans un instant.';

export type ConnectSocket = (options: ConnectSocketOptions) => SocketConnection;

// The socket opens only once someone is signed in: socket.io-client stays out of the landing
// page's initial JavaScript. Its code is run in one task and the connection opened in the next, so
// neither makes the signed-in page's start one long task.
const loadConnectSocket = (): Promise<ConnectSocket> =>
  import('./socket').then(({ connectSocket }) => afterThisTask(connectSocket));

/**
 * The app's one socket. The connection machine decides when it is open (its invoked listener opens
 * it, and stopping the listener closes it); this session keeps the open connection so that screens
 * can emit on it and follow its facts without knowing about reconnects or logins.
 */
export function createSocketSession(load: () => Promise<ConnectSocket> = loadConnectSocket) {
  const facts = new Subject<SocketFact>();
  let current: SocketConnection | null = null;

  // The connection is made inside the subscription, so a listener stopped while the client code
  // is still loading never opens one.
  const connectionFacts = (player: PlayerInfo | null): Observable<SocketFact> =>
    from(load()).pipe(
      switchMap((connectSocket) =>
        defer(() => {
          const connection = connectSocket({ token: () => storage.get('jwt'), player });
          current = connection;
          return connection.events$.pipe(
            tap((fact) => facts.next(fact)),
            finalize(() => {
              if (current === connection) current = null;
              connection.close();
            }),
          );
        }),
      ),
    );

  /** Sends on the open connection; false when there is none. */
  function emit(event: string, payload?: unknown): boolean {
    if (current === null) return false;
    current.emit(event, payload);
    return true;
  }

  /** Sends with an acknowledgement on the open connection; rejects when there is none. */
  function request(event: string, payload: unknown): Promise<unknown> {
    if (current === null) return Promise.reject(new Error(noSocket));
    return current.request(event, payload);
  }

  return {
    /** Every fact of whichever connection is open, across reconnects and logins, for any screen. */
    facts$: facts.asObservable(),
    emit,
    request,
    /** Implementations for `socketConnectionMachine.provide`. */
    machineEffects: {
      actors: {
        'listen to socket': fromEventObservable(({ input }: { input: { player: PlayerInfo | null } }) =>
          connectionFacts(input.player),
        ),
        'renew session': fromPromise(async () => {
          const { renewSession } = await import('../api/request');
          if ((await renewSession()) === null) throw new Error('La session ne peut pas être renouvelée');
        }),
      },
      actions: {
        'send authenticateUser': (_: unknown, { token }: { token: string }) => {
          emit('authenticateUser', { token });
        },
      },
    },
  };
}

export type SocketSession = ReturnType<typeof createSocketSession>;
