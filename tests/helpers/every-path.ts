import { expect, it } from 'vitest';
import type { AnyActorRef, AnyEventObject, AnyStateMachine, Snapshot, SnapshotFrom } from 'xstate';
import type { TestParam, TestPath } from 'xstate/graph';
import {
  expectSameState,
  modelOf,
  pathsThroughEveryTransition,
  titleOf,
  visitedStates,
} from './machine-model';

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

/** The paths that take every transition of the machine (see `pathsThroughEveryTransition`). */
export function everyTransition<TMachine extends AnyStateMachine>(
  machine: TMachine,
  events: AnyEventObject[] | ((snapshot: SnapshotFrom<TMachine>) => AnyEventObject[]),
  input?: unknown,
) {
  return pathsThroughEveryTransition(modelOf(machine, events, input));
}

/**
 * One test per path, titled by where it ends and how: `play` starts the real actor and its fake
 * effects afresh for the path, and says how its events reach them and what each state means.
 */
export function testEveryPath<TSnapshot extends Snapshot<unknown> & { value: unknown }>(
  paths: Array<TestPath<TSnapshot, AnyEventObject>>,
  play: (path: TestPath<TSnapshot, AnyEventObject>) => PathPlay<TSnapshot> | Promise<PathPlay<TSnapshot>>,
): void {
  for (const path of paths) {
    it(titleOf(path), async () => {
      const { afterPath, ...params } = await play(path);
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

/** The two ways the invocations of these ids can end: `xstate.done.actor.<id>` and `xstate.error.actor.<id>`. */
export function outcomesOf(...ids: string[]): string[] {
  return ids.flatMap((id) => [`xstate.done.actor.${id}`, `xstate.error.actor.${id}`]);
}

type StateNodeLike = { key: string; states: Record<string, StateNodeLike> };

/** Every state of the machine, nested ones as dotted paths, in the order `visitedStates` gives. */
export function statesOf(machine: AnyStateMachine): string[] {
  const names = (node: StateNodeLike): string[] =>
    Object.values(node.states).flatMap((child) => [
      child.key,
      ...names(child).map((name) => `${child.key}.${name}`),
    ]);
  return names(machine.root as unknown as StateNodeLike).sort();
}

/** A test that the paths go through every state of the machine, so no state is left unchecked. */
export function itVisitsEveryState(
  paths: Array<{ steps: Array<{ state: { value: unknown } }> }>,
  machine: AnyStateMachine,
): void {
  it('visits every state of the machine', () => {
    expect(visitedStates(paths)).toEqual(statesOf(machine));
  });
}
