import { firstValueFrom, Subject, take, toArray } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { MapToken, TableEvent } from '../../src/domain/table/types';
import { seatOf } from '../../src/domain/table/seat';
import type { SocketFact } from '../../src/effects/socket';
import {
  DRAG_INTERVAL_MS,
  dragEmitter,
  refusalOf,
  remoteDrags,
  tableFeed,
  tableRequestFailed,
  tableSyncLogic,
} from '../../src/effects/table';
import { controlsToken } from '../../src/domain/table/visibility';
import { playersMapApart, shownMap } from '../../src/domain/table/shown-map';
import { amountOf, monsterDraft } from '../../src/ui/game/table-view';
import { decide } from '../../src/domain/table/decide';
import { emptyTable } from '../../src/domain/table/reducer';
import { gameChatFacts } from '../../src/effects/game-chat';
import { envOf, goblinToken, mj, speakerOf } from './table-fixtures';

const at = '2026-01-01T10:00:00.000Z';
const placed = (seq: number, usableId = 'monster-1'): TableEvent => ({
  type: 'token.placed',
  payload: {
    map: 'Crypte',
    token: goblinToken({
      usableId,
      itemId: 'X1',
      name: 'Goule',
      AC: 10,
      HP: 18,
      currentHP: 18,
      attackBonus: 0,
    }),
  },
  seq,
  userId: 'u-mj',
  createdAt: at,
});
const serverSays = (name: string, payload: unknown): SocketFact => ({ type: 'socket.event', name, payload });

describe('seat at the table (table.md §4 "Role at the table")', () => {
  const user = { id: 'u-1', role: 'player' as const, displayName: 'Ana', email: 'ana@example.test' };

  it('gives admin mode from the account, and MJ mode from the game that is theirs', () => {
    expect(seatOf({ ...user, role: 'admin' }, null, 'c-1').role).toBe('admin');
    expect(seatOf({ ...user, role: 'mj' }, null, '')).toEqual({
      role: 'mj',
      playerId: 'u-1',
      playerName: 'Ana',
    });
    // An MJ account playing at someone else's game is one of its players, before and after it loads.
    expect(seatOf({ ...user, role: 'mj' }, null, 'c-1')).toEqual({
      role: 'player',
      playerId: 'c-1',
      playerName: 'Ana',
    });
    expect(seatOf({ ...user, role: 'mj' }, { mjUserId: 'u-9' }, 'c-1').role).toBe('player');
    expect(seatOf({ ...user, role: 'mj' }, { mjUserId: 'u-1' }, 'c-1').playerId).toBe('u-1');
    expect(seatOf(user, { mjUserId: 'u-1' }, 'c-1')).toEqual({
      role: 'mj',
      playerId: 'u-1',
      playerName: 'Ana',
    });
    expect(seatOf(user, { mjUserId: 'u-9' }, 'c-1')).toEqual({
      role: 'player',
      playerId: 'c-1',
      playerName: 'Ana',
    });
  });

  it("names the MJ by display name, else e-mail, else 'MJ'", () => {
    const mj = { ...user, role: 'mj' as const };
    expect(seatOf({ ...mj, displayName: '' }, null, '').playerName).toBe('ana@example.test');
    expect(seatOf({ ...mj, displayName: '', email: '' }, null, '').playerName).toBe('MJ');
  });
});

