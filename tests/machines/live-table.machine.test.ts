import { map, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  fromEventObservable,
  fromPromise,
  SimulatedClock,
  type AnyActorRef,
  type AnyEventObject,
} from 'xstate';
import type { AttackLine } from '../../src/effects/attacks';
import type { RemoteDrags } from '../../src/effects/table';
import type { OwnPing, ShownPing } from '../../src/effects/table-pointers';
import type { MapPointerContext } from '../../src/machines/map-pointer.machine';
import { tokenSelectionMachine } from '../../src/machines/token-selection.machine';
import { snapshotOf } from '../../src/domain/table/reducer';
import { centreOnMap } from '../../src/domain/table/shown-map';
import type { MapRef, MapToken, TableRole, TableState } from '../../src/domain/table/types';
import { attackMenuMachine, type Arsenal } from '../../src/machines/attack-menu.machine';
import { attackTargetingMachine, type TargetingAttack } from '../../src/machines/attack-targeting.machine';
import {
  attackMenuInTable,
  attackTargetingInTable,
  liveTableMachine,
  type CommandRequest,
  type DragPosition,
} from '../../src/machines/live-table.machine';
import { tableListsMachine, type TableLists } from '../../src/machines/table-lists.machine';
import { tableSyncMachine, type CatchUpAnswer } from '../../src/machines/table-sync.machine';
import { each, everyTransition, itVisitsEveryState, testEveryPath } from '../helpers/every-path';
import { pendingCalls, sendTo } from '../helpers/fake-effects';
import { settle, type Pending } from '../helpers/machine-model';
import { simpleAttack } from '../helpers/attack-board';
import { goblinToken } from '../unit/table-fixtures';
import { NARRATION_GATHER_MS } from '../../src/machines/narration.machine';

const forest: MapRef = { id: 'm1', name: 'Forêt', link: 'forest.png', width: 1500, height: 1000 };

/** A monster of the fights here (AC 10, 18 HP), or with `over` a character. */
const token = (usableId: string, over: Partial<MapToken> = {}): MapToken =>
  goblinToken({
    usableId,
    itemId: usableId,
    name: usableId,
    AC: 10,
    HP: 18,
    currentHP: 18,
    attackBonus: 0,
    x: 10,
    y: 20,
    ...over,
  });

/** The Forêt shown to everyone: the character c-ana, a wolf, and the order the log holds. */
const tableWith = (order: string[]): TableState => ({
  lastSeq: 3,
  currentMap: forest,
  masterMap: forest,
  tokens: {
    Forêt: {
      'c-ana': token('c-ana', { isPlayer: true, x: 10, y: 10 }),
      wolf: token('wolf', { x: 12, y: 10 }),
    },
  },
  turnOrders: order.length > 0 ? { Forêt: order } : {},
  grids: {},
  fogs: {},
});

const arsenal: Arsenal = {
  weapon: null,
  simple: simpleAttack,
  attacks: [],
  movement: 6,
};

