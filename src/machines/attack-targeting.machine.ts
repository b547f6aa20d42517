import { and, assign, setup } from 'xstate';
import { unprovidedEvents } from './unprovided';
import {
  effectiveRange,
  isInReach,
  tokensHit,
  type AreaShape,
  type Body,
  type Point,
} from '../domain/geometry/geometry';
import { attackMessages } from '../domain/table/messages';
import { isDown } from '../domain/table/health';
import { centreOnMap, tokensOn } from '../domain/table/shown-map';
import { gridOf } from '../domain/table/records';
import { tokenCells } from '../domain/table/token-size';
import type { MapRef, TableRole, TableState } from '../domain/table/types';

/**
 * Which attack the server is asked to roll: a player's simple attack or one of their worn weapon's,
 * or a monster's, which the MJ makes strike.
 */
export type AttackRef =
  { kind: 'simple' } | { kind: 'weapon'; attackId: string } | { kind: 'monster'; attackerId: string };

export interface TargetingAttack {
  ref: AttackRef;
  name: string;
  /** In cells; 0 is the attacker's movement. */
  range: number;
  areaOfEffect: AreaShape;
  areaSize: number;
  maxTargets: number;
  /** The dice on a hit and the essence it burns, as the server rolls them (`attackNumbers`). */
  damage: string;
  essenceCost: number;
}

/**
 * What the map shows right now, in pixels: the attacker's token and every other one, each with
 * its side in cells (1 when absent), since reach and areas are reckoned from a token's edge.
 */
export interface Board {
  attacker: { id: string; centre: Point; size?: number; movement: number } | null;
  tokens: Array<{ id: string; centre: Point; size?: number; alive: boolean }>;
  /** The map grid's cell, in which ranges and areas are reckoned; 75 px when absent. */
  cellPx?: number;
}

export interface AttackIntent {
  attack: TargetingAttack;
  /** The striking token. */
  attackerId: string;
  targetIds: string[];
  aim: Point;
}

export type AttackTargetingEvent =
  | { type: 'attack.choose'; attack: TargetingAttack }
  | { type: 'attack.cancel' }
  | { type: 'board.updated'; board: Board }
  /** A click on the map: on a token (its id) or on empty space (null). */
  | { type: 'map.clicked'; point: Point; usableId: string | null };

export interface AttackTargetingContext {
  role: TableRole;
  attack: TargetingAttack | null;
  board: Board;
  refusal: string | null;
}

type Click = Extract<AttackTargetingEvent, { type: 'map.clicked' }>;

/**
 * The token that strikes: the monster the MJ makes attack, found among the board's tokens, else
 * the player's own character. A monster reaches one cell, the simple attack's reach (docs/live-table.md
 * "Combat").
 */
export function strikerOf(board: Board, attack: TargetingAttack | null): Board['attacker'] {
  if (attack?.ref.kind !== 'monster') return board.attacker;
  const { attackerId } = attack.ref;
  const token = board.tokens.find((candidate) => candidate.id === attackerId);
  return token ? { id: token.id, centre: token.centre, size: token.size, movement: 0 } : null;
}

const strikerIn = (context: AttackTargetingContext) => strikerOf(context.board, context.attack);

/** Why no one strikes: the player's character is not on the map, or the MJ's monster is gone. */
function absentStriker({ context, event }: { context: AttackTargetingContext; event: AttackTargetingEvent }) {
  const attack = event.type === 'attack.choose' ? event.attack : context.attack;
  return { text: attack?.ref.kind === 'monster' ? attackMessages.tokenNotFound : attackMessages.notOnMap };
}

function rangeOf(context: AttackTargetingContext): number {
  return effectiveRange(context.attack?.range ?? 0, strikerIn(context)?.movement ?? 0);
}

function clickedToken(context: AttackTargetingContext, click: Click) {
  return click.usableId === strikerIn(context)?.id
    ? undefined
    : context.board.tokens.find((token) => token.id === click.usableId);
}

