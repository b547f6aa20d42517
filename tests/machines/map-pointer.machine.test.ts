import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import {
  DRAG_THRESHOLD_PX,
  mapPointerMachine,
  type AimClick,
  type MapPointerEvent,
  type TokenPlace,
} from '../../src/machines/map-pointer.machine';
import {
  each,
  eventTypesOf,
  everyTransition,
  itVisitsEveryState,
  testEveryPath,
} from '../helpers/every-path';
import { expectSameState } from '../helpers/machine-model';

const map = { name: 'Forêt', width: 1000, height: 500 };
const pressWolf = {
  type: 'token.pressed',
  usableId: 'wolf',
  controllable: true,
  corner: { x: 100, y: 100 },
  map,
  pointerId: 1,
  onMap: { x: 110, y: 120 },
  client: { x: 10, y: 10 },
} as const;
const moveTo = (x: number, pointerId = 1) =>
  ({
    type: 'pointer.moved',
    touch: false,
    pointerId,
    onMap: { x: 110 + x, y: 120 },
    client: { x: 10 + x, y: 10 },
  }) as const;
const release = (dropped: boolean, x = 0) => ({ ...moveTo(x), type: 'pointer.released', dropped }) as const;
const pressFrame = (alt: boolean) =>
  ({
    type: 'frame.pressed',
    alt,
    mainButton: true,
    isPrimary: true,
    pointerId: 1,
    onMap: { x: 0, y: 0 },
    client: { x: 0, y: 0 },
  }) as const;

type Snapshot = ReturnType<typeof mapPointerMachine.getInitialSnapshot>;

/** What a hand on the map can do from each snapshot (one pointer; a second one is tested below). */
function modelEvents(state: Snapshot): AnyEventObject[] {
  if (Object.keys(state.context.standing).length > 0) return groupEvents(state);
  const events: AnyEventObject[] = [{ type: 'ruler.set', on: !state.matches({ ruler: 'on' }) }];
  // The table tells where its tokens stand; from there, a selection's gestures (below).
  if (state.matches({ gesture: 'idle', ruler: 'off', aim: 'off' }) && state.context.menu === null)
    events.push({ type: 'tokens.standing', tokens: { wolf: { x: 10, y: 20 }, goblin: { x: 50, y: 40 } } });
  // The table starts and ends an aim between gestures (the ruler's region is independent of it).
  if (state.matches({ gesture: 'idle', ruler: 'off' }))
    events.push({ type: state.matches({ aim: 'on' }) ? 'aim.ended' : 'aim.started' });
  if (state.matches({ gesture: 'idle' })) events.push(pressWolf, pressFrame(true), pressFrame(false));
  if (state.matches({ aim: 'on' })) events.push({ type: 'aim.moved', onMap: { x: 5, y: 5 } });
  if (state.matches({ gesture: 'pressingToken' }))
    events.push(moveTo(DRAG_THRESHOLD_PX), release(true), release(false));
  if (state.matches({ gesture: 'draggingToken' })) events.push(release(true, 50), release(false, 50));
  if (state.matches({ gesture: 'measuring' })) events.push(moveTo(30), release(true, 30));
  if (Object.keys(state.context.local).length > 0) events.push({ type: 'drop.answered', usableId: 'wolf' });
  if (state.context.menu) events.push({ type: 'menu.close' });
  return events;
}

/**
 * The wolf in hand, and with it only tokens of its group the table showed, each from its place
 * there: the goblin at (500, 200), 390 px left of and 80 px above the pointer.
 */
function expectWolfGrabbed({ context }: Snapshot) {
  expect(context.grab?.usableId).toBe('wolf');
  for (const member of context.grab?.group ?? []) {
    expect(member).toEqual({ usableId: 'goblin', offset: { x: -390, y: -80 }, size: 1 });
    expect(context.standing).toHaveProperty('goblin');
  }
}

