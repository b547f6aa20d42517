import type { AnyStateMachine } from 'xstate';

/** A machine that starts from the given input, for a model walk (which starts machines without one). */
export function withInput<TMachine extends AnyStateMachine>(machine: TMachine, input: unknown): TMachine {
  const logic: TMachine = Object.create(machine);
  logic.getInitialSnapshot = (scope) => machine.getInitialSnapshot(scope, input);
  return logic;
}
