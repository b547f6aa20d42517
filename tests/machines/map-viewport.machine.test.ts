import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import { TestModel } from 'xstate/graph';
import { fitView, toFrame, toMap } from '../../src/domain/geometry/viewport';
import {
  mapViewportMachine,
  WHEEL_QUIET_MAX_MS,
  WHEEL_QUIET_MS,
  type MapViewportEvent,
} from '../../src/machines/map-viewport.machine';
import { itVisitsEveryState } from '../helpers/every-path';

const map = { width: 1500, height: 1000 };
const frame = { width: 1000, height: 800 };
const longPress = { type: 'xstate.after.longPress.mapViewport.gesture.pressing' };
const wheelRests = { type: 'xstate.after.wheelQuiet.mapViewport.camera.turning' };
type ViewportSnapshot = ReturnType<typeof mapViewportMachine.getInitialSnapshot>;

/**
 * The views are numbers without end; the graph walks the statechart: where each region is, how
 * many pointers are down, and whether the map and frame are known.
 */
function serializeState(snapshot: ViewportSnapshot): string {
  const { value, context } = snapshot;
  return JSON.stringify({
    value,
    pointers: context.pointers.length,
    sized: context.map.width > 0 && context.frame.width > 0,
  });
}

function modelEvents(snapshot: ViewportSnapshot): AnyEventObject[] {
  const pressing = snapshot.matches({ gesture: 'pressing' });
  const idle = snapshot.matches({ gesture: 'idle' });
  const held = snapshot.context.pointers.map((pointer) => pointer.id);
  return [
    { type: 'frame.resized', size: frame },
    { type: 'map.changed', size: map },
    { type: 'viewport.zoomIn' },
    { type: 'viewport.fit' },
    { type: 'viewport.wheel', at: { x: 200, y: 100 }, deltaY: 120, time: 0 },
    { type: 'viewport.focus', point: { x: 750, y: 500 } },
    ...(idle ? [{ type: 'pointer.pressed', id: 1, at: { x: 300, y: 300 }, touch: true }] : []),
    ...(pressing || snapshot.matches({ gesture: 'panning' })
      ? [{ type: 'pointer.pressed', id: 2, at: { x: 400, y: 300 }, touch: true }]
      : []),
    ...(held.length > 0 ? [{ type: 'pointer.moved', id: held[0], at: { x: 360, y: 340 } }] : []),
    ...held.map((id) => ({ type: 'pointer.released', id })),
    ...(pressing ? [longPress] : []),
    ...(snapshot.matches({ camera: 'turning' }) ? [wheelRests] : []),
  ];
}

const model = new TestModel<ViewportSnapshot, AnyEventObject, unknown>(mapViewportMachine as never, {
  events: modelEvents,
  serializeState,
  stateMatcher: (snapshot, key) => snapshot.matches(key as never),
});

/** What each state means, checked on the real actor after the events that lead there. */
function expectMeaning(
  actor: ReturnType<typeof createActor<typeof mapViewportMachine>>,
  longPresses: number,
) {
  const snapshot = actor.getSnapshot();
  const { view, map: known, frame: box, pointers } = snapshot.context;
  const sized = known.width > 0 && box.width > 0;
  // Fitted: the whole map in the frame, centred.
  if (sized && snapshot.matches({ framing: 'fitted' })) expect(view).toEqual(fitView(known, box));
  // Free: the user's view, a part of the map always in the frame.
  if (sized && snapshot.matches({ framing: 'free' })) {
    const near = toFrame(view, { x: 0, y: 0 });
    const far = toFrame(view, { x: known.width, y: known.height });
    expect(near.x).toBeLessThan(box.width);
    expect(far.x).toBeGreaterThan(0);
    expect(near.y).toBeLessThan(box.height);
    expect(far.y).toBeGreaterThan(0);
  }
  const expectedPointers = { idle: 0, pressing: 1, panning: 1, pinching: 2, held: pointers.length };
  const gesture = (snapshot.value as { gesture: keyof typeof expectedPointers }).gesture;
  expect(pointers).toHaveLength(expectedPointers[gesture]);
  // Held: the long press asked for the menu, once.
  if (gesture === 'held') expect(longPresses).toBe(1);
  // A pan or a pinch carries the camera until it lets go.
  expect(snapshot.matches({ camera: 'carried' })).toBe(gesture === 'panning' || gesture === 'pinching');
}

