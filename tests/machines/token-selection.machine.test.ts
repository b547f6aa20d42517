import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, type AnyEventObject } from 'xstate';
import { NEVER, Subject, type Observable } from 'rxjs';
import { tokenSelectionMachine, type TokenSelectionEvent } from '../../src/machines/token-selection.machine';
import {
  each,
  eventTypesOf,
  everyTransition,
  itVisitsEveryState,
  testEveryPath,
} from '../helpers/every-path';
import { expectSameState } from '../helpers/machine-model';

/** Aria's and the wolf's centres; the lich stands far off. */
const selectable = [
  { usableId: 'aria', centre: { x: 50, y: 50 } },
  { usableId: 'wolf', centre: { x: 120, y: 80 } },
  { usableId: 'lich', centre: { x: 900, y: 900 } },
];
const boxFrom = { type: 'box.started', pointerId: 1, at: { x: 0, y: 0 }, selectable } as const;
const boxTo = (x: number, y: number, dropped = true) =>
  ({ type: 'box.released', pointerId: 1, at: { x, y }, dropped }) as const;

const quiet = tokenSelectionMachine.provide({
  actors: { 'escape presses': fromEventObservable(() => NEVER as Observable<{ type: 'selection.clear' }>) },
});

type Snapshot = ReturnType<typeof tokenSelectionMachine.getInitialSnapshot>;

function modelEvents(state: Snapshot): AnyEventObject[] {
  if (state.matches('boxing'))
    return [
      { type: 'box.moved', pointerId: 1, at: { x: 60, y: 60 } },
      boxTo(200, 100),
      boxTo(200, 100, false),
      { type: 'selection.clear' },
    ];
  return [boxFrom, { type: 'selection.toggle', usableId: 'lich' }, { type: 'selection.clear' }];
}

describe('token selection: every transition', () => {
  const paths = everyTransition(quiet, modelEvents);
  itVisitsEveryState(paths, quiet);

  testEveryPath(paths, () => {
    const actor = createActor(quiet).start();
    const send = ({ event }: { event: AnyEventObject }) => actor.send(event as TokenSelectionEvent);
    return {
      events: each(eventTypesOf(paths), send),
      states: {
        '*': (expected) => expectSameState(actor, expected),
        // Between gestures no rectangle is drawn.
        idle: () => expect(actor.getSnapshot().context.box).toBeNull(),
        boxing: () => expect(actor.getSnapshot().context.box?.from).toEqual({ x: 0, y: 0 }),
      },
    };
  });
});

describe('token selection', () => {
  it('adds what a rectangle holds to what Shift + click picked, and Escape clears it all', () => {
    const escape = new Subject<{ type: 'selection.clear' }>();
    const actor = createActor(
      tokenSelectionMachine.provide({ actors: { 'escape presses': fromEventObservable(() => escape) } }),
    ).start();
    actor.send({ type: 'selection.toggle', usableId: 'lich' });
    actor.send(boxFrom);
    actor.send({ type: 'box.moved', pointerId: 1, at: { x: 60, y: 60 } });
    expect(actor.getSnapshot().context.box?.to).toEqual({ x: 60, y: 60 });
    // Another finger's release is not the rectangle's.
    actor.send({ ...boxTo(200, 100), pointerId: 2 });
    expect(actor.getSnapshot().matches('boxing')).toBe(true);
    actor.send(boxTo(200, 100));
    expect(actor.getSnapshot().context.selected).toEqual(['lich', 'aria', 'wolf']);
    actor.send({ type: 'selection.toggle', usableId: 'aria' });
    expect(actor.getSnapshot().context.selected).toEqual(['lich', 'wolf']);
    escape.next({ type: 'selection.clear' });
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it('keeps a picking mode for touch screens, which have no Maj key, and keeps the selection when it ends', () => {
    const actor = createActor(quiet).start();
    actor.send({ type: 'selection.picking', on: true });
    expect(actor.getSnapshot().context.picking).toBe(true);
    actor.send({ type: 'selection.toggle', usableId: 'wolf' });
    actor.send({ type: 'selection.picking', on: false });
    expect(actor.getSnapshot().context).toMatchObject({ picking: false, selected: ['wolf'] });
  });

  it('selects nothing when the browser takes the pointer back', () => {
    const actor = createActor(quiet).start();
    actor.send(boxFrom);
    actor.send(boxTo(200, 100, false));
    expect(actor.getSnapshot().context).toEqual({ selected: [], box: null, picking: false });
  });
});
