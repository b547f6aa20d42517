import { map, type Observable } from 'rxjs';
import { fromCallback, fromEventObservable } from 'xstate';
import {
  attackMenuInTable,
  attackTargetingInTable,
  type CommandRequest,
  type DragPosition,
  type LiveTableEvent,
  type TableCommand,
} from '../machines/live-table.machine';
import { attackLines, attackMenuLogic, attackTargetingLogic } from './attacks';
import type { SocketFact } from './socket';
import {
  dragEmitter,
  remoteDrags,
  tableCommands,
  tableFeed,
  tableListsLogic,
  tableRequestFailed,
  tableSyncLogic,
  type SocketRequest,
} from './table';

export interface LiveTableSocket {
  request: SocketRequest;
  emit: (event: string, payload: unknown) => boolean;
  facts$: Observable<SocketFact>;
}

/**
 * The live table's effects on the app's socket and page: its streams as invoked observables, its
 * commands sent with their ids (a refusal comes back to the table as a notice), the drags thinned
 * to the pointer's pace, and the page's Escape while an attack is aimed.
 */
export function liveTableEffects({ request, emit, facts$ }: LiveTableSocket) {
  const commands = tableCommands(request);
  const run = (command: TableCommand): Promise<string | null> => {
    switch (command.kind) {
      case 'itemChange':
        return commands.itemChange(command.payload);
      case 'mapChange':
        return commands.mapChange(command.payload);
      case 'turnOrderChange':
        return commands.turnOrderChange(command.payload);
      case 'attack':
        return commands.attack(command.payload);
      case 'gridChange':
        return commands.gridChange(command.payload);
    }
  };
  return {
    actors: {
      'table sync': tableSyncLogic(request),
      'table lists': tableListsLogic,
      'attack menu': attackMenuInTable(attackMenuLogic),
      'attack targeting': attackTargetingInTable(attackTargetingLogic),
      'table feed': fromEventObservable(() => tableFeed(facts$)),
      'remote drags': fromEventObservable(() =>
        remoteDrags(facts$).pipe(map((drags) => ({ type: 'drags.seen' as const, drags }))),
      ),
      'attack lines': fromEventObservable(() =>
        attackLines(facts$).pipe(map((lines) => ({ type: 'attackLines.seen' as const, lines }))),
      ),
      'drag emitter': fromCallback<DragPosition>(({ receive }) => {
        const emitter = dragEmitter(emit);
        receive(({ payload, pointer }) => emitter.drag(payload, pointer));
        return () => emitter.stop();
      }),
    },
    actions: {
      'send command': (
        { self }: { self: { send: (event: LiveTableEvent) => void } },
        { command, answered }: CommandRequest,
      ) =>
        void run(command).then(
          (refusal) => {
            if (refusal !== null) self.send({ type: 'notice.show', text: refusal });
            answered?.(refusal);
          },
          () => answered?.(tableRequestFailed),
        ),
    },
  };
}
