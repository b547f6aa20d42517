import { describe, expect, it } from 'vitest';
import { Subject } from 'rxjs';
import { createActor, fromEventObservable, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { MONSTER_ATTACK } from '../../src/domain/dice/attack';
import type { TableRole } from '../../src/domain/table/types';
import {
  attackTargetingMachine,
  type AttackIntent,
  type AttackTargetingEvent,
  type Board,
} from '../../src/machines/attack-targeting.machine';
import { each, inSameState, testEveryPath } from '../helpers/every-path';
import { sendTo } from '../helpers/fake-effects';
import { modelOf, visitedStates } from '../helpers/machine-model';
import { attackOf, board, cell } from '../helpers/attack-board';

const slash = attackOf({ kind: 'weapon', attackId: 'a-taille' }, 'Taille');
const fireball = attackOf({ kind: 'weapon', attackId: 'a-boule' }, 'Boule de feu', {
  range: 3,
  areaOfEffect: 'circle',
  areaSize: 1,
  maxTargets: 0,
});

/** The MJ makes the wolf strike: one target within its reach, a cell. */
const bite = attackOf({ kind: 'monster', attackerId: 'loup' }, 'Attaque', { range: MONSTER_ATTACK.range });

const events: AttackTargetingEvent[] = [
  { type: 'attack.choose', attack: slash },
  { type: 'attack.choose', attack: bite },
  { type: 'attack.choose', attack: fireball },
  { type: 'attack.cancel' },
  { type: 'map.clicked', point: cell(1, 0), usableId: 'loup' },
  { type: 'map.clicked', point: cell(0, 1), usableId: 'gobelin' },
  { type: 'map.clicked', point: cell(8, 8), usableId: 'liche' },
  { type: 'map.clicked', point: cell(2, 2), usableId: null },
  { type: 'map.clicked', point: cell(3, 0), usableId: null },
  { type: 'board.updated', board: { ...board, attacker: null } },
  { type: 'target.cycle', step: 1 },
  { type: 'target.confirm' },
  { type: 'target.pick', usableId: 'loup' },
];
/** An area's first arrow shows the aim; the model offers no more, since each would be a new place. */
const firstAimStep: AttackTargetingEvent = { type: 'aim.step', step: { x: 1, y: 0 } };

function start(role: TableRole, initial: Board = board) {
  const sent: AttackIntent[] = [];
  const escapes = new Subject<{ type: 'attack.cancel' }>();
  const actor = createActor(
    attackTargetingMachine.provide({
      actions: { 'send attack': (_, intent) => void sent.push(intent) },
      actors: { 'escape presses': fromEventObservable(() => escapes) },
    }),
    { input: { role, board: initial } },
  ).start();
  return { actor, sent, escapes };
}

describe.each(['player', 'mj'] as const)('attack targeting as %s: shortest paths to every state', (role) => {
  const offered = (snapshot: SnapshotFrom<typeof attackTargetingMachine>) =>
    (snapshot.context.aim === null ? [...events, firstAimStep] : events) as AnyEventObject[];
  const paths = modelOf(attackTargetingMachine, offered, {
    role,
    board,
  }).getShortestPaths();

  testEveryPath(paths, () => {
    const { actor, sent } = start(role);
    return {
      events: each(
        [...events, firstAimStep].map((event) => event.type),
        sendTo(actor),
      ),
      states: inSameState(actor, {
        noAttack: () => expect(actor.getSnapshot().context.attack).toBeNull(),
        'choosingTarget.pointing': () => {
          expect(actor.getSnapshot().context.attack).not.toBeNull();
          expect(actor.getSnapshot().context.cursor).toBe(-1);
          expect(actor.getSnapshot().context.aim).toBeNull();
        },
        // The arrows chose a target in reach, or aimed an area.
        'choosingTarget.byKeyboard': () => {
          const { attack, cursor, candidates, aim } = actor.getSnapshot().context;
          if (attack?.areaOfEffect === 'single') expect(candidates[cursor]).toBeDefined();
          else expect(aim).not.toBeNull();
        },
      }),
      afterPath: () => {
        // Nobody is ever attacked dead, out of range, or by an MJ.
        for (const intent of sent) expect(intent.targetIds).not.toContain('gobelin');
        for (const intent of sent) expect(intent.targetIds).not.toContain('liche');
        if (role === 'mj') expect(sent).toEqual([]);
      },
    };
  });

  it('visits the states this role may reach', () => {
    // A player aims their own attacks, the MJ a monster's.
    expect(visitedStates(paths)).toEqual([
      'choosingTarget',
      'choosingTarget.byKeyboard',
      'choosingTarget.pointing',
      'noAttack',
    ]);
  });
});

describe('attack targeting', () => {
  it('gives up on Escape while it aims, and Escape does nothing otherwise', () => {
    const { actor, escapes, sent } = start('player');
    escapes.next({ type: 'attack.cancel' });
    actor.send({ type: 'attack.choose', attack: slash });
    escapes.next({ type: 'attack.cancel' });
    expect(actor.getSnapshot().value).toBe('noAttack');
    expect(actor.getSnapshot().context.attack).toBeNull();
    expect(sent).toEqual([]);
  });

  it('lets a player strike with their character only, and the MJ with a monster only', () => {
    const player = start('player');
    player.actor.send({ type: 'attack.choose', attack: bite });
    expect(player.actor.getSnapshot().value).toBe('noAttack');
    // The MJ's board names no character of theirs: the wolf strikes from its own token.
    const master = start('mj', { ...board, attacker: null });
    master.actor.send({ type: 'attack.choose', attack: slash });
    expect(master.actor.getSnapshot().value).toBe('noAttack');
    master.actor.send({ type: 'attack.choose', attack: bite });
    expect(master.actor.getSnapshot().matches('choosingTarget')).toBe(true);
    // The lich is far from the wolf; Ana stands next to it.
    master.actor.send({ type: 'map.clicked', point: cell(8, 8), usableId: 'liche' });
    expect(master.actor.getSnapshot().context.refusal).toBe('Cible hors de portée !');
    master.actor.send({ type: 'map.clicked', point: cell(0, 0), usableId: 'ana' });
    expect(master.sent).toEqual([{ attack: bite, attackerId: 'loup', targetIds: ['ana'], aim: cell(0, 0) }]);
  });

  it('makes a monster strike from its own token: never at itself, refused once it left the map', () => {
    const master = start('mj', { ...board, attacker: null });
    master.actor.send({ type: 'attack.choose', attack: bite });
    master.actor.send({ type: 'map.clicked', point: cell(1, 0), usableId: 'loup' });
    expect(master.actor.getSnapshot().value).toBe('noAttack');
    master.actor.send({
      type: 'attack.choose',
      attack: { ...bite, ref: { kind: 'monster', attackerId: 'parti' } },
    });
    expect(master.actor.getSnapshot().context.refusal).toBe('Pion introuvable.');
    expect(master.sent).toEqual([]);
  });

  it('attacks a living target in range, and keeps the attack after a refusal', () => {
    const { actor, sent } = start('player');
    actor.send({ type: 'attack.choose', attack: slash });
    actor.send({ type: 'map.clicked', point: cell(0, 1), usableId: 'gobelin' });
    expect(actor.getSnapshot().context.refusal).toBe("Impossible d'attaquer une créature morte !");
    actor.send({ type: 'map.clicked', point: cell(8, 8), usableId: 'liche' });
    expect(actor.getSnapshot().context.refusal).toBe('Cible hors de portée !');
    expect(actor.getSnapshot().matches('choosingTarget')).toBe(true);
    actor.send({ type: 'map.clicked', point: cell(1, 0), usableId: 'loup' });
    expect(sent).toEqual([{ attack: slash, attackerId: 'ana', targetIds: ['loup'], aim: cell(1, 0) }]);
    expect(actor.getSnapshot().value).toBe('noAttack');
    expect(actor.getSnapshot().context.refusal).toBeNull();
  });

  it('reaches a large token from its edge, and a large monster strikes from its own', () => {
    // The ogre covers 3×3 cells around cell (2, 0): its edge touches Ana's, and the bear's.
    const ogre = { id: 'ogre', centre: cell(2, 0), alive: true, size: 3 };
    const bear = { id: 'ours', centre: cell(4, 0), alive: true };
    const crowded: Board = { ...board, tokens: [...board.tokens, ogre, bear] };
    const player = start('player', crowded);
    player.actor.send({ type: 'attack.choose', attack: slash });
    player.actor.send({ type: 'map.clicked', point: cell(2, 0), usableId: 'ogre' });
    expect(player.sent).toEqual([{ attack: slash, attackerId: 'ana', targetIds: ['ogre'], aim: cell(2, 0) }]);

    const master = start('mj', { ...crowded, attacker: null });
    const club = attackOf({ kind: 'monster', attackerId: 'ogre' }, 'Massue', { range: MONSTER_ATTACK.range });
    master.actor.send({ type: 'attack.choose', attack: club });
    master.actor.send({ type: 'map.clicked', point: cell(8, 8), usableId: 'liche' });
    expect(master.actor.getSnapshot().context.refusal).toBe('Cible hors de portée !');
    master.actor.send({ type: 'map.clicked', point: cell(4, 0), usableId: 'ours' });
    expect(master.sent).toEqual([{ attack: club, attackerId: 'ogre', targetIds: ['ours'], aim: cell(4, 0) }]);
  });

  it('gives up on a click on empty space or on oneself', () => {
    const { actor, sent } = start('player');
    actor.send({ type: 'attack.choose', attack: slash });
    actor.send({ type: 'map.clicked', point: cell(0, 0), usableId: 'ana' });
    expect(actor.getSnapshot().value).toBe('noAttack');
    actor.send({ type: 'attack.choose', attack: slash });
    actor.send({ type: 'map.clicked', point: cell(5, 5), usableId: null });
    expect(actor.getSnapshot().value).toBe('noAttack');
    expect(sent).toEqual([]);
  });

  it('an area hits the living tokens in it, and says so when it catches nobody', () => {
    const { actor, sent } = start('player');
    actor.send({ type: 'attack.choose', attack: fireball });
    actor.send({ type: 'map.clicked', point: cell(2, 2), usableId: null });
    expect(actor.getSnapshot().matches('choosingTarget')).toBe(true);
    expect(actor.getSnapshot().context.refusal).toBe('Aucune créature dans la zone.');
    actor.send({ type: 'map.clicked', point: cell(8, 8), usableId: 'liche' });
    expect(actor.getSnapshot().context.refusal).toBe('Cible hors de portée !');
    actor.send({ type: 'map.clicked', point: cell(1, 1), usableId: null });
    expect(sent).toEqual([{ attack: fireball, attackerId: 'ana', targetIds: ['loup'], aim: cell(1, 1) }]);
  });

  it('range 0 reaches as far as the attacker moves', () => {
    const { actor, sent } = start('player', {
      ...board,
      tokens: [...board.tokens, { id: 'ours', centre: cell(4, 0), alive: true }],
    });
    actor.send({ type: 'attack.choose', attack: { ...slash, range: 0 } });
    actor.send({ type: 'map.clicked', point: cell(4, 0), usableId: 'ours' });
    expect(sent.map((intent) => intent.targetIds)).toEqual([['ours']]);
  });

  it('needs the character on the map, and lets no MJ attack', () => {
    const absent = start('player', { attacker: null, tokens: [] });
    absent.actor.send({ type: 'attack.choose', attack: slash });
    expect(absent.actor.getSnapshot().value).toBe('noAttack');
    expect(absent.actor.getSnapshot().context.refusal).toBe(
      'Votre personnage doit être présent sur la carte pour attaquer !',
    );
    const mj = start('mj');
    mj.actor.send({ type: 'attack.choose', attack: slash });
    expect(mj.actor.getSnapshot().value).toBe('noAttack');
  });

  it('goes through the targets in reach by keyboard, says each, and strikes the chosen one on Enter', () => {
    const said: string[] = [];
    const named: Board = {
      ...board,
      tokens: board.tokens.map((token) => ({ ...token, name: token.id === 'loup' ? 'Loup' : token.id })),
    };
    const sent: AttackIntent[] = [];
    const actor = createActor(
      attackTargetingMachine.provide({
        actions: {
          'send attack': (_, intent) => void sent.push(intent),
          announce: (_, { text }) => void said.push(text),
        },
        actors: { 'escape presses': fromEventObservable(() => new Subject<{ type: 'attack.cancel' }>()) },
      }),
      { input: { role: 'player', board: named } },
    ).start();
    actor.send({ type: 'attack.choose', attack: slash });
    // The dead goblin and the far lich are not offered.
    expect(actor.getSnapshot().context.candidates.map((candidate) => candidate.id)).toEqual(['loup']);
    actor.send({ type: 'target.confirm' });
    expect(said).toEqual(['Choisissez d’abord une cible avec les flèches.']);
    actor.send({ type: 'target.cycle', step: 1 });
    expect(actor.getSnapshot().matches({ choosingTarget: 'byKeyboard' })).toBe(true);
    expect(said.at(-1)).toBe('Cible\u00a0: Loup, à 1 case.');
    actor.send({ type: 'target.confirm' });
    expect(sent).toEqual([{ attack: slash, attackerId: 'ana', targetIds: ['loup'], aim: cell(1, 0) }]);
    expect(actor.getSnapshot().value).toBe('noAttack');
  });

  it('aims an area by keyboard from the nearest creature in reach, listing what it catches', () => {
    const { actor, sent } = start('player');
    actor.send({ type: 'attack.choose', attack: fireball });
    actor.send({ type: 'aim.step', step: { x: 1, y: 0 } });
    expect(actor.getSnapshot().context.aim).toEqual(cell(1, 0));
    expect(actor.getSnapshot().context.caught).toContain('loup');
    actor.send({ type: 'aim.step', step: { x: 1, y: 0 } });
    expect(actor.getSnapshot().context.aim).toEqual(cell(2, 0));
    actor.send({ type: 'target.confirm' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.aim).toEqual(cell(2, 0));
  });
});
