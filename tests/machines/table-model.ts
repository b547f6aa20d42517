import type { ActorLogic, AnyEventObject, AnyStateMachine, InputFrom, Snapshot, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';

/**
 * `modelOf` of tests/helpers/machine-model.ts for machines that need an input: the table's
 * machines start from who the actor is (MJ or player) and what the table shows.
 */
export function modelWithInput<TMachine extends AnyStateMachine>(
  machine: TMachine,
  input: InputFrom<TMachine>,
  events: AnyEventObject[] | ((snapshot: SnapshotFrom<TMachine>) => AnyEventObject[]),
) {
  const serializeState = (snapshot: Snapshot<unknown>) => {
    const { value, context } = snapshot as unknown as { value: unknown; context: unknown };
    return JSON.stringify({ value, context });
  };
  return new TestModel<SnapshotFrom<TMachine>, AnyEventObject, unknown>(
    machine as unknown as ActorLogic<SnapshotFrom<TMachine>, AnyEventObject, unknown>,
    {
      events,
      serializeState,
      input,
      stateMatcher: (snapshot: unknown, key: string) =>
        (snapshot as unknown as { matches(k: string): boolean }).matches(key),
    } as never,
  );
}
