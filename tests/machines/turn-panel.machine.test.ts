import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import {
  turnPanelMachine,
  type TurnPanelEvent,
  type TurnPanelInput,
  type TurnPanelPlacement,
} from '../../src/machines/turn-panel.machine';
import { expectSameState, modelOf, titleOf, visitedStates } from '../helpers/machine-model';

const events: TurnPanelEvent[] = [
  { type: 'panel.grab' },
  { type: 'panel.move', place: { x: 40, y: 12 } },
  { type: 'panel.drop' },
  { type: 'panel.cancel' },
  { type: 'panel.fold' },
];

function start(input: TurnPanelInput) {
  const remembered: TurnPanelPlacement[] = [];
  const actor = createActor(
    turnPanelMachine.provide({
      actions: { 'remember placement': (_, placement) => void remembered.push(placement) },
    }),
    { input },
  ).start();
  return { actor, remembered };
}

describe('turn panel: shortest paths to every state', () => {
  const input: TurnPanelInput = { stored: null, foldedAtFirst: false };
  const paths = modelOf(turnPanelMachine, events as AnyEventObject[], input).getShortestPaths();

  for (const path of paths) {
    it(titleOf(path), async () => {
      const { actor, remembered } = start(input);
      const send = ({ event }: { event: AnyEventObject }) => void actor.send(event as TurnPanelEvent);
      await path.test({
        events: Object.fromEntries(events.map((event) => [event.type, send])),
        states: {
          resting: (expected) => {
            expectSameState(actor, expected);
            expect(actor.getSnapshot().context.grabbedAt).toBeNull();
          },
          dragging: (expected) => expectSameState(actor, expected),
        },
      });
      // What is remembered is always what is shown once the panel rests.
      const last = remembered.at(-1);
      if (last && actor.getSnapshot().matches('resting')) {
        const { place, folded } = actor.getSnapshot().context;
        expect(last).toEqual({ place, folded });
      }
    });
  }

  it('visits every state', () => {
    expect(visitedStates(paths)).toEqual(['dragging', 'resting']);
  });
});

describe('turn panel', () => {
  it('starts where its reader left it, folded or not, whatever the screen', () => {
    const stored = { place: { x: 30, y: 200 }, folded: false };
    const { actor } = start({ stored, foldedAtFirst: true });
    expect(actor.getSnapshot().context).toMatchObject(stored);
  });

  it('starts folded on a short screen the first time', () => {
    expect(start({ stored: null, foldedAtFirst: true }).actor.getSnapshot().context).toMatchObject({
      place: null,
      folded: true,
    });
  });

  it('remembers a drop and a fold, not the moves of a drag, and puts a cancelled drag back', () => {
    const { actor, remembered } = start({
      stored: { place: { x: 5, y: 6 }, folded: false },
      foldedAtFirst: false,
    });
    actor.send({ type: 'panel.grab' });
    actor.send({ type: 'panel.move', place: { x: 50, y: 60 } });
    actor.send({ type: 'panel.move', place: { x: 70, y: 80 } });
    expect(remembered).toEqual([]);
    actor.send({ type: 'panel.drop' });
    actor.send({ type: 'panel.fold' });
    actor.send({ type: 'panel.grab' });
    actor.send({ type: 'panel.move', place: { x: 1, y: 2 } });
    actor.send({ type: 'panel.cancel' });
    expect(actor.getSnapshot().context.place).toEqual({ x: 70, y: 80 });
    expect(remembered).toEqual([
      { place: { x: 70, y: 80 }, folded: false },
      { place: { x: 70, y: 80 }, folded: true },
    ]);
  });
});
