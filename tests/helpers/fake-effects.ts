import { fromPromise, type AnyActorRef, type AnyEventObject, type SimulatedClock } from 'xstate';
import { deferred, settle, type Pending } from './machine-model';

type Step = (step: { event: AnyEventObject }) => void | Promise<unknown>;

/** A step that sends the model's event, as it is, to the actor. */
export function sendTo(actor: AnyActorRef): Step {
  return ({ event }) => void actor.send(event);
}

/**
 * A step that settles the newest call of a fake effect as the model's `xstate.done…` (its output)
 * or `xstate.error…` (its error) says, then lets the actor hear of it.
 */
export function answerLatest<T>(calls: Array<Pending<T>> | (() => Array<Pending<T>>)): Step {
  return async ({ event }) => {
    const call = (typeof calls === 'function' ? calls() : calls).at(-1)!;
    if (event.type.startsWith('xstate.error')) call.reject(event.error);
    else call.resolve(event.output as T);
    await settle();
  };
}

/** A step that lets the simulated clock run out a delay, then lets the actor act on it. */
export function waitFor(clock: SimulatedClock, ms: number): Step {
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
