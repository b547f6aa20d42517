import {
  type ActorLogic,
  type AnyActorRef,
  type AnyEventObject,
  type AnyStateMachine,
  type EventObject,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';
import { TestModel } from 'xstate/graph';
import { expect } from 'vitest';

/** A state is its value and its context; how it was reached does not make it another state. */
function serializeState(snapshot: Snapshot<unknown>): string {
  const { value, context } = snapshot as unknown as { value: unknown; context: unknown };
  return JSON.stringify({ value, context });
}

/**
 * A model-based test model of a machine. `createTestModel` refuses machines that invoke actors or
 * wait (`after`), because a graph walk cannot run them; the `TestModel` it wraps walks the real
 * statechart all the same when the outcomes are listed as events: an invocation's
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>`, a timer's `xstate.after.<delay>.<state id>`.
 * The test then plays each path on the real actor, with fake effects and a simulated clock.
 */
export function modelOf<TMachine extends AnyStateMachine>(
  machine: TMachine,
  events: AnyEventObject[] | ((snapshot: SnapshotFrom<TMachine>) => AnyEventObject[]),
  /** The machine's input, for machines that take one (read by the shortest and simple paths). */
  input?: unknown,
) {
  return new TestModel<SnapshotFrom<TMachine>, AnyEventObject, unknown>(
    machine as unknown as ActorLogic<SnapshotFrom<TMachine>, AnyEventObject, unknown>,
    {
      events,
      input,
      serializeState,
      stateMatcher: (snapshot, key) => (snapshot as unknown as { matches(k: string): boolean }).matches(key),
    },
  );
}

/**
 * One path per transition: the shortest way to each state, then each event the model offers from
 * there — so every transition is taken at least once, not only every state reached.
 */
export function pathsThroughEveryTransition<TSnapshot extends Snapshot<unknown>>(
  model: TestModel<TSnapshot, AnyEventObject, unknown>,
) {
  const adjacency = model.getAdjacencyMap();
  const seen = new Set<string>();
  return model.getShortestPaths({ allowDuplicatePaths: true }).flatMap((toState) =>
    Object.values(
      adjacency[serializeState(toState.state) as keyof typeof adjacency]?.transitions ?? {},
    ).flatMap(({ event }) => {
      const events = [...toState.steps.slice(1).map((step) => step.event), event];
      return model.getPathsFromEvents(events).filter((path) => {
        const fresh = !seen.has(path.description);
        seen.add(path.description);
        return fresh;
      });
    }),
  );
}

/** Lets settled fake effects report to their actor before the next step. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The real actor is in the state the model predicts, with the same context. */
export function expectSameState(actor: AnyActorRef, expected: Snapshot<unknown>): void {
  const { value, context } = expected as unknown as { value: unknown; context: unknown };
  expect(actor.getSnapshot().value).toEqual(value);
  expect(actor.getSnapshot().context).toEqual(context);
}

/** A promise the test settles by hand: the fake effect answers when the path says so. */
export interface Pending<T> {
  input: unknown;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T>(input: unknown): Pending<T> & { promise: Promise<T> } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { input, promise, resolve, reject };
}

/**
 * Every state value the paths go through, as dotted paths. Shortest paths that are the start of a
 * longer one are dropped, so the states in between count too.
 */
export function visitedStates(paths: Array<{ steps: Array<{ state: { value: unknown } }> }>): string[] {
  const names = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => [
          key,
          ...names(child).map((name) => `${key}.${name}`),
        ]);
  return [...new Set(paths.flatMap((path) => path.steps.flatMap((step) => names(step.state.value))))].sort();
}

/** A readable test title: where the path ends and the events that lead there. */
export function titleOf(path: { state: { value: unknown }; steps: Array<{ event: EventObject }> }): string {
  const events = path.steps.map((step) => step.event.type).filter((type) => type !== 'xstate.init');
  return `${JSON.stringify(path.state.value)} ← ${events.join(' → ') || 'start'}`;
}
