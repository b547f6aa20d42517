import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import {
  lifecycleMoves,
  resourceLifecycleMachine,
  type LifecycleEvent,
  type LifecycleInput,
} from '../../src/machines/resource-lifecycle.machine';
import { withInput } from '../helpers/machine-input';
import { testEveryPath } from '../helpers/every-path';
import { expectSameState, modelOf, visitedStates } from '../helpers/machine-model';

const events: LifecycleEvent[] = [
  { type: 'resource.exported' },
  { type: 'resource.imported' },
  { type: 'import.removed' },
  { type: 'store.entry.removed' },
  { type: 'resource.deleted' },
];

const starts: Array<[string, LifecycleInput, string]> = [
  [
    'a resource made in the game',
    { kind: 'resource', exportedToGlobal: false, importedFromGlobal: false },
    'local',
  ],
  [
    'a resource exported from the game',
    { kind: 'resource', exportedToGlobal: true, importedFromGlobal: false },
    'exported',
  ],
  [
    'a copy imported from the store',
    { kind: 'resource', exportedToGlobal: false, importedFromGlobal: true },
    'imported',
  ],
  [
    'a store entry the game lacks',
    { kind: 'entry', importedHere: false, exportedFromHere: false },
    'available',
  ],
  ['a store entry imported here', { kind: 'entry', importedHere: true, exportedFromHere: false }, 'imported'],
  [
    'a store entry exported from here',
    { kind: 'entry', importedHere: false, exportedFromHere: true },
    'exported',
  ],
];

/** What each state lets the admin card offer. */
const offers: Record<string, LifecycleEvent['type'][]> = {
  available: ['resource.imported', 'store.entry.removed'],
  local: ['resource.exported', 'resource.deleted'],
  exported: ['store.entry.removed', 'resource.deleted'],
  imported: ['import.removed'],
  gone: [],
};

describe.each(starts)('resource lifecycle of %s', (_title, input, first) => {
  const paths = modelOf(withInput(resourceLifecycleMachine, input), events).getSimplePaths();

  testEveryPath(paths, () => {
    const actor = createActor(resourceLifecycleMachine, { input }).start();
    expect(actor.getSnapshot().value).toBe(first);
    const send = ({ event }: { event: AnyEventObject }) => actor.send(event as LifecycleEvent);
    return {
      events: Object.fromEntries(events.map((event) => [event.type, send])),
      states: {
        '*': (expected) => {
          expectSameState(actor, expected);
          const state = String(actor.getSnapshot().value);
          const allowed = events.filter((event) => actor.getSnapshot().can(event)).map((event) => event.type);
          expect(allowed).toEqual(offers[state]);
        },
      },
    };
  });
});

describe('resource lifecycle', () => {
  it('goes through every state from the starts a game meets', () => {
    const all = starts.flatMap(([, input]) =>
      visitedStates(modelOf(withInput(resourceLifecycleMachine, input), events).getSimplePaths()),
    );
    expect([...new Set(all)].sort()).toEqual(['available', 'exported', 'gone', 'imported', 'local']);
  });

  it('never sends an imported copy back to the store', () => {
    const actor = createActor(resourceLifecycleMachine, {
      input: { kind: 'resource', exportedToGlobal: false, importedFromGlobal: true },
    }).start();
    actor.send({ type: 'resource.exported' });
    expect(actor.getSnapshot().value).toBe('imported');
    actor.send({ type: 'import.removed' });
    expect(actor.getSnapshot().value).toBe('available');
  });
});

describe('lifecycle moves offered by the admin card', () => {
  it.each(starts)('%s', (_title, input, first) => {
    expect([...lifecycleMoves(input)]).toEqual(offers[first]);
  });
});
