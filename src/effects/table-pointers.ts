import {
  asyncScheduler,
  filter,
  groupBy,
  interval,
  map,
  merge,
  mergeMap,
  of,
  scan,
  startWith,
  Subject,
  switchMap,
  throttleTime,
  timer,
  type Observable,
} from 'rxjs';
import { tablePinged, tableRulerShown, type TableRulerPayload } from '../api/schemas/table';
import type { Point } from '../domain/geometry/geometry';
import { serverEvents } from './server-events';
import type { SocketFact } from './socket';

/** How long a ping's ring shows: two pulses of its animation. */
export const PING_MS = 2_400;
/** A shown ruler goes to the others at most this often (a finger's drag pace); its end at once. */
export const RULER_INTERVAL_MS = 50;
/** A still arrow is said again this often, so the others can tell it from one left behind. */
export const RULER_KEPT_MS = 2_000;
/**
 * An arrow not heard of for this long fades: its drawer's tab crashed with its socket still open,
 * and its end will never come. Two of the sayings again may be lost on the way first.
 */
export const RULER_STALE_MS = 5_000;

/** A ring on the map: where (the map's pixels), and who pinged (null: the user). */
export interface ShownPing {
  key: number;
  map: string;
  at: Point;
  name: string | null;
}

/** The user's own ping, drawn at once while the server relays it. */
export interface OwnPing {
  map: string;
  at: Point;
}

/** The others' arrows being drawn, by user id. */
export type RemoteRulers = Record<string, { map: string; from: Point; to: Point; name: string }>;

/**
 * The rings to draw: the user's own pings and the others' (`tablePinged`), each for `PING_MS`, in
 * the order they came.
 */
export function pingRings(
  facts$: Observable<SocketFact>,
  own$: Observable<OwnPing>,
): Observable<ShownPing[]> {
  let keys = 0;
  const heard = serverEvents(facts$, 'tablePinged', tablePinged).pipe(
    map(({ map: onMap, at, name }) => ({ map: onMap, at, name })),
  );
  const pinged = merge(own$.pipe(map((ping) => ({ ...ping, name: null }))), heard).pipe(
    map((ping): ShownPing => ({ ...ping, key: (keys += 1) })),
  );
  return pinged.pipe(
    mergeMap((ping) =>
      merge(of({ ping, shown: true }), timer(PING_MS).pipe(map(() => ({ ping, shown: false })))),
    ),
    scan(
      (rings: ShownPing[], { ping, shown }) =>
        shown ? [...rings, ping] : rings.filter((ring) => ring.key !== ping.key),
      [],
    ),
    startWith([]),
  );
}

/** The MJ's pings that bring everyone's view: the map and the point to centre on. */
export function viewsBrought(facts$: Observable<SocketFact>): Observable<{ map: string; at: Point }> {
  return serverEvents(facts$, 'tablePinged', tablePinged).pipe(
    filter((ping) => ping.bring),
    map(({ map: onMap, at }) => ({ map: onMap, at })),
  );
}

/**
 * The others' arrows as they draw them (`tableRulerShown`); one leaves when its end comes, or
 * when it was not heard of for `RULER_STALE_MS`.
 */
export function remoteRulers(facts$: Observable<SocketFact>): Observable<RemoteRulers> {
  return serverEvents(facts$, 'tableRulerShown', tableRulerShown).pipe(
    groupBy((shown) => shown.userId),
    mergeMap((drawer) =>
      drawer.pipe(
        switchMap((shown) =>
          shown.ruler === null
            ? of(shown)
            : merge(of(shown), timer(RULER_STALE_MS).pipe(map(() => ({ ...shown, ruler: null })))),
        ),
      ),
    ),
    scan((rulers: RemoteRulers, shown) => {
      const next = { ...rulers };
      if (shown.ruler) next[shown.userId] = { map: shown.map, ...shown.ruler, name: shown.name };
      else delete next[shown.userId];
      return next;
    }, {}),
    startWith({}),
  );
}

/**
 * The user's arrow sent to the others while shown (`tableRuler`, never acknowledged): thinned to
 * `RULER_INTERVAL_MS`, its last place always sent, said again every `RULER_KEPT_MS` while held
 * still, and its end (null) sent at once after it.
 */
export function rulerEmitter(emit: (event: string, payload: unknown) => boolean) {
  const arrows = new Subject<TableRulerPayload>();
  const subscription = arrows
    .pipe(
      switchMap((payload) =>
        payload.ruler === null
          ? of(payload)
          : interval(RULER_KEPT_MS).pipe(
              map(() => payload),
              startWith(payload),
            ),
      ),
      throttleTime(RULER_INTERVAL_MS, asyncScheduler, { leading: true, trailing: true }),
    )
    .subscribe((payload) => emit('tableRuler', payload));
  return {
    show: (payload: TableRulerPayload) => arrows.next(payload),
    stop: () => subscription.unsubscribe(),
  };
}