/** The live table with fake effects: the socket's streams are subjects, every command is recorded. */
function startTable(role: TableRole, connected = true, clock?: SimulatedClock) {
  const feed = new Subject<AnyEventObject>();
  const drags = new Subject<RemoteDrags>();
  const lines = new Subject<AttackLine[]>();
  const escapes = new Subject<{ type: 'attack.cancel' }>();
  const catchUps: Array<Pending<CatchUpAnswer>> = [];
  const arsenals: Array<Pending<Arsenal>> = [];
  const commands: CommandRequest[] = [];
  const emitted: DragPosition[] = [];
  const framed: AnyEventObject[] = [];
  const ownPings: OwnPing[] = [];
  const pings = new Subject<AnyEventObject>();
  const pinged: unknown[] = [];
  const rulersShown: unknown[] = [];
  const historyKeys = new Subject<{ type: 'history.change'; direction: 'undo' | 'redo' }>();
  const refusals = new Map<CommandRequest, (refusal: string | null) => void>();
  const actor = createActor(
    liveTableMachine.provide({
      actors: {
        'table sync': tableSyncMachine.provide({
          actors: {
            'fetch missed events': pendingCalls(catchUps),
          },
        }) as never,
        'table lists': tableListsMachine.provide({
          actors: {
            'load lists': fromPromise(async (): Promise<TableLists> => ({
              maps: [],
              monsters: [],
              characters: [],
            })),
          },
        }) as never,
        'attack menu': attackMenuInTable(
          attackMenuMachine.provide({
            actors: {
              'load arsenal': pendingCalls(arsenals),
            },
          }),
        ) as never,
        'attack targeting': attackTargetingInTable(
          attackTargetingMachine.provide({
            actors: { 'escape presses': fromEventObservable(() => escapes) },
          }),
        ) as never,
        'table feed': fromEventObservable(() => feed) as never,
        'remote drags': fromEventObservable(() =>
          drags.pipe(map((seen) => ({ type: 'drags.seen' as const, drags: seen }))),
        ) as never,
        'attack lines': fromEventObservable(() =>
          lines.pipe(map((seen) => ({ type: 'attackLines.seen' as const, lines: seen }))),
        ) as never,
        'drag emitter': fromCallback<DragPosition>(({ receive }) => {
          receive((drag) => emitted.push(drag));
        }) as never,
        'map viewport': fromCallback<AnyEventObject>(({ receive }) => {
          receive((event) => framed.push(event));
        }) as never,
        'token selection': tokenSelectionMachine.provide({
          actors: { 'escape presses': fromEventObservable(() => new Subject<{ type: 'selection.clear' }>()) },
        }) as never,
        pings: fromCallback<AnyEventObject>(({ receive, sendBack }) => {
          receive((event) => ownPings.push(event as unknown as OwnPing));
          const heard = pings.subscribe((event) => sendBack(event));
          return () => heard.unsubscribe();
        }) as never,
        'remote rulers': fromEventObservable(() => new Subject<AnyEventObject>()) as never,
        'ruler emitter': fromCallback<AnyEventObject>(({ receive }) => {
          receive((event) => rulersShown.push(event));
        }) as never,
        'history keys': fromEventObservable(() => historyKeys) as never,
      },
      actions: {
        'send ping': (_, ping) => void pinged.push(ping),
        'send command': ({ self }, request: CommandRequest) => {
          commands.push(request);
          refusals.set(request, (refusal) => {
            if (refusal !== null) self.send({ type: 'notice.show', text: refusal });
            request.answered?.(refusal);
          });
        },
      },
    }),
    {
      input: {
        gameId: 'g1',
        seat: { role, playerId: role === 'player' ? 'c-ana' : 'u-mj' },
        userId: role === 'player' ? 'u-ana' : 'u-mj',
        connected,
      },
      ...(clock ? { clock } : {}),
    },
  ).start();
  const child = (id: string) => actor.getSnapshot().children[id as never] as unknown as AnyActorRef;
  const contextOf = (id: string) => (child(id).getSnapshot() as { context: Record<string, unknown> }).context;
  /** The server's answer to the copy's first question: the whole table as it stands. */
  const answerCatchUp = async (table: TableState) => {
    catchUps.at(-1)!.resolve({ snapshot: snapshotOf(table), events: [] });
    await settle();
  };
  const answer = (request: CommandRequest, refusal: string | null) => refusals.get(request)!(refusal);
  return {
    actor,
    feed,
    drags,
    lines,
    escapes,
    arsenals,
    commands,
    emitted,
    framed,
    ownPings,
    pings,
    pinged,
    rulersShown,
    historyKeys,
    child,
    contextOf,
    answerCatchUp,
    answer,
  };
}

