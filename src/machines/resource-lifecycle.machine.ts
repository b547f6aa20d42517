import { createActor, setup } from 'xstate';

/** How a resource looks from one game: its own, or an entry of the global store. */
export type LifecycleInput =
  | { kind: 'resource'; exportedToGlobal: boolean; importedFromGlobal: boolean }
  | { kind: 'entry'; importedHere: boolean; exportedFromHere: boolean };

export type LifecycleEvent =
  | { type: 'resource.exported' }
  | { type: 'resource.imported' }
  | { type: 'import.removed' }
  | { type: 'store.entry.removed' }
  | { type: 'resource.deleted' };

/**
 * The life of a resource as a game sees it (platform.md §4 "Resource", table.md §4): created
 * locally, exported to the global store (which marks it exported), or imported from the store
 * (a copy marked imported, whose import can be removed). A store entry the game does not have yet
 * is available to import. The admin card offers exactly the moves this machine allows.
 *
 * It is read as a transition table and never run: a resource's state is its two marks, which the
 * server keeps and sends with every list, and the list is read again after each call (the calls
 * themselves run in `admin-action-card.machine`). A running actor per resource would be a second
 * copy of those marks, to keep in step with every reload. So each card builds the machine's first
 * snapshot from the marks it shows (`lifecycleMoves`) and offers the events that snapshot accepts;
 * the model-based test walks the same chart.
 */
export const resourceLifecycleMachine = setup({
  types: {
    input: {} as LifecycleInput,
    context: {} as LifecycleInput,
    events: {} as LifecycleEvent,
  },
  guards: {
    'is a store entry not in this game': ({ context }) =>
      context.kind === 'entry' && !context.importedHere && !context.exportedFromHere,
    'was imported': ({ context }) =>
      context.kind === 'entry' ? context.importedHere : context.importedFromGlobal,
    'is exported': ({ context }) =>
      context.kind === 'entry' ? context.exportedFromHere : context.exportedToGlobal,
  },
}).createMachine({
  id: 'resourceLifecycle',
  context: ({ input }) => input,
  initial: 'resolving',
  states: {
    resolving: {
      always: [
        { guard: 'is a store entry not in this game', target: 'available' },
        { guard: 'was imported', target: 'imported' },
        { guard: 'is exported', target: 'exported' },
        { target: 'local' },
      ],
    },
    /** In the store, not in this game. */
    available: {
      on: { 'resource.imported': 'imported', 'store.entry.removed': 'gone' },
    },
    local: {
      on: { 'resource.exported': 'exported', 'resource.deleted': 'gone' },
    },
    exported: {
      on: { 'store.entry.removed': 'local', 'resource.deleted': 'gone' },
    },
    /** A copy from the store: it cannot go back to the store, and its import can be removed. */
    imported: {
      on: { 'import.removed': 'available' },
    },
    gone: { type: 'final' },
  },
});

const lifecycleEvents: LifecycleEvent['type'][] = [
  'resource.exported',
  'resource.imported',
  'import.removed',
  'store.entry.removed',
  'resource.deleted',
];

/** The lifecycle moves open to a resource in the state its marks give: what the admin card offers. */
export function lifecycleMoves(input: LifecycleInput): ReadonlySet<LifecycleEvent['type']> {
  // Never started: its first snapshot is where the marks put it.
  const snapshot = createActor(resourceLifecycleMachine, { input }).getSnapshot();
  return new Set(lifecycleEvents.filter((type) => snapshot.can({ type } as LifecycleEvent)));
}