/** Where an area attack lands: the clicked token's centre, else the clicked point. */
function aimOf(context: AttackTargetingContext, click: Click): Point {
  return clickedToken(context, click)?.centre ?? click.point;
}

/** What must be in reach: a single attack's target, whole; an area's aim, as a one-cell target there. */
function reachedBy(context: AttackTargetingContext, click: Click): Body {
  const token = context.attack?.areaOfEffect === 'single' ? clickedToken(context, click) : undefined;
  return token ?? { centre: aimOf(context, click) };
}

/** The living tokens an area attack aimed by this click hits. */
function areaTargets(context: AttackTargetingContext, click: Click): string[] {
  const { attack, board } = context;
  const striker = strikerIn(context);
  if (!attack || !striker) return [];
  const living = board.tokens.filter((token) => token.alive);
  return tokensHit(
    { ...attack, range: rangeOf(context) },
    striker,
    aimOf(context, click),
    living,
    board.cellPx,
  );
}

/**
 * Choosing whom an attack hits (table.md §4 "Attack targeting", §5 "Attacks"). A player picks an
 * attack, then clicks: a target for a single attack, a spot (or a token) for an area. Clicking
 * empty space with a single attack gives up. The spec's refusals, and an area that catches nobody
 * alive, are told and keep the attack chosen so the player can click again (or cancel). The server rolls and
 * applies damage; this machine only sends who was aimed at. MJs do not attack from the players'
 * menu; they make a monster strike, aimed the same way.
 */