describe('live table: every transition', () => {
  const input = {
    gameId: 'g1',
    seat: { role: 'mj' as const, playerId: 'u-mj' },
    userId: 'u-mj',
    connected: false,
  };
  const paths = everyTransition(
    liveTableMachine,
    [
      { type: 'management.toggle' },
      { type: 'details.show', usableId: 'wolf' },
      { type: 'details.close' },
      { type: 'history.change', direction: 'undo' },
    ],
    input,
  );

  itVisitsEveryState(paths, liveTableMachine);

  testEveryPath(paths, () => {
    const table = startTable('mj', false);
    return {
      events: each(
        ['management.toggle', 'details.show', 'details.close', 'history.change'],
        sendTo(table.actor),
      ),
      states: {
        '*': (expected) => expect(table.actor.getSnapshot().value).toEqual(expected.value),
        // The MJ's list of participants takes the chat's place.
        'side.management': () => expect(table.actor.getSnapshot().matches({ side: 'chat' })).toBe(false),
        // The monster's card names the token it was opened for.
        'details.open': () => expect(table.actor.getSnapshot().context.details).toBe('wolf'),
        'details.closed': () => expect(table.actor.getSnapshot().context.details).toBeNull(),
      },
    };
  });
});

describe('live table', () => {
  it('hands the socket’s feed to its copy of the log, and each new copy to the children that read it', async () => {
    const table = startTable('mj');
    table.feed.next({ type: 'socket.connected' });
    await table.answerCatchUp(tableWith(['wolf', 'c-ana']));
    expect(table.child('sync').getSnapshot().value).toBe('live');
    expect(table.actor.getSnapshot().context.table.masterMap).toEqual(forest);
    expect(table.contextOf('selection').current).toEqual(forest);
    expect(table.contextOf('turnOrder')).toMatchObject({ map: 'Forêt', order: ['wolf', 'c-ana'] });
    expect(table.child('turnOrder').getSnapshot().value).toEqual({ running: 'ready' });
    const board = table.contextOf('targeting').board as { tokens: Array<{ id: string }> };
    expect(board.tokens.map((one) => one.id)).toEqual(['c-ana', 'wolf']);

    table.feed.next({ type: 'socket.disconnected' });
    expect(table.child('sync').getSnapshot().value).toBe('reconnecting');
  });

  it('tells the turn order a new order of the same map, and the end of the combat', async () => {
    const table = startTable('mj');
    await table.answerCatchUp(tableWith(['wolf', 'c-ana']));
    table.feed.next({ type: 'socket.disconnected' });
    table.feed.next({ type: 'socket.connected' });
    await table.answerCatchUp({ ...tableWith([]), lastSeq: 4 });
    expect(table.contextOf('turnOrder')).toMatchObject({ map: 'Forêt', order: [] });
    expect(table.child('turnOrder').getSnapshot().value).toBe('noCombat');
  });

  it('sends « Tour suivant » with the turn and round shown, once until the server answered', async () => {
    const table = startTable('mj');
    await table.answerCatchUp({ ...tableWith(['wolf', 'c-ana']), rounds: { Forêt: { round: 3 } } });
    expect(table.contextOf('turnOrder')).toMatchObject({ order: ['wolf', 'c-ana'], round: 3 });
    table.child('turnOrder').send({ type: 'turnOrder.next' });
    table.child('turnOrder').send({ type: 'turnOrder.next' });
    expect(table.commands.map(({ command }) => command)).toEqual([
      {
        kind: 'turnOrderChange',
        payload: {
          gameId: 'g1',
          change: { type: 'turnOrder.next', map: 'Forêt', playing: 'wolf', round: 3 },
        },
      },
    ]);
    expect(table.child('turnOrder').getSnapshot().value).toEqual({ running: 'advancing' });
    table.answer(table.commands[0]!, null);
    await settle();
    expect(table.child('turnOrder').getSnapshot().value).toEqual({ running: 'ready' });
  });

  it('lets a player end the turn of their own character only, sent as the turn shown', async () => {
    const table = startTable('player');
    await table.answerCatchUp({ ...tableWith(['wolf', 'c-ana']), rounds: { Forêt: { round: 2 } } });
    expect(table.contextOf('turnOrder')).toMatchObject({ order: ['wolf', 'c-ana'], own: ['c-ana'] });
    table.child('turnOrder').send({ type: 'turnOrder.end' });
    expect(table.commands).toEqual([]);
    table.feed.next({ type: 'socket.disconnected' });
    table.feed.next({ type: 'socket.connected' });
    await table.answerCatchUp({
      ...tableWith(['c-ana', 'wolf']),
      rounds: { Forêt: { round: 2 } },
      lastSeq: 4,
    });
    table.child('turnOrder').send({ type: 'turnOrder.end' });
    expect(table.commands.map(({ command }) => command)).toEqual([
      {
        kind: 'turnOrderChange',
        payload: {
          gameId: 'g1',
          change: { type: 'turnOrder.next', map: 'Forêt', playing: 'c-ana', round: 2 },
        },
      },
    ]);
    expect(table.child('turnOrder').getSnapshot().value).toEqual({ running: 'advancing' });
  });

  it('sends every intent as a command of its game, and shows the server’s refusal', async () => {
    const table = startTable('mj');
    await table.answerCatchUp(tableWith([]));
    table.actor.send({
      type: 'token.change',
      change: { type: 'token.move', map: 'Forêt', usableId: 'wolf', x: 1, y: 2 },
    });
    table.child('turnOrder').send({ type: 'turnOrder.generate' });
    table.child('selection').send({ type: 'map.choose', map: null });
    expect(table.commands.map(({ command }) => command)).toEqual([
      {
        kind: 'itemChange',
        payload: { gameId: 'g1', change: { type: 'token.move', map: 'Forêt', usableId: 'wolf', x: 1, y: 2 } },
      },
      {
        kind: 'turnOrderChange',
        payload: { gameId: 'g1', change: { type: 'turnOrder.generate', map: 'Forêt' } },
      },
      { kind: 'mapChange', payload: { gameId: 'g1', map: null, bringPlayers: false } },
    ]);
    table.answer(table.commands[0]!, 'Ce pion n’est pas le vôtre.');
    expect(table.contextOf('notice').text).toBe('Ce pion n’est pas le vôtre.');
    table.actor.send({ type: 'notice.dismiss' });
    expect(table.contextOf('notice').text).toBeNull();
  });

  it('shows the map a dropped picture became to everyone, and lists it again', async () => {
    const table = startTable('mj');
    await table.answerCatchUp(tableWith([]));
    expect(table.child('lists').getSnapshot().value).toBe('ready');
    const crypt = { id: 'M1', name: 'Crypte du roi', link: '/shatteredrealms/api/files/F1' };
    table.actor.send({ type: 'map.imported', map: crypt });
    expect(table.commands.map(({ command }) => command)).toEqual([
      { kind: 'mapChange', payload: { gameId: 'g1', map: crypt, bringPlayers: true } },
    ]);
    expect(table.child('lists').getSnapshot().value).toBe('loading');
  });

  it('aims the attack the player picks and sends it on the shown map, reaching as far as they move', async () => {
    const table = startTable('player');
    await table.answerCatchUp(tableWith([]));
    table.child('attackMenu').send({ type: 'menu.open' });
    table.arsenals.at(-1)!.resolve(arsenal);
    await settle();
    expect(table.actor.getSnapshot().context.movement).toBe(6);
    const board = table.contextOf('targeting').board as { attacker: { movement: number } | null };
    expect(board.attacker?.movement).toBe(6);
    table.child('attackMenu').send({ type: 'attack.pick', attack: arsenal.simple });
    expect((table.contextOf('targeting').attack as TargetingAttack | null)?.name).toBe('Attaque simple');
    table.actor.send({ type: 'map.clicked', point: { x: 0, y: 0 }, usableId: 'wolf' });
    expect(table.commands.map(({ command }) => command)).toEqual([
      {
        kind: 'attack',
        payload: {
          gameId: 'g1',
          map: 'Forêt',
          attackerId: 'c-ana',
          attack: { kind: 'simple' },
          targetId: 'wolf',
          aim: null,
        },
      },
    ]);
  });

  it('makes a monster strike for the MJ, and the cancel ends the aim', async () => {
    const table = startTable('mj');
    await table.answerCatchUp(tableWith([]));
    table.actor.send({ type: 'token.strike', token: { usableId: 'wolf', name: 'Loup', damage: '1d6' } });
    expect(table.contextOf('targeting').attack).toMatchObject({
      ref: { kind: 'monster', attackerId: 'wolf' },
      name: 'Loup',
    });
    table.actor.send({ type: 'attack.cancel' });
    expect(table.contextOf('targeting').attack).toBeNull();
  });

  it('keeps the others’ drags and the attack lines, and hands its own drags to the emitter', async () => {
    const table = startTable('mj');
    table.drags.next({ Forêt: { wolf: { x: 5, y: 6 } } });
    const line = { seq: 4, map: 'Forêt', attackerId: 'c-ana', targetIds: ['wolf'] };
    table.lines.next([line]);
    expect(table.actor.getSnapshot().context).toMatchObject({
      drags: { Forêt: { wolf: { x: 5, y: 6 } } },
      lines: [line],
    });
    table.actor.send({
      type: 'token.drag',
      map: 'Forêt',
      usableId: 'wolf',
      position: { x: 7, y: 8 },
      pointer: 'touch',
    });
    expect(table.emitted).toEqual([
      {
        type: 'drag',
        payload: { gameId: 'g1', map: 'Forêt', usableId: 'wolf', x: 7, y: 8 },
        pointer: 'touch',
      },
    ]);
  });

  it('centres the view on a token the MJ picks, again each time', async () => {
    const table = startTable('mj');
    await table.answerCatchUp(tableWith([]));
    table.actor.send({ type: 'token.focus', usableId: 'wolf' });
    table.actor.send({ type: 'token.focus', usableId: 'wolf' });
    table.actor.send({ type: 'token.focus', usableId: 'nobody' });
    const focus = { type: 'viewport.focus', point: centreOnMap({ x: 12, y: 10 }, forest) };
    expect(table.framed.filter((event) => event.type === 'viewport.focus')).toEqual([focus, focus]);
  });

  it('tells the viewport the size of each new map it shows, once, so it fits it', async () => {
    const table = startTable('mj');
    await table.answerCatchUp(tableWith([]));
    const fitted = { type: 'map.changed', size: { width: forest.width, height: forest.height } };
    expect(table.framed).toEqual([fitted]);
    table.actor.send({ type: 'token.focus', usableId: 'wolf' });
    expect(table.framed.filter((event) => event.type === 'map.changed')).toEqual([fitted]);
  });

  it('offers the management panel to the MJ only', () => {
    const table = startTable('player');
    table.actor.send({ type: 'management.toggle' });
    expect(table.actor.getSnapshot().matches({ side: 'chat' })).toBe(true);
  });

  it('waits for the socket before asking for the log', async () => {
    const table = startTable('mj', false);
    expect(table.child('sync').getSnapshot().value).toBe('joining');
    table.feed.next({ type: 'socket.connected' });
    expect(table.child('sync').getSnapshot().value).toBe('catchingUp');
  });

  it('sends the pointer’s drop as a move, and lets the token go once the server answered', async () => {
    const table = startTable('mj');
    await table.answerCatchUp(tableWith([]));
    const pointer = table.child('pointer');
    pointer.send({ ...press('wolf', true), onMap: { x: 150, y: 200 } });
    pointer.send({ ...pointerAt('pointer.moved', 300, 200), touch: false });
    pointer.send({ ...pointerAt('pointer.released', 300, 200), dropped: true });
    // The drop tells the drag's emitter, so no place of the drag trails after the move.
    expect(table.emitted.map((sent) => (sent.type === 'drag' ? sent.payload : sent))).toEqual([
      { gameId: 'g1', map: 'Forêt', usableId: 'wolf', x: 20, y: 20 },
      { type: 'drop' },
    ]);
    expect(table.commands.map(({ command }) => command)).toEqual([
      {
        kind: 'itemChange',
        payload: {
          gameId: 'g1',
          change: { type: 'token.move', map: 'Forêt', usableId: 'wolf', x: 20, y: 20 },
        },
      },
    ]);
    expect(table.contextOf('pointer').local).toEqual({ wolf: { x: 20, y: 20 } });
    table.answer(table.commands[0]!, null);
    expect(table.contextOf('pointer').local).toEqual({});
  });

  it('sends a dropped selection as one group move, from where the table shows it, and lets each token go once the server answered', async () => {
    const table = startTable('mj');
    await table.answerCatchUp(tableWith([]));
    const pointer = table.child('pointer');
    pointer.send({ ...press('wolf', true), group: ['wolf', 'c-ana'] });
    pointer.send({ ...pointerAt('pointer.moved', 300, 200), touch: false });
    pointer.send({ ...pointerAt('pointer.released', 300, 200), dropped: true });
    expect(table.commands.map(({ command }) => command)).toEqual([
      {
        kind: 'itemChange',
        payload: {
          gameId: 'g1',
          change: {
            type: 'token.moveMany',
            map: 'Forêt',
            moves: [
              { usableId: 'wolf', x: 20, y: 20 },
              { usableId: 'c-ana', x: 20, y: 10 },
            ],
          },
        },
      },
    ]);
    table.answer(table.commands[0]!, null);
    expect(table.contextOf('pointer').local).toEqual({});
  });

  it('tells the pointer where the shown map’s tokens stand, so a group press starts from the logged places', async () => {
    const table = startTable('mj');
    table.feed.next({ type: 'socket.connected' });
    await table.answerCatchUp(tableWith([]));
    expect(table.contextOf('pointer').standing).toBe(table.actor.getSnapshot().context.table.tokens['Forêt']);
    table.feed.next({
      type: 'table.event',
      event: {
        seq: 4,
        type: 'token.moved',
        payload: { map: 'Forêt', usableId: 'c-ana', x: 20, y: 30 },
        userId: 'u-ana',
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    });
    const pointer = () => table.contextOf('pointer') as unknown as MapPointerContext;
    expect(pointer().standing['c-ana']).toMatchObject({ x: 20, y: 30 });
    table.child('pointer').send({ ...press('wolf', true), group: ['wolf', 'c-ana'] });
    // c-ana now stands at (300, 300): 150 px right of and 100 px below the pointer.
    expect(pointer().grab?.group).toEqual([{ usableId: 'c-ana', offset: { x: -150, y: -100 }, size: 1 }]);
  });

  it('sends a selection dropped on the grid snapped, and asks the server to snap it too', async () => {
    const table = startTable('mj');
    await table.answerCatchUp(tableWith([]));
    const grid = { cellPx: 75, offsetX: 0, offsetY: 0, shown: true, color: '#000000', opacity: 0.3 };
    const pointer = table.child('pointer');
    pointer.send({
      ...press('wolf', true),
      grid,
      group: ['wolf', 'c-ana'],
    });
    pointer.send({ ...pointerAt('pointer.moved', 310, 210), touch: false });
    pointer.send({ ...pointerAt('pointer.released', 310, 210), dropped: true });
    expect(table.commands.map(({ command }) => command.payload)).toEqual([
      {
        gameId: 'g1',
        change: {
          type: 'token.moveMany',
          map: 'Forêt',
          moves: [
            { usableId: 'wolf', x: 20, y: 22.5 },
            { usableId: 'c-ana', x: 20, y: 15 },
          ],
          snap: true,
        },
      },
    ]);
  });

  it('pings on the shown map, draws its own ring at once, and follows the MJ who brings the view', async () => {
    const table = startTable('player');
    await table.answerCatchUp(tableWith([]));
    table.child('pointer').send({ type: 'map.ping', at: { x: 40, y: 30 }, bring: false });
    expect(table.ownPings).toEqual([{ type: 'own', map: 'Forêt', at: { x: 40, y: 30 } }]);
    expect(table.pinged).toEqual([{ gameId: 'g1', map: 'Forêt', at: { x: 40, y: 30 }, bring: false }]);
    const ring: ShownPing = { key: 1, map: 'Forêt', at: { x: 40, y: 30 }, name: null };
    table.pings.next({ type: 'pings.seen', pings: [ring] });
    expect(table.actor.getSnapshot().context.pings).toEqual([ring]);
    table.pings.next({ type: 'view.brought', map: 'Crypte', at: { x: 1, y: 1 } });
    table.pings.next({ type: 'view.brought', map: 'Forêt', at: { x: 700, y: 500 } });
    expect(table.framed.filter((event) => event.type === 'viewport.focus')).toEqual([
      { type: 'viewport.focus', point: { x: 700, y: 500 } },
    ]);
  });

  it('shows its arrow to the others only while the ruler is shared, and takes it back when it stops', async () => {
    const table = startTable('player');
    await table.answerCatchUp(tableWith([]));
    const arrow = { from: { x: 1, y: 1 }, to: { x: 90, y: 1 } };
    table.actor.send({ type: 'ruler.drawn', arrow });
    expect(table.rulersShown).toEqual([]);
    table.actor.send({ type: 'ruler.share', on: true });
    table.actor.send({ type: 'ruler.drawn', arrow });
    table.actor.send({ type: 'ruler.share', on: false });
    expect(table.rulersShown).toEqual([
      { type: 'show', gameId: 'g1', map: 'Forêt', ruler: arrow },
      { type: 'show', gameId: 'g1', map: 'Forêt', ruler: null },
    ]);
  });

  it('asks the server to undo and redo from the keys or a button, and shows its refusal', async () => {
    const table = startTable('player');
    await table.answerCatchUp(tableWith([]));
    table.historyKeys.next({ type: 'history.change', direction: 'undo' });
    table.actor.send({ type: 'history.change', direction: 'redo' });
    expect(table.commands.map(({ command }) => command)).toEqual([
      { kind: 'historyChange', payload: { gameId: 'g1', direction: 'undo' } },
      { kind: 'historyChange', payload: { gameId: 'g1', direction: 'redo' } },
    ]);
    table.answer(table.commands[0]!, 'Rien à annuler.');
    expect(table.contextOf('notice').text).toBe('Rien à annuler.');
  });

  it('sends the grid the MJ saves, and closes the tool once logged or keeps it with the refusal', async () => {
    const table = startTable('mj');
    await table.answerCatchUp(tableWith([]));
    const editor = table.child('gridEditor');
    const grid = { cellPx: 100, offsetX: 20, offsetY: 10, shown: true, color: '#ffcc00', opacity: 0.5 };
    editor.send({ type: 'grid.open', map: 'Forêt', grid, anchor: { column: 1, row: 1 } });
    editor.send({ type: 'grid.save' });
    expect(table.commands.map(({ command }) => command)).toEqual([
      { kind: 'gridChange', payload: { gameId: 'g1', map: 'Forêt', grid } },
    ]);
    table.answer(table.commands[0]!, 'Seul le MJ peut régler la grille.');
    expect(editor.getSnapshot().value).toEqual({ editing: 'idle' });
    expect(table.contextOf('gridEditor').refusal).toBe('Seul le MJ peut régler la grille.');
    editor.send({ type: 'grid.save' });
    table.answer(table.commands[1]!, null);
    expect(editor.getSnapshot().value).toBe('closed');
  });

  it('sends a snapped drop with `snap`, for the server to snap on its grid', async () => {
    const table = startTable('mj');
    await table.answerCatchUp(tableWith([]));
    table.child('pointer').send({
      type: 'token.stepped',
      map: 'Forêt',
      usableId: 'wolf',
      name: 'Loup',
      from: { x: 10, y: 10 },
      position: { x: 15, y: 10 },
      snap: true,
    });
    table.child('pointer').send({ type: 'token.putDown', usableId: 'wolf' });
    expect(table.actor.getSnapshot().context.announcement).toBe('Pion posé\u00a0: Loup.');
    expect(table.commands.map(({ command }) => command)).toEqual([
      {
        kind: 'itemChange',
        payload: {
          gameId: 'g1',
          change: { type: 'token.move', map: 'Forêt', usableId: 'wolf', x: 15, y: 10, snap: true },
        },
      },
    ]);
  });

  it('turns the pointer’s presses into the aim’s clicks while an attack is aimed, until Escape', async () => {
    const table = startTable('mj');
    await table.answerCatchUp(tableWith([]));
    const pointer = table.child('pointer');
    table.actor.send({ type: 'token.strike', token: { usableId: 'wolf', name: 'Loup', damage: '1d6' } });
    expect(pointer.getSnapshot().matches({ aim: 'on' })).toBe(true);
    table.escapes.next({ type: 'attack.cancel' });
    expect(table.contextOf('targeting').attack).toBeNull();
    expect(pointer.getSnapshot().matches({ aim: 'off' })).toBe(true);

    table.actor.send({ type: 'token.strike', token: { usableId: 'wolf', name: 'Loup', damage: '1d6' } });
    pointer.send({ ...press('c-ana', false), onMap: centreOnMap({ x: 10, y: 10 }, forest) });
    expect(table.commands.map(({ command }) => command)).toMatchObject([
      { kind: 'attack', payload: { attackerId: 'wolf', targetId: 'c-ana', attack: { kind: 'monster' } } },
    ]);
    expect(pointer.getSnapshot().matches({ aim: 'off' })).toBe(true);
  });
});

/** A pointer on the Forêt at this point of the map (the window's is the same here). */
const pointerAt = <T extends string>(type: T, x: number, y: number) => ({
  type,
  pointerId: 1,
  onMap: { x, y },
  client: { x, y },
});
/** A press on a token of the Forêt, whose corner is at 150 × 200 px. */
const press = (usableId: string, controllable: boolean) => ({
  ...pointerAt('token.pressed', 150, 200),
  usableId,
  controllable,
  corner: { x: 150, y: 200 },
  map: { name: forest.name, width: forest.width, height: forest.height },
});

describe('live table: the narration', () => {
  const moved = (seq: number, usableId: string, x: number, userId = 'u-mj') => ({
    type: 'table.event' as const,
    event: {
      seq,
      type: 'token.moved' as const,
      payload: { map: 'Forêt', usableId, x, y: 15 },
      userId,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  });

  it('says in its live region where a token stopped, once the moves have settled', async () => {
    const clock = new SimulatedClock();
    const table = startTable('player', true, clock);
    table.feed.next({ type: 'socket.connected' });
    await table.answerCatchUp(tableWith([]));
    table.feed.next(moved(4, 'wolf', 15));
    table.feed.next(moved(5, 'wolf', 20));
    expect(table.actor.getSnapshot().context.announcement).toBe('');
    clock.increment(NARRATION_GATHER_MS);
    // 300 px across, 150 down on 75 px cells: the fifth column, the third row.
    expect(table.actor.getSnapshot().context.announcement).toBe('wolf avance en E3.');
  });

  it('says nothing of a catch-up’s events nor of one’s own moves', async () => {
    const clock = new SimulatedClock();
    const table = startTable('player', true, clock);
    table.feed.next({ type: 'socket.connected' });
    await table.answerCatchUp(tableWith([]));
    table.feed.next(moved(4, 'c-ana', 20, 'u-ana'));
    // Seq 6 before 5: held, then folded with 5, as a catch-up would be.
    table.feed.next(moved(6, 'wolf', 15));
    table.feed.next(moved(5, 'wolf', 20));
    clock.increment(NARRATION_GATHER_MS);
    expect(table.actor.getSnapshot().context.announcement).toBe('');
  });
});
