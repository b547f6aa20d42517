import { describe, expect, it } from 'vitest';
import { Subject } from 'rxjs';
import { createActor, fromEventObservable, type AnyEventObject } from 'xstate';
import { attackMenuMachine, type Arsenal } from '../../src/machines/attack-menu.machine';
import {
  attackTargetingMachine,
  type AttackIntent,
  type TargetingAttack,
} from '../../src/machines/attack-targeting.machine';
import { each, everyTransition, outcomesOf, testEveryPath } from '../helpers/every-path';
import { answerLatest, pendingCalls, sendTo } from '../helpers/fake-effects';
import { expectSameState, settle, visitedStates, type Pending } from '../helpers/machine-model';
import { attackOf, board, cell, simpleAttack } from '../helpers/attack-board';

const simple = simpleAttack;
const whirl = attackOf({ kind: 'weapon', attackId: 'a-tourbillon' }, 'Tourbillon', {
  range: 0,
  areaOfEffect: 'circle',
  areaSize: 2,
  maxTargets: 0,
});
const arsenal: Arsenal = { weapon: 'Épée FOR', simple, attacks: [whirl], movement: 4 };
const input = { playerId: 'c-ana', gameId: 'G1' };

type Snapshot = ReturnType<typeof attackMenuMachine.getInitialSnapshot>;

/** The menu's events, and the outcomes of its read; picking offers what the arsenal holds. */
function modelEvents(snapshot: Snapshot): AnyEventObject[] {
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadArsenal', output: arsenal },
      { type: 'xstate.error.actor.loadArsenal', error: new TypeError('Failed to fetch') },
      { type: 'menu.close' },
    ];
  }
  if (snapshot.matches('open')) {
    return [
      { type: 'attack.pick', attack: simple },
      { type: 'attack.pick', attack: whirl },
      { type: 'menu.close' },
    ];
  }
  return [{ type: 'menu.open' }, { type: 'menu.close' }];
}

/** The menu wired to targeting as the table wires them: a pick starts aiming on the map. */
function wired() {
  const loads: Array<Pending<Arsenal>> = [];
  const sent: AttackIntent[] = [];
  const refused: string[] = [];
  const targeting = createActor(
    attackTargetingMachine.provide({
      actions: {
        'send attack': (_, intent) => void sent.push(intent),
        'announce refusal': (_, { text }) => void refused.push(text),
      },
      actors: { 'escape presses': fromEventObservable(() => new Subject<{ type: 'attack.cancel' }>()) },
    }),
    { input: { role: 'player', board } },
  ).start();
  const menu = createActor(
    attackMenuMachine.provide({
      actors: {
        'load arsenal': pendingCalls<Arsenal, typeof input>(loads),
      },
      actions: { 'choose attack': (_, attack) => targeting.send({ type: 'attack.choose', attack }) },
    }),
    { input },
  ).start();
  return { menu, targeting, loads, sent, refused };
}

describe('attack menu wired to targeting: every transition', () => {
  const paths = everyTransition(attackMenuMachine, modelEvents, input);

  it('visits every state of the menu', () => {
    expect(visitedStates(paths)).toEqual(['closed', 'failed', 'loading', 'open']);
  });

  testEveryPath(paths, () => {
    const { menu, targeting, loads } = wired();
    const send = sendTo(menu);
    let picked: TargetingAttack | null = null;
    return {
      events: {
        ...each(['menu.open', 'menu.close'], send),
        'attack.pick': (step) => {
          picked = (step.event as unknown as { attack: TargetingAttack }).attack;
          return send(step);
        },
        ...each(outcomesOf('loadArsenal'), answerLatest(loads)),
      },
      states: {
        '*': (expected) => expectSameState(menu, expected as never),
        // Reading what the character wears now, for this character of this game.
        loading: () => expect(loads.at(-1)?.input).toEqual(input),
        // Open: the simple attack and the weapon's, as read.
        open: () => expect(menu.getSnapshot().context.arsenal).toEqual(arsenal),
        // Failed: the menu offers to try again.
        failed: () => expect(menu.getSnapshot().can({ type: 'menu.open' })).toBe(true),
        // Closed after a pick: the map aims that attack; otherwise nothing is aimed.
        closed: () => expect(targeting.getSnapshot().context.attack).toEqual(picked),
      },
    };
  });
});

describe('the wired flow: menu → choose → aim → send, cancel or refusal', () => {
  async function pick(attack: TargetingAttack) {
    const flow = wired();
    flow.menu.send({ type: 'menu.open' });
    flow.loads.at(-1)!.resolve(arsenal);
    await settle();
    flow.menu.send({ type: 'attack.pick', attack });
    return flow;
  }

  it('sends a single attack on a living target in reach, then stops aiming', async () => {
    const { targeting, sent } = await pick(simple);
    targeting.send({ type: 'map.clicked', point: cell(1, 0), usableId: 'loup' });
    expect(sent).toEqual([{ attack: simple, attackerId: 'ana', targetIds: ['loup'], aim: cell(1, 0) }]);
    expect(targeting.getSnapshot().value).toBe('noAttack');
  });

  it('tells each refusal, keeps aiming, and a click on empty space gives up without sending', async () => {
    const { targeting, sent, refused } = await pick(simple);
    targeting.send({ type: 'map.clicked', point: cell(8, 8), usableId: 'liche' });
    targeting.send({ type: 'map.clicked', point: cell(8, 8), usableId: 'liche' });
    targeting.send({ type: 'map.clicked', point: cell(0, 1), usableId: 'gobelin' });
    expect(refused).toEqual([
      'Cible hors de portée !',
      'Cible hors de portée !',
      "Impossible d'attaquer une créature morte !",
    ]);
    expect(targeting.getSnapshot().matches('choosingTarget')).toBe(true);
    targeting.send({ type: 'map.clicked', point: cell(5, 5), usableId: null });
    expect(targeting.getSnapshot().value).toBe('noAttack');
    expect(sent).toEqual([]);
  });

  it('aims an area by the movement when its range is 0, and says so when it catches nobody alive', async () => {
    const { targeting, sent, refused } = await pick(whirl);
    targeting.send({ type: 'map.clicked', point: cell(9, 0), usableId: null });
    expect(refused).toEqual(['Cible hors de portée !']);
    targeting.send({ type: 'map.clicked', point: cell(1, 1), usableId: null });
    expect(sent).toEqual([{ attack: whirl, attackerId: 'ana', targetIds: ['loup'], aim: cell(1, 1) }]);
    const again = await pick(whirl);
    again.targeting.send({ type: 'map.clicked', point: cell(0, 3), usableId: null });
    expect(again.sent).toEqual([]);
    expect(again.refused).toEqual(['Aucune créature dans la zone.']);
    expect(again.targeting.getSnapshot().matches('choosingTarget')).toBe(true);
  });

  it('lets the player put the attack down (Escape)', async () => {
    const { targeting, sent } = await pick(whirl);
    targeting.send({ type: 'attack.cancel' });
    expect(targeting.getSnapshot().context.attack).toBeNull();
    expect(sent).toEqual([]);
  });
});