describe('map viewport: every transition', () => {
  // The graph's own path replay (getPathsFromEvents) walks the whole graph again for each path:
  // too slow for two regions. Each transition is played here on the real actor instead.
  const shortest = model.getShortestPaths();
  const cases = shortest.flatMap((path) =>
    modelEvents(path.state).map((event) => ({
      steps: [...path.steps.slice(1).map((step) => step.event), event],
    })),
  );

  itVisitsEveryState(shortest, mapViewportMachine);

  for (const { steps } of cases) {
    it(steps.map((event) => event.type).join(' → '), () => {
      const clock = new SimulatedClock();
      const actor = createActor(mapViewportMachine, { clock }).start();
      let longPresses = 0;
      actor.on('longPress', () => void (longPresses += 1));
      for (const event of steps) {
        if (event.type === longPress.type) clock.increment(550);
        else if (event.type === wheelRests.type) clock.increment(WHEEL_QUIET_MS);
        else actor.send(event as MapViewportEvent);
        expectMeaning(actor, longPresses);
      }
    });
  }
});

describe('map viewport: gestures', () => {
  function sized() {
    const clock = new SimulatedClock();
    const actor = createActor(mapViewportMachine, { clock }).start();
    actor.send({ type: 'frame.resized', size: frame });
    actor.send({ type: 'map.changed', size: map });
    return { actor, clock };
  }

  it('pans by the pointer’s travel once it passed the threshold, and stops fitting the frame', () => {
    const { actor } = sized();
    const before = actor.getSnapshot().context.view;
    actor.send({ type: 'pointer.pressed', id: 7, at: { x: 500, y: 400 }, touch: false });
    actor.send({ type: 'pointer.moved', id: 7, at: { x: 503, y: 401 } });
    expect(actor.getSnapshot().context.view).toEqual(before);
    actor.send({ type: 'pointer.moved', id: 7, at: { x: 560, y: 370 } });
    expect(actor.getSnapshot().context.view).toEqual({ ...before, x: before.x + 60, y: before.y - 30 });
    actor.send({ type: 'pointer.released', id: 7 });
    expect(actor.getSnapshot().value).toEqual({ framing: 'free', gesture: 'idle', camera: 'still' });
  });

  it('opens the add menu on a touch held still, never on a mouse held still', () => {
    const { actor, clock } = sized();
    const asked: { frame: unknown; map: unknown }[] = [];
    actor.on('longPress', (event) => void asked.push(event));
    actor.send({ type: 'pointer.pressed', id: 1, at: { x: 500, y: 400 }, touch: false });
    clock.increment(2000);
    actor.send({ type: 'pointer.released', id: 1 });
    expect(asked).toEqual([]);
    actor.send({ type: 'pointer.pressed', id: 2, at: { x: 500, y: 400 }, touch: true });
    clock.increment(550);
    const view = actor.getSnapshot().context.view;
    expect(asked).toEqual([
      { type: 'longPress', frame: { x: 500, y: 400 }, map: toMap(view, { x: 500, y: 400 }) },
    ]);
    // The finger's slide after the menu opened is the menu's: the map does not move.
    actor.send({ type: 'pointer.moved', id: 2, at: { x: 600, y: 450 } });
    expect(actor.getSnapshot().context.view).toEqual(view);
  });

  it('refits a fitted map when the frame changes (a turned phone), keeps a chosen view otherwise', () => {
    const { actor } = sized();
    actor.send({ type: 'frame.resized', size: { width: 600, height: 300 } });
    expect(actor.getSnapshot().context.view).toEqual(fitView(map, { width: 600, height: 300 }));
    actor.send({ type: 'viewport.zoomIn' });
    const chosen = actor.getSnapshot().context.view;
    actor.send({ type: 'frame.resized', size: { width: 620, height: 300 } });
    expect(actor.getSnapshot().context.view.scale).toBe(chosen.scale);
    actor.send({ type: 'map.changed', size: { width: 3000, height: 3000 } });
    expect(actor.getSnapshot().value).toEqual({ framing: 'fitted', gesture: 'idle', camera: 'still' });
  });

  it('slides the view by the keyboard’s arrows, leaving the fit, and no further than the frame keeps', () => {
    const { actor } = sized();
    actor.send({ type: 'viewport.zoomIn' });
    actor.send({ type: 'viewport.zoomIn' });
    const before = actor.getSnapshot().context.view;
    actor.send({ type: 'viewport.pan', by: { x: -30, y: 0 } });
    expect(actor.getSnapshot().context.view).toEqual({ ...before, x: before.x - 30 });
    actor.send({ type: 'viewport.fit' });
    actor.send({ type: 'viewport.pan', by: { x: 0, y: -20 } });
    expect(actor.getSnapshot().matches({ framing: 'free' })).toBe(true);
    for (let press = 0; press < 200; press++) actor.send({ type: 'viewport.pan', by: { x: -500, y: 0 } });
    const kept = actor.getSnapshot().context.view;
    actor.send({ type: 'viewport.pan', by: { x: -500, y: 0 } });
    expect(actor.getSnapshot().context.view).toEqual(kept);
  });

  it('goes on panning with the finger left when one of two is lifted', () => {
    const { actor } = sized();
    actor.send({ type: 'pointer.pressed', id: 1, at: { x: 400, y: 400 }, touch: true });
    actor.send({ type: 'pointer.pressed', id: 2, at: { x: 500, y: 400 }, touch: true });
    actor.send({ type: 'pointer.moved', id: 2, at: { x: 600, y: 400 } });
    actor.send({ type: 'pointer.released', id: 1 });
    const view = actor.getSnapshot().context.view;
    actor.send({ type: 'pointer.moved', id: 2, at: { x: 620, y: 410 } });
    expect(actor.getSnapshot().value).toEqual({ framing: 'free', gesture: 'panning', camera: 'carried' });
    expect(actor.getSnapshot().context.view).toEqual({ ...view, x: view.x + 20, y: view.y + 10 });
  });

  it('zooms at each wheel notch, and settles only once the wheel has rested from its last notch', () => {
    const { actor, clock } = sized();
    const at = { x: 200, y: 100 };
    const under = toMap(actor.getSnapshot().context.view, at);
    for (let notch = 0; notch < 5; notch++) {
      actor.send({ type: 'viewport.wheel', at, deltaY: -60, time: notch * 20 });
      expect(actor.getSnapshot().matches({ camera: 'turning' })).toBe(true);
      clock.increment(WHEEL_QUIET_MS - 10);
    }
    expect(actor.getSnapshot().matches({ camera: 'turning' })).toBe(true);
    const view = actor.getSnapshot().context.view;
    // The map point under the cursor stays under it.
    expect(toMap(view, at).x).toBeCloseTo(under.x, 6);
    expect(toMap(view, at).y).toBeCloseTo(under.y, 6);
    expect(view.scale).toBeGreaterThan(fitView(map, frame).scale);
    clock.increment(10);
    expect(actor.getSnapshot().matches({ camera: 'still' })).toBe(true);
    expect(actor.getSnapshot().context.view).toBe(view);
  });

  it('settles at once for the keyboard’s zoom, even while the wheel turns', () => {
    const { actor } = sized();
    actor.send({ type: 'viewport.zoomIn' });
    expect(actor.getSnapshot().matches({ camera: 'still' })).toBe(true);
    actor.send({ type: 'viewport.wheel', at: { x: 10, y: 10 }, deltaY: 60, time: 0 });
    actor.send({ type: 'viewport.zoomOut' });
    expect(actor.getSnapshot().matches({ camera: 'still' })).toBe(true);
  });

  it('holds the camera through a pinch and its last finger, and lets it settle when both are lifted', () => {
    const { actor, clock } = sized();
    actor.send({ type: 'pointer.pressed', id: 1, at: { x: 400, y: 400 }, touch: true });
    actor.send({ type: 'pointer.pressed', id: 2, at: { x: 500, y: 400 }, touch: true });
    actor.send({ type: 'pointer.moved', id: 2, at: { x: 600, y: 400 } });
    clock.increment(1000);
    expect(actor.getSnapshot().matches({ camera: 'carried' })).toBe(true);
    actor.send({ type: 'pointer.released', id: 1 });
    expect(actor.getSnapshot().matches({ camera: 'carried' })).toBe(true);
    actor.send({ type: 'pointer.released', id: 2 });
    expect(actor.getSnapshot().matches({ camera: 'still' })).toBe(true);
  });

  it('waits twice the notches’ rhythm when they come further apart than the rest, a second at most', () => {
    const { actor, clock } = sized();
    const notch = (time: number) =>
      actor.send({ type: 'viewport.wheel', at: { x: 200, y: 100 }, deltaY: -60, time });
    // A loaded machine: each notch later than the last, as a settling would make them.
    notch(0);
    clock.increment(150);
    notch(150);
    clock.increment(250);
    expect(actor.getSnapshot().matches({ camera: 'turning' })).toBe(true);
    notch(400);
    clock.increment(450);
    expect(actor.getSnapshot().matches({ camera: 'turning' })).toBe(true);
    notch(850);
    clock.increment(2 * 450 - 1);
    expect(actor.getSnapshot().matches({ camera: 'turning' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ camera: 'still' })).toBe(true);
    // A notch a long while after is a new turn of the wheel, and so is one 900 ms after that:
    // the rest waited for is a second at most.
    notch(5000);
    clock.increment(900);
    notch(5900);
    clock.increment(WHEEL_QUIET_MAX_MS - 1);
    expect(actor.getSnapshot().matches({ camera: 'turning' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ camera: 'still' })).toBe(true);
  });
});
