import { mergeMap, type Observable } from 'rxjs';
import { envelopesOf, tableMessage, type socketEventOf, type TableMessage } from '../api/schemas/table';
import type { SocketFact } from './socket';
import { serverEvents } from './server-events';

type TableEnvelope = Exclude<TableMessage, readonly unknown[]>;

/**
 * The logged table events heard under one of the four names, one by one in seq order: a message
 * carries one envelope, or a command's several (decision 0042).
 */
export function tableEventsOn(
  facts$: Observable<SocketFact>,
  name: ReturnType<typeof socketEventOf>,
): Observable<TableEnvelope> {
  return serverEvents(facts$, name, tableMessage).pipe(mergeMap((message) => envelopesOf(message)));
}
