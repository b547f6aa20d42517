import { interval, map } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import { loadHistoryEvents, loadHistoryMarks, loadHistoryPoint } from '../api/history';
import { replayMachine, type ReplaySpeed } from '../machines/replay.machine';

/** At ×1 an event a second: slow enough to follow a fight, ×16 runs an evening in minutes. */
const EVENT_MS_AT_X1 = 1000;

/** The replay machine with its REST calls and its RxJS timer. */
export const replayLogic = replayMachine.provide({
  actors: {
    'load marks': fromPromise(({ input, signal }: { input: { gameId: string }; signal: AbortSignal }) =>
      loadHistoryMarks(input.gameId, signal),
    ),
    'load point': fromPromise(
      ({ input, signal }: { input: { gameId: string; seq?: number; at?: string }; signal: AbortSignal }) =>
        loadHistoryPoint(input.gameId, input, signal),
    ),
    'load events': fromPromise(
      ({ input, signal }: { input: { gameId: string; after: number; limit: number }; signal: AbortSignal }) =>
        loadHistoryEvents(input.gameId, input.after, input.limit, signal),
    ),
    ticks: fromEventObservable(({ input }: { input: { speed: ReplaySpeed } }) =>
      interval(EVENT_MS_AT_X1 / input.speed).pipe(map(() => ({ type: 'replay.tick' as const }))),
    ),
  },
});
