import { filter, map, type Observable } from 'rxjs';
import type { z } from 'zod';
import type { SocketFact } from './socket';

/**
 * One server event of the app's socket as a typed stream: payloads that do not match the contract
 * are dropped, never handed to a machine.
 */
export function serverEvents<S extends z.ZodType>(
  facts$: Observable<SocketFact>,
  name: string,
  schema: S,
): Observable<z.output<S>> {
  return facts$.pipe(
    filter(
      (fact): fact is Extract<SocketFact, { type: 'socket.event' }> =>
        fact.type === 'socket.event' && fact.name === name,
    ),
    map((fact) => schema.safeParse(fact.payload)),
    filter((parsed) => parsed.success),
    map((parsed) => parsed.data as z.output<S>),
  );
}