describe('what the table views read', () => {
  it('centres a large monster where the menu was opened, and places it hidden when asked', () => {
    const map = { width: 1500, height: 1000 };
    const ogre = {
      id: 'ogre',
      name: 'Ogre',
      HP: 40,
      AC: 12,
      attackBonus: 3,
      damage: '2d6',
      speciality: '',
      assetLink: null,
      description: '',
      size: 'Très grande' as const,
    };
    // Opened over the point (600, 300): a one-cell token's corner would be 37.5 px up and left of it.
    const at = { x: (562.5 / 1500) * 100, y: (262.5 / 1000) * 100 };
    expect(monsterDraft(ogre, at, map)).toEqual({
      itemId: 'ogre',
      isPlayer: false,
      hidden: false,
      x: 32.5,
      y: 18.75,
    });
    expect(monsterDraft({ ...ogre, size: 'Moyenne' }, at, map, true)).toMatchObject({ hidden: true, ...at });
  });

  it('shows the MJ their masterMap and the players the currentMap', () => {
    const forest = { id: 'm1', name: 'Forêt', link: 'x', width: 1500, height: 1000 };
    const crypt = { id: 'm2', name: 'Crypte', link: 'y', width: 1500, height: 1000 };
    const table = {
      lastSeq: 2,
      currentMap: forest,
      masterMap: crypt,
      tokens: {},
      turnOrders: {},
      grids: {},
      fogs: {},
    };
    expect(shownMap(table, 'mj')).toBe(crypt);
    expect(shownMap(table, 'admin')).toBe(crypt);
    expect(shownMap(table, 'player')).toBe(forest);
  });

  it('tells the MJ and the admin which map the players see while they prepare another', () => {
    const forest = { id: 'm1', name: 'Forêt', link: 'x', width: 1500, height: 1000 };
    const crypt = { id: 'm2', name: 'Crypte', link: 'y', width: 1500, height: 1000 };
    const table = {
      lastSeq: 2,
      currentMap: forest,
      masterMap: crypt,
      tokens: {},
      turnOrders: {},
      grids: {},
      fogs: {},
    };
    expect(playersMapApart(table, 'mj')).toEqual({ map: forest });
    expect(playersMapApart(table, 'admin')).toEqual({ map: forest });
    expect(playersMapApart(table, 'player')).toBeNull();
    expect(playersMapApart({ ...table, currentMap: null }, 'mj')).toEqual({ map: null });
    expect(playersMapApart({ ...table, currentMap: crypt }, 'mj')).toBeNull();
    expect(playersMapApart({ ...table, currentMap: null, masterMap: null }, 'mj')).toBeNull();
  });

  it('lets a player handle only their own character', () => {
    const token = { ...(placed(1).payload as { token: MapToken }).token, isPlayer: true, itemId: 'c-ana' };
    expect(controlsToken({ role: 'player', characterIds: ['c-ana'] }, token)).toBe(true);
    expect(controlsToken({ role: 'player', characterIds: ['c-bob'] }, token)).toBe(false);
    expect(controlsToken({ role: 'mj', characterIds: [] }, token)).toBe(true);
  });

  it('accepts only whole non-negative amounts', () => {
    expect(amountOf(' 12 ')).toBe(12);
    expect(amountOf('0')).toBe(0);
    expect(amountOf('-3')).toBeNull();
    expect(amountOf('1.5')).toBeNull();
    expect(amountOf('')).toBeNull();
  });
});

