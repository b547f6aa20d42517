import {
  filter,
  fromEvent,
  map,
  merge,
  mergeMap,
  of,
  scan,
  startWith,
  switchMap,
  timer,
  type Observable,
} from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import { getCharacterSheet, getWeaponAttacks } from '../api/characters';
import type { WeaponAttack } from '../api/schemas/characters';
import { equipmentSlotOf, weaponTypeOf, type EquippedMemory } from '../domain/character/equipment';
import { attackNumbers } from '../domain/table/attack-numbers';
import { SIMPLE_ATTACK, simpleAttackRange } from '../domain/dice/attack';
import { attackMenuMachine, type Arsenal } from '../machines/attack-menu.machine';
import { equippedOf } from '../machines/character-sheet.machine';
import { attackTargetingMachine, type TargetingAttack } from '../machines/attack-targeting.machine';
import type { SocketFact } from './socket';
import { tableFeed } from './table';

/** table.md §9: the line from the attacker to each target stays a second. */
export const ATTACK_LINE_MS = 1000;
/** table.md §9: while a line shows, where its tokens stand is read again this often. */
export const ATTACK_LINE_POLL_MS = 100;

const asTargeting = (attack: WeaponAttack, weapon: EquippedMemory): TargetingAttack => ({
  ref: { kind: 'weapon', attackId: attack.id },
  name: attack.name,
  range: attack.range,
  areaOfEffect: attack.areaOfEffect,
  areaSize: attack.areaSize,
  maxTargets: attack.maxTargets,
  ...attackNumbers(attack, weapon),
});

/** What the character wears now, and so what it may strike with (`GET /attack/memory/{id}?playerId=`). */
export async function loadArsenal(playerId: string, gameId: string, signal: AbortSignal): Promise<Arsenal> {
  const sheet = await getCharacterSheet(playerId, gameId, signal);
  const weapon = equippedOf(sheet).find((memory) => equipmentSlotOf(memory.type) === 'Arme') ?? null;
  const attacks = weapon ? await getWeaponAttacks(weapon.memoryId, playerId, signal) : [];
  return {
    weapon: weapon?.name ?? null,
    simple: {
      ref: { kind: 'simple' },
      name: SIMPLE_ATTACK.name,
      range: simpleAttackRange(weapon ? weaponTypeOf(weapon.name) : null),
      areaOfEffect: SIMPLE_ATTACK.areaOfEffect,
      areaSize: 0,
      maxTargets: SIMPLE_ATTACK.maxTargets,
      ...attackNumbers({ damageRoll: SIMPLE_ATTACK.damageRoll }),
    },
    attacks: weapon ? attacks.map((attack) => asTargeting(attack, weapon)) : [],
    movement: sheet.deplacement,
  };
}

export const attackMenuLogic = attackMenuMachine.provide({
  actors: {
    'load arsenal': fromPromise(
      ({ input, signal }: { input: { playerId: string; gameId: string }; signal: AbortSignal }) =>
        loadArsenal(input.playerId, input.gameId, signal),
    ),
  },
});

/** Escape pressed anywhere on the page, as the cancel of an aimed attack. */
export function escapePresses(target: Document): Observable<{ type: 'attack.cancel' }> {
  return fromEvent<KeyboardEvent>(target, 'keydown').pipe(
    filter((event) => event.key === 'Escape'),
    map(() => ({ type: 'attack.cancel' as const })),
  );
}

export const attackTargetingLogic = attackTargetingMachine.provide({
  actors: { 'escape presses': fromEventObservable(() => escapePresses(document)) },
});

/** An attack being shown: from whom to whom, until when. */
export interface AttackLine {
  seq: number;
  map: string;
  attackerId: string;
  targetIds: string[];
}

/**
 * The attacks the table logs, each shown for ATTACK_LINE_MS from the moment it arrives: what every
 * reader of the table sees of a fight before its rolls (a player's copy names only what they see).
 * While any shows, the list comes again every ATTACK_LINE_POLL_MS, so the map draws each line
 * between where its tokens stand then.
 */
export function attackLines(facts$: Observable<SocketFact>): Observable<AttackLine[]> {
  const performed$ = tableFeed(facts$).pipe(
    filter((fact) => fact.type === 'table.event' && fact.event.type === 'attack.performed'),
    map((fact) => {
      const event = (fact as Extract<typeof fact, { type: 'table.event' }>).event;
      const payload = event.payload as Omit<AttackLine, 'seq'>;
      return {
        seq: event.seq,
        map: payload.map,
        attackerId: payload.attackerId,
        targetIds: payload.targetIds,
      };
    }),
  );
  return performed$.pipe(
    mergeMap((line) =>
      merge(of({ line, shown: true }), timer(ATTACK_LINE_MS).pipe(map(() => ({ line, shown: false })))),
    ),
    scan(
      (lines: AttackLine[], { line, shown }) =>
        shown
          ? [...lines.filter((known) => known.seq !== line.seq), line]
          : lines.filter((known) => known.seq !== line.seq),
      [],
    ),
    startWith([]),
    switchMap((lines) =>
      lines.length === 0 ? of(lines) : timer(0, ATTACK_LINE_POLL_MS).pipe(map(() => [...lines])),
    ),
  );
}
