import {
  fromCallback,
  fromEventObservable,
  fromPromise,
  type EventObject,
  type NonReducibleUnknown,
} from 'xstate';

/**
 * Stand-ins for the effects a machine declares but never implements: the composition root and the
 * tests provide the real ones (`machine.provide`). Running a stand-in is a wiring mistake, so it
 * fails loudly instead of pretending to work.
 */
export function unprovidedPromise<TOutput, TInput = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`Effect not provided: ${name}`)));
}

export function unprovidedEvents<TEvent extends EventObject, TInput = NonReducibleUnknown>(name: string) {
  return fromEventObservable<TEvent, TInput>(() => {
    throw new Error(`Effect not provided: ${name}`);
  });
}

export function unprovidedCallback<TReceived extends EventObject, TInput = NonReducibleUnknown>(
  name: string,
) {
  return fromCallback<TReceived, TInput>(() => {
    throw new Error(`Effect not provided: ${name}`);
  });
}