describe('table effects', () => {
  it('feeds the four event names and the socket ups and downs, dropping what breaks the contract', async () => {
    const facts = new Subject<SocketFact>();
    const heard = firstValueFrom(tableFeed(facts).pipe(take(4), toArray()));
    facts.next(serverSays('itemUpdate', placed(1)));
    facts.next(serverSays('itemUpdate', { seq: 'two' }));
    facts.next(serverSays('chatMessage', placed(2)));
    facts.next({ type: 'socket.disconnected', reason: 'transport close' });
    facts.next({ type: 'socket.connected' });
    facts.next(
      serverSays('turnOrderUpdate', {
        ...placed(3),
        type: 'turnOrder.advanced',
        payload: { map: 'Crypte', order: [] },
      }),
    );
    expect((await heard).map((event) => event.type)).toEqual([
      'table.event',
      'socket.disconnected',
      'socket.connected',
      'table.event',
    ]);
  });

  // One command's events reach a reader as one message: a drop is the move and its history entry.
  it('hands on each envelope of a message that carries several, in seq order', async () => {
    const facts = new Subject<SocketFact>();
    const heard = firstValueFrom(tableFeed(facts).pipe(take(3), toArray()));
    facts.next(serverSays('itemUpdate', [placed(1), placed(2, 'monster-2')]));
    facts.next(serverSays('itemUpdate', [placed(3), { seq: 'four' }]));
    facts.next(serverSays('itemUpdate', []));
    facts.next(serverSays('itemUpdate', placed(5)));
    const seqs = (await heard).map((fact) => (fact.type === 'table.event' ? fact.event.seq : null));
    expect(seqs).toEqual([1, 2, 5]);
  });

  it('gives the chat every line of a message that carries several', async () => {
    const line = (text: string, seq: number): TableEvent => {
      const command = { type: 'chat.send' as const, text, speaker: speakerOf(mj), recipients: [] };
      const decision = decide(emptyTable, command, mj, envOf(3));
      if ('refusal' in decision) throw new Error(decision.refusal);
      return { ...decision.events[0]!, seq, userId: mj.userId, createdAt: at } as TableEvent;
    };
    const facts = new Subject<SocketFact>();
    const heard = firstValueFrom(gameChatFacts(facts).pipe(take(2), toArray()));
    facts.next(serverSays('broadcastMessage', [line('Bonjour', 1), line('Bonsoir', 2)]));
    const lines = (await heard).map((fact) => (fact.type === 'chat.event.received' ? fact.event.seq : null));
    expect(lines).toEqual([1, 2]);
  });

  it("reads an acknowledgement: null when accepted, the server's refusal, or a failure text", async () => {
    expect(await refusalOf(Promise.resolve({ ok: true }))).toBeNull();
    expect(await refusalOf(Promise.resolve({ ok: false, error: 'Pion introuvable.' }))).toBe(
      'Pion introuvable.',
    );
    expect(await refusalOf(Promise.resolve('nonsense'))).toBe(tableRequestFailed);
    expect(await refusalOf(Promise.reject(new Error('operation has timed out')))).toBe(tableRequestFailed);
  });

  it('catches up over tableCatchUp with the last folded seq, and goes live', async () => {
    const request = vi.fn(async () => ({ ok: true, snapshot: null, events: [placed(1)] }));
    const sync = createActor(tableSyncLogic(request), { input: { gameId: 'G1', connected: true } }).start();
    await waitFor(sync, (snapshot) => snapshot.matches('live'));
    expect(request).toHaveBeenCalledWith('tableCatchUp', { gameId: 'G1', afterSeq: 0, epoch: 0 });
    expect(sync.getSnapshot().context.inbox.state.tokens.Crypte?.['monster-1']?.name).toBe('Goule');
  });

  it('retries a refused catch-up later instead of showing a table', async () => {
    const request = vi.fn(async () => ({ ok: false, error: 'Accès refusé' }));
    const sync = createActor(tableSyncLogic(request), { input: { gameId: 'G1', connected: true } }).start();
    await waitFor(sync, (snapshot) => snapshot.matches('waitingToRetry'));
    expect(sync.getSnapshot().context.inbox.state.lastSeq).toBe(0);
    sync.stop();
  });

  it("shows others' drags until the drop is logged", async () => {
    const facts = new Subject<SocketFact>();
    const seen = firstValueFrom(remoteDrags(facts).pipe(take(3), toArray()));
    facts.next(
      serverSays('itemDragging', { map: 'Crypte', usableId: 'monster-1', x: 40, y: 50, userId: 'u-mj' }),
    );
    facts.next(
      serverSays('itemUpdate', {
        type: 'token.moved',
        payload: { map: 'Crypte', usableId: 'monster-1', x: 41, y: 50 },
        seq: 2,
        userId: 'u-mj',
        createdAt: at,
      }),
    );
    expect(await seen).toEqual([{}, { Crypte: { 'monster-1': { x: 40, y: 50 } } }, { Crypte: {} }]);
  });

  it('thins drags to the pointer interval and always sends the last position', () => {
    vi.useFakeTimers();
    const emitted: unknown[] = [];
    const drags = dragEmitter((event, payload) => emitted.push([event, payload]) > 0);
    const at = (x: number) => ({ gameId: 'G1', map: 'Crypte', usableId: 'monster-1', x, y: 5 });
    drags.drag(at(1), 'touch');
    drags.drag(at(2), 'touch');
    drags.drag(at(3), 'touch');
    expect(emitted).toEqual([['itemDrag', at(1)]]);
    vi.advanceTimersByTime(DRAG_INTERVAL_MS.touch);
    expect(emitted).toEqual([
      ['itemDrag', at(1)],
      ['itemDrag', at(3)],
    ]);
    drags.stop();
    vi.useRealTimers();
  });

  it('sends no place of a drag after its drop, and the next drag as usual', () => {
    vi.useFakeTimers();
    const emitted: unknown[] = [];
    const drags = dragEmitter((event, payload) => emitted.push([event, payload]) > 0);
    const at = (x: number) => ({ gameId: 'G1', map: 'Crypte', usableId: 'monster-1', x, y: 5 });
    drags.drag(at(1), 'touch');
    drags.drag(at(2), 'touch');
    drags.drop();
    vi.advanceTimersByTime(DRAG_INTERVAL_MS.touch);
    expect(emitted).toEqual([['itemDrag', at(1)]]);
    drags.drag(at(7), 'touch');
    expect(emitted).toEqual([
      ['itemDrag', at(1)],
      ['itemDrag', at(7)],
    ]);
    drags.stop();
    vi.useRealTimers();
  });
});