export const attackTargetingMachine = setup({
  types: {
    context: {} as AttackTargetingContext,
    events: {} as AttackTargetingEvent,
    input: {} as { role: TableRole; board?: Board },
  },
  actors: {
    /** The keyboard's Escape while an attack is aimed: it gives up, as the banner's button does. */
    'escape presses': unprovidedEvents<{ type: 'attack.cancel' }>('escape presses'),
  },
  actions: {
    'send attack': (_, _intent: AttackIntent) => {},
    'remember attack': assign({
      attack: ({ event }) => (event.type === 'attack.choose' ? event.attack : null),
      refusal: null,
    }),
    'forget attack': assign({ attack: null }),
    'show board': assign({
      board: ({ context, event }) => (event.type === 'board.updated' ? event.board : context.board),
    }),
    refuse: assign({ refusal: (_, { text }: { text: string }) => text }),
    /** Told to the player each time, even when the same refusal comes twice. */
    'announce refusal': (_, _refusal: { text: string }) => {},
    'clear refusal': assign({ refusal: null }),
  },
  guards: {
    // Players strike with their character; the MJ and admins only make a monster strike.
    'the actor may not make this attack': ({ context, event }) =>
      event.type === 'attack.choose' && (context.role === 'player') === (event.attack.ref.kind === 'monster'),
    'attacker is not on the map': ({ context, event }) =>
      strikerOf(context.board, event.type === 'attack.choose' ? event.attack : context.attack) === null,
    'attack hits an area': ({ context }) =>
      context.attack !== null && context.attack.areaOfEffect !== 'single',
    'no token was clicked': ({ context, event }) =>
      event.type === 'map.clicked' && !clickedToken(context, event),
    'target is dead': ({ context, event }) =>
      event.type === 'map.clicked' && clickedToken(context, event)?.alive === false,
    'target is out of range': ({ context, event }) => {
      const striker = strikerIn(context);
      if (event.type !== 'map.clicked' || !striker) return false;
      return !isInReach(striker, reachedBy(context, event), rangeOf(context), context.board.cellPx);
    },
    'area catches nobody alive': ({ context, event }) =>
      event.type === 'map.clicked' && areaTargets(context, event).length === 0,
  },
}).createMachine({
  id: 'attackTargeting',
  context: ({ input }) => ({
    role: input.role,
    attack: null,
    board: input.board ?? { attacker: null, tokens: [] },
    refusal: null,
  }),
  on: {
    'board.updated': { actions: 'show board' },
  },
  initial: 'noAttack',
  states: {
    noAttack: {
      on: {
        'attack.choose': [
          { guard: 'the actor may not make this attack' },
          {
            guard: 'attacker is not on the map',
            actions: [
              { type: 'refuse', params: absentStriker },
              { type: 'announce refusal', params: absentStriker },
            ],
          },
          { target: 'choosingTarget', actions: 'remember attack' },
        ],
      },
    },
    choosingTarget: {
      invoke: { src: 'escape presses' },
      on: {
        'attack.choose': [{ guard: 'the actor may not make this attack' }, { actions: 'remember attack' }],
        'attack.cancel': { target: 'noAttack', actions: ['forget attack', 'clear refusal'] },
        'map.clicked': [
          {
            guard: 'attacker is not on the map',
            target: 'noAttack',
            actions: [
              'forget attack',
              { type: 'refuse', params: absentStriker },
              { type: 'announce refusal', params: absentStriker },
            ],
          },
          {
            guard: and(['attack hits an area', 'target is out of range']),
            actions: [
              { type: 'refuse', params: { text: attackMessages.outOfRange } },
              { type: 'announce refusal', params: { text: attackMessages.outOfRange } },
            ],
          },
          {
            guard: and(['attack hits an area', 'area catches nobody alive']),
            actions: [
              { type: 'refuse', params: { text: attackMessages.nobodyInArea } },
              { type: 'announce refusal', params: { text: attackMessages.nobodyInArea } },
            ],
          },
          {
            guard: 'attack hits an area',
            target: 'noAttack',
            actions: [
              {
                type: 'send attack',
                params: ({ context, event }) => ({
                  attack: context.attack!,
                  attackerId: strikerIn(context)!.id,
                  targetIds: areaTargets(context, event),
                  aim: aimOf(context, event),
                }),
              },
              'forget attack',
              'clear refusal',
            ],
          },
          { guard: 'no token was clicked', target: 'noAttack', actions: ['forget attack', 'clear refusal'] },
          {
            guard: 'target is dead',
            actions: [
              { type: 'refuse', params: { text: attackMessages.deadTarget } },
              { type: 'announce refusal', params: { text: attackMessages.deadTarget } },
            ],
          },
          {
            guard: 'target is out of range',
            actions: [
              { type: 'refuse', params: { text: attackMessages.outOfRange } },
              { type: 'announce refusal', params: { text: attackMessages.outOfRange } },
            ],
          },
          {
            target: 'noAttack',
            actions: [
              {
                type: 'send attack',
                params: ({ context, event }) => ({
                  attack: context.attack!,
                  attackerId: strikerIn(context)!.id,
                  targetIds: [event.usableId!],
                  aim: aimOf(context, event),
                }),
              },
              'forget attack',
              'clear refusal',
            ],
          },
        ],
      },
    },
  },
});

/**
 * What targeting reads of the map (in the map's pixels): the player's own character and every
 * token this copy of the table shows, among them any monster the MJ makes strike.
 */
export function attackBoard(
  table: TableState,
  map: MapRef | null,
  striker: { characterIds: readonly string[]; movement: number },
): Board {
  const tokens = tokensOn(table, map);
  if (map === null) return { attacker: null, tokens: [] };
  const { cellPx } = gridOf(table, map.name);
  const attacker = tokens.find((token) => token.isPlayer && striker.characterIds.includes(token.itemId));
  return {
    attacker: attacker
      ? {
          id: attacker.usableId,
          centre: centreOnMap(attacker, map, cellPx),
          size: tokenCells(attacker),
          movement: striker.movement,
        }
      : null,
    tokens: tokens.map((token) => ({
      id: token.usableId,
      centre: centreOnMap(token, map, cellPx),
      size: tokenCells(token),
      alive: !isDown(token),
    })),
    cellPx,
  };
}
