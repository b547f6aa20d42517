import { it } from 'vitest';
import {
  fromPromise,
  type AnyActorRef,
  type AnyEventObject,
  type SimulatedClock,
  type Snapshot,
} from 'xstate';
import type { TestParam, TestPath } from 'xstate/graph';
import { deferred, expectSameState, settle, titleOf, type Pending } from './machine-model';

/**
 * How a path reaches its fresh actor: one step for each event type, one check for each state, and
 * what must hold once the whole path is played.
 */
export type PathPlay<TSnapshot extends Snapshot<unknown>> = TestParam<TSnapshot, AnyEventObject> & {
  afterPath?: () => void;
};
type Step = { event: AnyEventObject };
type StepOf = (step: Step) => void | Promise<unknown>;
type StateChecks<TSnapshot> = Record<string, (expected: TSnapshot) => void | Promise<void>>;

/**
 * One test per path, titled by where it ends and how: `play` starts the real actor and its fake
 * effects afresh for each, and says how the path's events reach them and what each state means.
 */
export function testEveryPath<TSnapshot extends Snapshot<unknown> & { value: unknown }>(
  paths: Array<TestPath<TSnapshot, AnyEventObject>>,
  play: () => PathPlay<TSnapshot> | Promise<PathPlay<TSnapshot>>,
): void {
  for (const path of paths) {
    it(titleOf(path), async () => {
      const { afterPath, ...params } = await play();
      await path.test(params);
      afterPath?.();
    });
  }
}

/**
 * The checks of the listed states, each run once the real actor is found in the state and with the
 * context the model predicts (`actor` a function for a child actor, looked up at each check).
 */
export function inSameState<TSnapshot extends Snapshot<unknown>>(
  actor: AnyActorRef | (() => AnyActorRef),
  checks: StateChecks<TSnapshot>,
): StateChecks<TSnapshot> {
  return Object.fromEntries(
    Object.entries(checks).map(([key, check]) => [
      key,
      async (expected: TSnapshot) => {
        expectSameState(typeof actor === 'function' ? actor() : actor, expected);
        await check(expected);
      },
    ]),
  );
}

/** The same step for each of these event types. */
export function each(types: readonly string[], step: StepOf): Record<string, StepOf> {
  return Object.fromEntries(types.map((type) => [type, step]));
}

/** Every event type the paths take. */
export function eventTypesOf(paths: Array<{ steps: Array<{ event: AnyEventObject }> }>): string[] {
  return [...new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)))];
}

/** A step that sends the model's event, as it is, to the actor. */
export function sendTo(actor: AnyActorRef): StepOf {
  return ({ event }) => void actor.send(event);
}

/**
 * A step that settles the newest call of a fake effect as the model's `xstate.done…` (its output)
 * or `xstate.error…` (its error) says, then lets the actor hear of it.
 */
export function answerLatest<T>(calls: Array<Pending<T>> | (() => Array<Pending<T>>)): StepOf {
  return async ({ event }) => {
    const call = (typeof calls === 'function' ? calls() : calls).at(-1)!;
    if (event.type.startsWith('xstate.error')) call.reject(event.error);
    else call.resolve(event.output as T);
    await settle();
  };
}

/** A step that lets the simulated clock run out a delay, then lets the actor act on it. */
export function waitFor(clock: SimulatedClock, ms: number): StepOf {
  return async () => {
    clock.increment(ms);
    await settle();
  };
}

/** A fake effect whose calls wait in `calls`, with what they were asked, until the test answers. */
export function pendingCalls<TOutput, TInput = unknown>(calls: Array<Pending<TOutput>>) {
  return fromPromise<TOutput, TInput>(({ input }) => {
    const call = deferred<TOutput>(input);
    calls.push(call);
    return call.promise;
  });
}

/** The two ways the invocations of these ids can end: `xstate.done.actor.<id>` and `xstate.error.actor.<id>`. */
export function outcomesOf(...ids: string[]): string[] {
  return ids.flatMap((id) => [`xstate.done.actor.${id}`, `xstate.error.actor.${id}`]);
}