/** Once the table told where its tokens stand: the selection's wolf pressed, dragged with the goblin, dropped. */
function groupEvents(state: Snapshot): AnyEventObject[] {
  const events: AnyEventObject[] = [];
  if (state.matches({ gesture: 'idle' })) events.push({ ...pressWolf, group: ['wolf', 'goblin'] });
  if (state.matches({ gesture: 'pressingToken' })) events.push(moveTo(DRAG_THRESHOLD_PX), release(true));
  if (state.matches({ gesture: 'draggingToken' })) events.push(release(true, 50), release(false, 50));
  for (const usableId of Object.keys(state.context.local)) events.push({ type: 'drop.answered', usableId });
  if (state.context.menu) events.push({ type: 'menu.close' });
  return events;
}

describe('map pointer: every transition', () => {
  const paths = everyTransition(mapPointerMachine, modelEvents);

  itVisitsEveryState(paths, mapPointerMachine);

  testEveryPath(paths, () => {
    const actor = createActor(mapPointerMachine).start();
    const send = ({ event }: { event: AnyEventObject }) => actor.send(event as MapPointerEvent);
    return {
      events: each(eventTypesOf(paths), send),
      states: {
        '*': (expected) => expectSameState(actor, expected),
        // Nothing held in hand: no grab, no arrow.
        'gesture.idle': () =>
          expect(actor.getSnapshot().context).toMatchObject({ grab: null, measure: null, carried: {} }),
        'gesture.pressingToken': () => expectWolfGrabbed(actor.getSnapshot()),
        // A drag carries its token (an earlier drop's late answer may show the logged place meanwhile).
        'gesture.draggingToken': () => {
          expectWolfGrabbed(actor.getSnapshot());
          expect(actor.getSnapshot().context.carried).toHaveProperty('wolf');
        },
        'gesture.measuring': () => expect(actor.getSnapshot().context.measure).not.toBeNull(),
        // No attack aimed, no area following the pointer.
        'aim.off': () => expect(actor.getSnapshot().context.aimAt).toBeNull(),
      },
    };
  });
});

type Asked =
  | ({ type: 'drag token'; touch: boolean } & TokenPlace)
  | ({ type: 'drop token' } & TokenPlace)
  | ({ type: 'click aim' } & AimClick)
  | { type: 'announce'; text: string };

/** The gestures with their asks recorded, as the live table would send them on. */
function start() {
  const asked: Asked[] = [];
  const actor = createActor(
    mapPointerMachine.provide({
      actions: {
        'drag token': (_, place) => void asked.push({ type: 'drag token', ...place }),
        'drop token': (_, place) => void asked.push({ type: 'drop token', ...place }),
        'click aim': (_, click) => void asked.push({ type: 'click aim', ...click }),
        announce: (_, said) => void asked.push({ type: 'announce', ...said }),
      },
    }),
  ).start();
  return { actor, asked };
}

