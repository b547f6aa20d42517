import { map, Subject, type Observable } from 'rxjs';
import { fromCallback, fromEventObservable } from 'xstate';
import {
  attackMenuInTable,
  attackTargetingInTable,
  mapImportInTable,
  wallEditorInTable,
  type CommandRequest,
  type DragPosition,
  type LiveTableEvent,
  type TableCommand,
} from '../machines/live-table.machine';
import type { TablePingPayload, TableRulerPayload } from '../api/schemas/table';
import { tokenSelectionMachine } from '../machines/token-selection.machine';
import { attackLines, attackMenuLogic, attackTargetingLogic, escapePresses } from './attacks';
import { mapImportLogic } from './file-uploads';
import { historyPresses } from './history-keys';
import { pingRings, remoteRulers, rulerEmitter, viewsBrought, type OwnPing } from './table-pointers';
import type { SocketFact } from './socket';
import {
  refusalOf,
  dragEmitter,
  newCommandId,
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
      case 'historyChange':
        return commands.historyChange(command.payload);
      case 'fogChange':
        return commands.fogChange(command.payload);
      case 'visionChange':
        return commands.visionChange(command.payload);
    }
  };
  return {
    actors: {
      'table sync': tableSyncLogic(request),
      'table lists': tableListsLogic,
      'attack menu': attackMenuInTable(attackMenuLogic),
      'map import': mapImportInTable(mapImportLogic),
      'attack targeting': attackTargetingInTable(attackTargetingLogic),
      'wall editor': wallEditorInTable(newCommandId),
      'table feed': fromEventObservable(() => tableFeed(facts$)),
      'remote drags': fromEventObservable(() =>
        remoteDrags(facts$).pipe(map((drags) => ({ type: 'drags.seen' as const, drags }))),
      ),
      'attack lines': fromEventObservable(() =>
        attackLines(facts$).pipe(map((lines) => ({ type: 'attackLines.seen' as const, lines }))),
      ),
      'drag emitter': fromCallback<DragPosition>(({ receive }) => {
        const emitter = dragEmitter(emit);
        receive((event) =>
          event.type === 'drop' ? emitter.drop() : emitter.drag(event.payload, event.pointer),
        );
        return () => emitter.stop();
      }),
      'token selection': tokenSelectionMachine.provide({
        actors: {
          'escape presses': fromEventObservable(() =>
            escapePresses(document).pipe(map(() => ({ type: 'selection.clear' as const }))),
          ),
        },
      }),
      pings: fromCallback<{ type: 'own' } & OwnPing>(({ receive, sendBack }) => {
        const own = new Subject<OwnPing>();
        receive(({ map: onMap, at }) => own.next({ map: onMap, at }));
        const rings = pingRings(facts$, own).subscribe((pings) => sendBack({ type: 'pings.seen', pings }));
        const brought = viewsBrought(facts$).subscribe((view) => sendBack({ type: 'view.brought', ...view }));
        return () => {
          rings.unsubscribe();
          brought.unsubscribe();
        };
      }),
      'history keys': fromEventObservable(() => historyPresses(document)),
      'remote rulers': fromEventObservable(() =>
        remoteRulers(facts$).pipe(map((rulers) => ({ type: 'rulers.seen' as const, rulers }))),
      ),
      'ruler emitter': fromCallback<{ type: 'show' } & TableRulerPayload>(({ receive }) => {
        const emitter = rulerEmitter(emit);
        receive(({ gameId, map: onMap, ruler }) => emitter.show({ gameId, map: onMap, ruler }));
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
      'send ping': ({ self }: { self: { send: (event: LiveTableEvent) => void } }, ping: TablePingPayload) =>
        void refusalOf(request('tablePing', ping)).then((refusal) => {
          if (refusal !== null) self.send({ type: 'notice.show', text: refusal });
        }),
    },
  };
}
