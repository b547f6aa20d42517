import { and, assign, raise, setup } from 'xstate';
import { unprovidedEvents } from './unprovided';
import {
  edgeCells,
  effectiveRange,
  isInReach,
  tokensHit,
  type AreaShape,
  type Body,
  type Point,
} from '../domain/geometry/geometry';
import { attackMessages } from '../domain/table/messages';
import { keyboardMessages } from '../domain/table/keyboard-messages';
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
  tokens: Array<{ id: string; centre: Point; size?: number; alive: boolean; name?: string }>;
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
  | { type: 'map.clicked'; point: Point; usableId: string | null }
  /** The keyboard's arrows over the list of targets in reach: the next one, or the one before. */
  | { type: 'target.cycle'; step: 1 | -1 }
  /** A target of the list, taken by Enter or a click on it: the attack goes at once. */
  | { type: 'target.pick'; usableId: string }
  /** Enter: the attack goes to the target the arrows chose, or to where they aimed the area. */
  | { type: 'target.confirm' }
  /** The keyboard's arrows move an area's aim by a cell. */
  | { type: 'aim.step'; step: Point };

/** A token a single attack may strike from where the striker stands: its name and how far, in cells. */
export interface Candidate {
  id: string;
  name: string;
  cells: number;
  centre: Point;
}