describe('map pointer', () => {
  it('drags a token once it travels 4 px, shows it held, and asks for the drop in percent of the map', () => {
    const { actor, asked } = start();
    actor.send(pressWolf);
    actor.send(moveTo(DRAG_THRESHOLD_PX - 1));
    expect(actor.getSnapshot().matches({ gesture: 'pressingToken' })).toBe(true);
    actor.send(moveTo(100));
    // The pointer held the token 10 px right of its corner: the corner lands at 200 px, 20 % of 1000.
    // Carried, not yet laid out anywhere.
    expect(actor.getSnapshot().context).toMatchObject({ carried: { wolf: { x: 20, y: 20 } }, local: {} });
    actor.send(release(true, 100));
    expect(asked).toEqual([
      { type: 'drag token', map: 'Forêt', usableId: 'wolf', position: { x: 20, y: 20 }, touch: false },
      { type: 'drop token', map: 'Forêt', usableId: 'wolf', position: { x: 20, y: 20 } },
    ]);
    // Set down, and held where it was dropped until the server answers.
    expect(actor.getSnapshot().context).toMatchObject({ carried: {}, local: { wolf: { x: 20, y: 20 } } });
    actor.send({ type: 'drop.answered', usableId: 'wolf' });
    expect(actor.getSnapshot().context.local).toEqual({});
  });

  it('keeps a large token’s whole square on the map while it is dragged', () => {
    const { actor, asked } = start();
    actor.send({ ...pressWolf, size: 3 });
    actor.send(moveTo(2000));
    // Three cells of 75 px on a 1000 px map: the corner stops at 775 px, 77.5 %.
    expect(actor.getSnapshot().context.carried).toEqual({ wolf: { x: 77.5, y: 20 } });
    actor.send(release(true, 2000));
    expect(asked.at(-1)).toEqual({
      type: 'drop token',
      map: 'Forêt',
      usableId: 'wolf',
      position: { x: 77.5, y: 20 },
    });
  });

  it('drops a token on the nearest cell of the map’s grid, unless Shift is held or snapping is off', () => {
    const grid = { cellPx: 100, offsetX: 0, offsetY: 0, shown: true, color: '#000000', opacity: 0.3 };
    const dropAt = (x: number, { free = false, snap = true } = {}) => {
      const { actor, asked } = start();
      if (!snap) actor.send({ type: 'snap.set', on: false });
      actor.send({ ...pressWolf, grid });
      actor.send(moveTo(x));
      actor.send({ ...release(true, x), free });
      return { dropped: asked.at(-1), held: actor.getSnapshot().context.local.wolf };
    };
    // The corner travels 137 px, to 237 px: the line at 200 px is the nearest, 20 % of 1000.
    expect(dropAt(137)).toEqual({
      dropped: { type: 'drop token', map: 'Forêt', usableId: 'wolf', position: { x: 20, y: 20 }, snap: true },
      held: { x: 20, y: 20 },
    });
    expect(dropAt(137, { free: true }).dropped).toEqual({
      type: 'drop token',
      map: 'Forêt',
      usableId: 'wolf',
      position: { x: 23.7, y: 20 },
    });
    expect(dropAt(137, { snap: false }).held).toEqual({ x: 23.7, y: 20 });
  });

  it('carries a token moved by the arrow keys as a drag, and drops it on Enter', () => {
    const { actor, asked } = start();
    const step = (x: number, snap: boolean) =>
      actor.send({
        type: 'token.stepped',
        map: 'Forêt',
        usableId: 'wolf',
        name: 'Loup',
        from: { x: 10, y: 20 },
        position: { x, y: 20 },
        snap,
      });
    step(20, true);
    step(30, true);
    expect(actor.getSnapshot().context.local).toEqual({ wolf: { x: 30, y: 20 } });
    expect(asked.map((event) => event.type)).toEqual(['drag token', 'announce', 'drag token']);
    expect(asked[1]).toMatchObject({ text: expect.stringMatching(/^Pion soulevé\u00a0: Loup\./) });
    actor.send({ type: 'token.putDown', usableId: 'wolf' });
    expect(asked.slice(3)).toEqual([
      { type: 'drop token', map: 'Forêt', usableId: 'wolf', position: { x: 30, y: 20 }, snap: true },
      { type: 'announce', text: 'Pion posé\u00a0: Loup.' },
    ]);
    expect(actor.getSnapshot().context.lift).toBeNull();
  });

  it('puts a carried token back where it was on Escape: nothing is dropped', () => {
    const { actor, asked } = start();
    actor.send({
      type: 'token.stepped',
      map: 'Forêt',
      usableId: 'wolf',
      name: 'Loup',
      from: { x: 10, y: 20 },
      position: { x: 12, y: 20 },
      snap: false,
    });
    actor.send({ type: 'token.putBack', usableId: 'wolf' });
    actor.send({ type: 'token.putDown', usableId: 'wolf' });
    expect(actor.getSnapshot().context).toMatchObject({ local: {}, lift: null });
    expect(asked.filter((event) => event.type === 'drop token')).toEqual([]);
    // The others saw it carried: they see it back where it stood.
    expect(asked.at(-2)).toEqual({
      type: 'drag token',
      map: 'Forêt',
      usableId: 'wolf',
      position: { x: 10, y: 20 },
      touch: false,
    });
    expect(asked.at(-1)).toEqual({ type: 'announce', text: 'Pion reposé à sa place\u00a0: Loup.' });
  });

  it('opens the token’s menu on a click, and a cancelled drag drops nothing', () => {
    const { actor, asked } = start();
    actor.send(pressWolf);
    actor.send(release(true));
    expect(actor.getSnapshot().context.menu).toEqual({
      kind: 'token',
      at: { x: 10, y: 10 },
      usableId: 'wolf',
    });
    actor.send({ type: 'menu.close' });
    actor.send(pressWolf);
    actor.send(moveTo(50));
    actor.send(release(false, 50));
    expect(actor.getSnapshot().context).toMatchObject({ local: {}, menu: null, grab: null });
    expect(asked.map((event) => event.type)).toEqual(['drag token']);
  });

  it('shows a drop still unanswered where it was dropped when its next drag is cancelled', () => {
    const { actor } = start();
    actor.send(pressWolf);
    actor.send(moveTo(100));
    actor.send(release(true, 100));
    actor.send({ ...pressWolf, corner: { x: 200, y: 100 }, onMap: { x: 210, y: 120 } });
    actor.send(moveTo(300));
    actor.send(release(false, 300));
    expect(actor.getSnapshot().context).toMatchObject({ carried: {}, local: { wolf: { x: 20, y: 20 } } });
  });

  it('leaves another pointer’s moves to the viewport', () => {
    const { actor, asked } = start();
    actor.send(pressWolf);
    actor.send(moveTo(100, 2));
    actor.send({ ...release(true), pointerId: 2 });
    expect(actor.getSnapshot().matches({ gesture: 'pressingToken' })).toBe(true);
    expect(asked).toEqual([]);
  });

  it('measures with Alt, or with the ruler on, and only with the main button of the primary pointer', () => {
    const { actor } = start();
    actor.send(pressFrame(false));
    expect(actor.getSnapshot().matches({ gesture: 'idle' })).toBe(true);
    actor.send({ ...pressFrame(true), isPrimary: false });
    expect(actor.getSnapshot().matches({ gesture: 'idle' })).toBe(true);
    actor.send({ type: 'ruler.set', on: true });
    actor.send(pressFrame(false));
    actor.send(moveTo(30));
    expect(actor.getSnapshot().context.measure).toEqual({
      pointerId: 1,
      from: { x: 0, y: 0 },
      to: { x: 140, y: 120 },
    });
    actor.send(release(true, 30));
    expect(actor.getSnapshot().context.measure).toBeNull();
  });

  it('leaves the others’ tokens to the frame, and does not grab with the ruler on', () => {
    const { actor } = start();
    actor.send({ ...pressWolf, controllable: false });
    expect(actor.getSnapshot().matches({ gesture: 'idle' })).toBe(true);
    actor.send({ type: 'ruler.set', on: true });
    actor.send(pressWolf);
    expect(actor.getSnapshot().context.grab).toBeNull();
  });

  it('while an attack is aimed, a press is the aim’s click: on a token, or in the void', () => {
    const { actor, asked } = start();
    actor.send({ type: 'aim.started' });
    actor.send({ type: 'aim.moved', onMap: { x: 40, y: 50 } });
    expect(actor.getSnapshot().context.aimAt).toEqual({ x: 40, y: 50 });
    actor.send({ ...pressWolf, controllable: false });
    actor.send(pressFrame(true));
    actor.send({ ...pressFrame(false), mainButton: false });
    expect(actor.getSnapshot().context).toMatchObject({ grab: null, measure: null });
    expect(asked).toEqual([
      { type: 'click aim', point: { x: 110, y: 120 }, usableId: 'wolf' },
      { type: 'click aim', point: { x: 0, y: 0 }, usableId: null },
    ]);
    actor.send({ type: 'aim.ended' });
    expect(actor.getSnapshot().context.aimAt).toBeNull();
    actor.send(pressWolf);
    expect(actor.getSnapshot().matches({ gesture: 'pressingToken' })).toBe(true);
  });
});
