import { Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SocketFact } from '../../src/effects/socket';
import {
  PING_MS,
  pingRings,
  remoteRulers,
  RULER_INTERVAL_MS,
  RULER_KEPT_MS,
  RULER_STALE_MS,
  rulerEmitter,
  viewsBrought,
  type OwnPing,
  type RemoteRulers,
  type ShownPing,
} from '../../src/effects/table-pointers';

const serverSays = (name: string, payload: unknown): SocketFact => ({ type: 'socket.event', name, payload });
const pinged = (x: number, bring = false) =>
  serverSays('tablePinged', { map: 'Forêt', at: { x, y: 1 }, bring, userId: 'u-mj', name: 'Mira' });

afterEach(() => vi.useRealTimers());

describe('the pings’ rings and the others’ rulers', () => {
  it('shows the user’s ring and the others’ for PING_MS each, and tells of a view brought', () => {
    vi.useFakeTimers();
    const facts = new Subject<SocketFact>();
    const own = new Subject<OwnPing>();
    let rings: ShownPing[] = [];
    const brought: unknown[] = [];
    pingRings(facts, own).subscribe((shown) => (rings = shown));
    viewsBrought(facts).subscribe((view) => brought.push(view));
    own.next({ map: 'Forêt', at: { x: 5, y: 5 } });
    vi.advanceTimersByTime(PING_MS / 2);
    facts.next(pinged(10, true));
    facts.next(serverSays('tablePinged', { map: 'Forêt', at: 'nowhere' }));
    expect(rings.map((ring) => [ring.name, ring.at.x])).toEqual([
      [null, 5],
      ['Mira', 10],
    ]);
    vi.advanceTimersByTime(PING_MS / 2);
    expect(rings.map((ring) => ring.name)).toEqual(['Mira']);
    vi.advanceTimersByTime(PING_MS / 2);
    expect(rings).toEqual([]);
    expect(brought).toEqual([{ map: 'Forêt', at: { x: 10, y: 1 } }]);
  });

  it('keeps each drawer’s arrow until its end comes', () => {
    const facts = new Subject<SocketFact>();
    let rulers: RemoteRulers = {};
    remoteRulers(facts).subscribe((shown) => (rulers = shown));
    const arrow = { from: { x: 1, y: 1 }, to: { x: 80, y: 1 } };
    facts.next(serverSays('tableRulerShown', { map: 'Forêt', ruler: arrow, userId: 'u-ana', name: 'Ana' }));
    expect(rulers).toEqual({ 'u-ana': { map: 'Forêt', ...arrow, name: 'Ana' } });
    facts.next(serverSays('tableRulerShown', { map: 'Forêt', ruler: null, userId: 'u-ana', name: 'Ana' }));
    expect(rulers).toEqual({});
  });

  it('lets an arrow not heard of for RULER_STALE_MS fade, and keeps one heard of again', () => {
    vi.useFakeTimers();
    const facts = new Subject<SocketFact>();
    let rulers: RemoteRulers = {};
    remoteRulers(facts).subscribe((shown) => (rulers = shown));
    const arrow = { from: { x: 1, y: 1 }, to: { x: 80, y: 1 } };
    const drawn = (userId: string) =>
      serverSays('tableRulerShown', { map: 'Forêt', ruler: arrow, userId, name: userId });
    facts.next(drawn('u-ana'));
    facts.next(drawn('u-bob'));
    vi.advanceTimersByTime(RULER_STALE_MS - 1);
    facts.next(drawn('u-bob'));
    vi.advanceTimersByTime(1);
    expect(Object.keys(rulers)).toEqual(['u-bob']);
    vi.advanceTimersByTime(RULER_STALE_MS);
    expect(rulers).toEqual({});
  });

  it('says the user’s still arrow again every RULER_KEPT_MS, so the others keep it', () => {
    vi.useFakeTimers();
    const sent: unknown[] = [];
    const emitter = rulerEmitter((event, payload) => sent.push(payload) > 0);
    const held = { gameId: 'g', map: 'Forêt', ruler: { from: { x: 0, y: 0 }, to: { x: 9, y: 0 } } };
    emitter.show(held);
    vi.advanceTimersByTime(RULER_KEPT_MS * 2);
    expect(sent).toEqual([held, held, held]);
    expect(RULER_KEPT_MS * 2).toBeLessThan(RULER_STALE_MS);
    emitter.show({ ...held, ruler: null });
    vi.advanceTimersByTime(RULER_KEPT_MS * 2);
    expect(sent).toEqual([held, held, held, { ...held, ruler: null }]);
    emitter.stop();
  });

  it('thins the user’s arrow to the ruler interval, its end always sent', () => {
    vi.useFakeTimers();
    const sent: unknown[] = [];
    const emitter = rulerEmitter((event, payload) => sent.push([event, payload]) > 0);
    const at = (x: number) => ({
      gameId: 'g',
      map: 'Forêt',
      ruler: { from: { x: 0, y: 0 }, to: { x, y: 0 } },
    });
    emitter.show(at(1));
    emitter.show(at(2));
    emitter.show({ gameId: 'g', map: 'Forêt', ruler: null });
    vi.advanceTimersByTime(RULER_INTERVAL_MS);
    expect(sent).toEqual([
      ['tableRuler', at(1)],
      ['tableRuler', { gameId: 'g', map: 'Forêt', ruler: null }],
    ]);
    emitter.stop();
  });
});