export interface AttackTargetingContext {
  role: TableRole;
  attack: TargetingAttack | null;
  board: Board;
  refusal: string | null;
  /** The living tokens in reach of a single attack, nearest first: the keyboard's list. */
  candidates: Candidate[];
  /** Which of them the arrows stand on; -1 before the first arrow. */
  cursor: number;
  /** Where the arrows aim an area (the map's pixels), and the names it catches there. */
  aim: Point | null;
  caught: string[];
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

/** The living tokens a single attack may strike, nearest first, then by name. */
export function candidatesOf(board: Board, attack: TargetingAttack | null): Candidate[] {
  const striker = strikerOf(board, attack);
  if (!attack || !striker || attack.areaOfEffect !== 'single') return [];
  const range = effectiveRange(attack.range, striker.movement);
  return board.tokens
    .filter(
      (token) => token.id !== striker.id && token.alive && isInReach(striker, token, range, board.cellPx),
    )
    .map((token) => ({
      id: token.id,
      name: token.name ?? token.id,
      cells: Math.round(edgeCells(striker, token, board.cellPx)),
      centre: token.centre,
    }))
    .sort((a, b) => a.cells - b.cells || a.name.localeCompare(b.name, 'fr'));
}

/** Where the arrows start an area's aim: on the nearest living token in reach, else on the striker. */
function firstAim(context: AttackTargetingContext): Point | null {
  const striker = strikerIn(context);
  if (!striker) return null;
  const range = rangeOf(context);
  const nearest = context.board.tokens
    .filter(
      (token) =>
        token.id !== striker.id && token.alive && isInReach(striker, token, range, context.board.cellPx),
    )
    .sort(
      (a, b) => edgeCells(striker, a, context.board.cellPx) - edgeCells(striker, b, context.board.cellPx),
    )[0];
  return nearest?.centre ?? striker.centre;
}

/** The names an area aimed at `aim` catches. */
function caughtAt(context: AttackTargetingContext, aim: Point): string[] {
  const names = new Map(context.board.tokens.map((token) => [token.id, token.name ?? token.id]));
  return areaTargets(context, { type: 'map.clicked', point: aim, usableId: null }).map(
    (id) => names.get(id) ?? id,
  );
}

const chosen = (context: AttackTargetingContext) => context.candidates[context.cursor];

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
    /** Said in the table's live region: where the keyboard's target or aim stands now. */
    announce: (_, _said: { text: string }) => {},
    'remember attack': assign(({ context, event }) => {
      const attack = event.type === 'attack.choose' ? event.attack : null;
      return {
        attack,
        refusal: null,
        candidates: candidatesOf(context.board, attack),
        cursor: -1,
        aim: null,
        caught: [],
      };
    }),
    'forget attack': assign({ attack: null, candidates: [], cursor: -1, aim: null, caught: [] }),
    'show board': assign(({ context, event }) => {
      const board = event.type === 'board.updated' ? event.board : context.board;
      const candidates = candidatesOf(board, context.attack);
      // The arrows keep their target while it stays in reach.
      const kept = context.candidates[context.cursor]?.id;
      return { board, candidates, cursor: candidates.findIndex((candidate) => candidate.id === kept) };
    }),
    'move cursor': assign({
      cursor: ({ context }, step: 1 | -1) => {
        const count = context.candidates.length;
        if (count === 0) return -1;
        if (context.cursor < 0) return step === 1 ? 0 : count - 1;
        return (context.cursor + step + count) % count;
      },
    }),
    'move aim': assign(({ context }, step: Point) => {
      const from = context.aim ?? firstAim(context);
      if (!from) return {};
      const cellPx = context.board.cellPx ?? 75;
      // The first arrow shows where the aim starts; the next ones move it.
      const aim = context.aim ? { x: from.x + step.x * cellPx, y: from.y + step.y * cellPx } : from;
      return { aim, caught: caughtAt({ ...context, aim }, aim) };
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
    'a target is chosen': ({ context }) => chosen(context) !== undefined,
    'no target is in reach': ({ context }) => context.candidates.length === 0,
    'the area is aimed': ({ context }) => context.aim !== null,
    'the keys hold nothing': ({ context }) =>
      context.attack?.areaOfEffect === 'single' ? chosen(context) === undefined : context.aim === null,
  },
}).createMachine({
  id: 'attackTargeting',
  context: ({ input }) => ({
    role: input.role,
    attack: null,
    board: input.board ?? { attacker: null, tokens: [] },
    refusal: null,
    candidates: [],
    cursor: -1,
    aim: null,
    caught: [],
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
      initial: 'pointing',
      states: {
        /** The pointer aims; the keyboard's list of targets waits for its first arrow. */
        pointing: {},
        /** The arrows went through the targets in reach, or moved an area's aim: Enter strikes there. */
        byKeyboard: {
          // The target left reach (or the map), or the area found no one to aim from: back to the pointer.
          always: { guard: 'the keys hold nothing', target: 'pointing' },
        },
      },
      on: {
        'attack.choose': [
          { guard: 'the actor may not make this attack' },
          { target: '.pointing', actions: 'remember attack' },
        ],
        'target.cycle': [
          { guard: 'attack hits an area' },
          {
            guard: 'no target is in reach',
            actions: { type: 'announce', params: { text: keyboardMessages.noTargetInReach } },
          },
          {
            target: '.byKeyboard',
            actions: [
              { type: 'move cursor', params: ({ event }) => event.step },
              {
                type: 'announce',
                params: ({ context }) => ({
                  text: keyboardMessages.target(chosen(context)!.name, chosen(context)!.cells),
                }),
              },
            ],
          },
        ],
        'aim.step': {
          guard: 'attack hits an area',
          target: '.byKeyboard',
          actions: [
            { type: 'move aim', params: ({ event }) => event.step },
            {
              type: 'announce',
              params: ({ context }) => ({ text: keyboardMessages.caught(context.caught) }),
            },
          ],
        },
        'target.pick': {
          actions: raise(({ context, event }) => ({
            type: 'map.clicked' as const,
            point: context.board.tokens.find((token) => token.id === event.usableId)?.centre ?? {
              x: 0,
              y: 0,
            },
            usableId: event.usableId,
          })),
        },
        'target.confirm': [
          {
            guard: and(['attack hits an area', 'the area is aimed']),
            actions: raise(({ context }) => ({
              type: 'map.clicked' as const,
              point: context.aim!,
              usableId: null,
            })),
          },
          {
            guard: 'a target is chosen',
            actions: raise(({ context }) => ({
              type: 'map.clicked' as const,
              point: chosen(context)!.centre,
              usableId: chosen(context)!.id,
            })),
          },
          { actions: { type: 'announce', params: { text: keyboardMessages.chooseTargetFirst } } },
        ],
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
      name: token.name,
    })),
    cellPx,
  };
}
