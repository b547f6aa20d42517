import { z } from 'zod';
import {
  BONUS_LIMIT,
  COMMAND_COUNT_MAX,
  COMMAND_SIDES_MAX,
  COMMAND_SIDES_MIN,
  DICE_SIDES,
  ROLL_MODES,
} from '../../domain/dice/notation';
import { DEFAULT_MAP_SIZE, MAP_SIDE_MAX_PX } from '../../domain/geometry/geometry';
import { GRID_CELL_MAX_PX, GRID_CELL_MIN_PX, type MapGrid } from '../../domain/geometry/grid';
import {
  FOG_BASES,
  FOG_BRUSH_MAX,
  FOG_BRUSH_MIN,
  FOG_KINDS,
  FOG_MODES,
  MAX_FOG_POINTS,
  MAX_FOG_SHAPES,
  type FogChange,
  type MapFog,
} from '../../domain/table/fog';
import { MAX_TOKENS_PER_MAP } from '../../domain/table/messages';
import { HANDOUT_TEXT_MAX, HANDOUT_TITLE_MAX } from '../../domain/handouts';
import {
  AMBIENCE_FADE_MAX,
  AMBIENCE_LINK_MAX,
  AMBIENCE_NAME_MAX,
  ambienceMessages,
  isAmbienceLink,
  type AmbienceChange,
  type AmbienceSource,
  type AmbienceTrack,
} from '../../domain/table/ambience';
import { MAX_WALLS_PER_MAP, WALL_ID_MAX_LENGTH, WALL_KINDS, type Wall } from '../../domain/geometry/walls';
import type { MapVision, PlayerSight, VisionChange } from '../../domain/table/map-vision';
import { dict } from '../../domain/table/records';
import { TOKEN_CELLS_MAX } from '../../domain/table/token-size';
import { MESSAGE_TYPES } from '../../domain/dice/roll';
import { creatureSizes } from '../../domain/resources/categories';
import { characterSheet } from './characters';
import { conditionChange, tokenConditions } from './conditions';
import {
  HEALTH_BANDS,
  HISTORY_MAX,
  type ChatMessage,
  type MapRef,
  type MapToken,
  type TableEvent,
  type TableState,
} from '../../domain/table/types';

/**
 * The wire contract of the live table (table.md §7 "Socket events", docs/live-table.md). Clients send
 * commands under the spec's event names; the server answers each through the socket callback
 * (`socketAck`) and emits the resulting events, one envelope each, to the game's room.
 */

const id = z.string().min(1).max(200);
const mapName = z.string().min(1).max(200);
const count = z.number().int().min(0).max(1_000_000);

const mapSide = z.number().int().min(1).max(MAP_SIDE_MAX_PX);
/** Maps chosen before sizes were recorded read as the default size. */
export const mapRef = z.object({
  id,
  name: mapName,
  link: z.string().max(2048),
  width: mapSide.default(DEFAULT_MAP_SIZE.width),
  height: mapSide.default(DEFAULT_MAP_SIZE.height),
}) satisfies z.ZodType<MapRef>;

/** A map's grid (docs/live-table.md "The grid"), in the map's own pixels. */
export const mapGrid = z.object({
  cellPx: z.number().min(GRID_CELL_MIN_PX).max(GRID_CELL_MAX_PX),
  offsetX: z.number().min(-GRID_CELL_MAX_PX).max(GRID_CELL_MAX_PX),
  offsetY: z.number().min(-GRID_CELL_MAX_PX).max(GRID_CELL_MAX_PX),
  shown: z.boolean(),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  opacity: z.number().min(0).max(1),
}) satisfies z.ZodType<MapGrid>;

/** A point of a fog shape, percent of the map; the server checks it lies on it (`isFogShape`). */
const fogPoint = z.object({ x: z.number(), y: z.number() });
const fogShape = z.object({
  mode: z.enum(FOG_MODES),
  kind: z.enum(FOG_KINDS),
  points: z.array(fogPoint).min(1).max(MAX_FOG_POINTS),
  radius: z.number().min(FOG_BRUSH_MIN).max(FOG_BRUSH_MAX).optional(),
});
/** A change of a map's fog (decision 0023): one shape drawn, or everything revealed or covered. */
export const fogChange = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('shape'), shape: fogShape }),
  z.object({ kind: z.literal('all'), base: z.enum(FOG_BASES) }),
]) satisfies z.ZodType<FogChange>;
export const mapFog = z.object({
  base: z.enum(FOG_BASES),
  shapes: z.array(fogShape).max(MAX_FOG_SHAPES),
}) satisfies z.ZodType<MapFog>;

/**
 * A wall, door or window in the map's pixels (decision 0024); the server checks the map's whole list
 * with `wallsProblem` (ids of their own, ends on the map, a pixel long, at most 2,000).
 */
const wallPoint = z.object({ x: z.number(), y: z.number() });
export const wall = z.object({
  id: z.string().min(1).max(WALL_ID_MAX_LENGTH),
  a: wallPoint,
  b: wallPoint,
  kind: z.enum(WALL_KINDS),
  open: z.boolean().optional(),
}) satisfies z.ZodType<Wall>;
const lighting = z.enum(['lit', 'dark']);
/**
 * A change of a map's vision (decision 0025): walls drawn or erased, a door, the lighting, what
 * was explored forgotten, all lifted.
 */
export const visionChange = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('add'), walls: z.array(wall).min(1).max(MAX_WALLS_PER_MAP) }),
  z.object({
    kind: z.literal('remove'),
    ids: z.array(z.string().min(1).max(WALL_ID_MAX_LENGTH)).min(1).max(MAX_WALLS_PER_MAP),
  }),
  z.object({ kind: z.literal('door'), id: z.string().min(1).max(WALL_ID_MAX_LENGTH), open: z.boolean() }),
  z.object({ kind: z.literal('lighting'), lighting }),
  z.object({ kind: z.literal('forget') }),
  z.object({ kind: z.literal('clear') }),
]) satisfies z.ZodType<VisionChange>;
export const mapVision = z.object({
  walls: z.array(wall).max(MAX_WALLS_PER_MAP),
  lighting,
}) satisfies z.ZodType<MapVision>;
/**
 * A player's sight: a polygon per token of theirs (a 60-gon and the walls' ends in reach) and their
 * explored cells, encoded (at most 42 KB of bytes, in base64).
 */
const encodedCells = z.string().max(60_000);
export const playerSight = z.object({
  map: z.string().min(1).max(200),
  polygons: z.array(z.array(wallPoint).max(50_000)).max(MAX_TOKENS_PER_MAP),
  explored: encodedCells.nullable(),
}) satisfies z.ZodType<PlayerSight>;

export const mapToken = z.object({
  usableId: id,
  itemId: id,
  name: z.string().max(200),
  isPlayer: z.boolean(),
  assetLink: z.string().max(2048).nullable(),
  speciality: z.string().max(200).nullable(),
  // A player's copy of a monster: no fight figures, no HP but its band (docs/live-table.md "Monster health").
  AC: z.number().int().nullable(),
  HP: count.nullable(),
  currentHP: count.nullable(),
  health: z.enum(HEALTH_BANDS).optional(),
  soulEssence: count.nullable(),
  currentSoulEssence: count.nullable(),
  attackBonus: z.number().int().nullable(),
  damage: z.string().max(50).nullable(),
  inTurnOrder: z.boolean(),
  visibility: z.boolean(),
  size: z.number().int().min(1).max(TOKEN_CELLS_MAX).optional(),
  darkvision: z.number().int().min(0).max(1000).optional(),
  x: z.number(),
  y: z.number(),
  conditions: tokenConditions.optional(),
}) satisfies z.ZodType<MapToken>;

const diceSpec = z.object({
  count: z.number().int().min(1).max(COMMAND_COUNT_MAX),
  sides: z.union(DICE_SIDES.map((sides) => z.literal(sides))),
  bonus: z.number().int().min(-BONUS_LIMIT).max(BONUS_LIMIT),
});

// The form rolls the table's dice; a typed command (/r 1d100) may name any die.
const rollResult = diceSpec.extend({
  sides: z.number().int().min(COMMAND_SIDES_MIN).max(COMMAND_SIDES_MAX),
  dice: z.array(z.number().int()),
  extra: z
    .array(
      z.object({
        count: z.number().int().min(1).max(COMMAND_COUNT_MAX),
        sides: z.union(DICE_SIDES.map((sides) => z.literal(sides))),
        dice: z.array(z.number().int()),
      }),
    )
    .optional(),
  total: z.number().int(),
  messageType: z.enum(MESSAGE_TYPES),
});

export const chatMessage = z.object({
  playerName: z.string(),
  senderId: z.string().nullable(),
  avatar: z.string().nullable(),
  message: z.string(),
  type: z.enum(MESSAGE_TYPES),
  senderUserId: z.string().nullable(),
  roll: rollResult.optional(),
  label: z.string().optional(),
  audience: z.literal('managers').optional(),
  reader: z.string().optional(),
  whisperTo: z.string().optional(),
  rollMode: z.enum(ROLL_MODES).optional(),
}) satisfies z.ZodType<ChatMessage>;

const order = z.array(id).max(500);
const round = z.number().int().min(1).max(1_000_000);
const onMap = { map: mapName };
const onToken = { map: mapName, usableId: id };
const position = { x: z.number(), y: z.number() };
const gameId = z.string().min(1).max(100);

// ---- Commands, client → server. The game and the actor come from the socket's session, not from here.

/**
 * The id the client gave a command, once per intent and again on each retry of it: the server
 * answers a repeated id with the first outcome and never does it twice (docs/live-table.md "Command
 * ids"). Optional while clients of the version before it may still be connected.
 */
const commandId = z.uuid().optional();

/** The place goes to the nearest cell of the map's grid (the client's snapping, on unless told free). */
const snap = z.boolean().optional();

/** `itemChange`: every change of a token. */
export const itemChangePayload = z.object({
  gameId,
  commandId,
  change: z.discriminatedUnion('type', [
    /**
     * Which character or monster, and where: the server reads everything else (name, picture, HP,
     * AC, essence, attack) from what it stores. `hidden` places a monster out of the players' sight
     * (the MJ's and admins' only).
     */
    z.object({
      type: z.literal('token.place'),
      ...onMap,
      itemId: id,
      isPlayer: z.boolean(),
      ...position,
      hidden: z.boolean().default(false),
      snap,
    }),
    z.object({ type: z.literal('token.move'), ...onToken, ...position, snap }),
    /** The tokens a user selected, moved together: all of them or none (docs/live-table.md "Group moves"). */
    z.object({
      type: z.literal('token.moveMany'),
      ...onMap,
      moves: z.array(z.object({ usableId: id, ...position })).max(MAX_TOKENS_PER_MAP),
      snap,
    }),
    z.object({ type: z.literal('token.remove'), ...onToken }),
    z.object({ type: z.literal('token.toggleVisibility'), ...onToken }),
    /** The MJ's « Taille » for any token, by the monster form's names; the server reads its cells. */
    z.object({ type: z.literal('token.resize'), ...onToken, size: z.enum(creatureSizes), snap }),
    z.object({
      type: z.literal('token.adjust'),
      ...onToken,
      resource: z.enum(['HP', 'soulEssence']),
      direction: z.enum(['decrease', 'increase']),
      amount: z.number().int().min(0).max(1_000_000),
    }),
    z.object({ type: z.literal('token.condition'), ...onToken, change: conditionChange }),
  ]),
});
export type ItemChangePayload = z.infer<typeof itemChangePayload>;

/**
 * `mapChange`: a map of the game for everyone (bringPlayers) or for the MJ alone; null clears it
 * for all. The server reads its name and link; the size is the picture's, as the MJ's browser
 * measured it (the default size when it could not).
 */
export const mapChangePayload = z.object({
  gameId,
  commandId,
  map: z
    .object({
      id,
      width: mapSide.default(DEFAULT_MAP_SIZE.width),
      height: mapSide.default(DEFAULT_MAP_SIZE.height),
    })
    .nullable(),
  bringPlayers: z.boolean().default(false),
});
export type MapChangePayload = z.infer<typeof mapChangePayload>;

/** `gridChange`: the MJ sets the whole grid of an open map. */
export const gridChangePayload = z.object({ gameId, commandId, ...onMap, grid: mapGrid });
export type GridChangePayload = z.infer<typeof gridChangePayload>;

/** `historyChange`: the user's own last action undone, or the last one they undid redone (decision 0022). */
export const historyChangePayload = z.object({ gameId, commandId, direction: z.enum(['undo', 'redo']) });
export type HistoryChangePayload = z.infer<typeof historyChangePayload>;
/** `fogChange`: the MJ draws one shape of fog on an open map, or reveals or covers it all. */
export const fogChangePayload = z.object({ gameId, commandId, ...onMap, change: fogChange });
export type FogChangePayload = z.infer<typeof fogChangePayload>;
/** `visionChange`: the MJ draws or erases walls, opens or closes a door, lights or darkens an open map. */
export const visionChangePayload = z.object({ gameId, commandId, ...onMap, change: visionChange });
export type VisionChangePayload = z.infer<typeof visionChangePayload>;

const level = z.number().min(0, ambienceMessages.invalidLevel).max(1, ambienceMessages.invalidLevel);
const fadeSeconds = z
  .number()
  .min(0, ambienceMessages.invalidLevel)
  .max(AMBIENCE_FADE_MAX, ambienceMessages.invalidLevel);
const trackId = { trackId: id };
export const ambienceSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('file'), fileId: id }),
  z.object({
    kind: z.literal('link'),
    url: z.string().max(AMBIENCE_LINK_MAX).refine(isAmbienceLink, ambienceMessages.notHttps),
  }),
]) satisfies z.ZodType<AmbienceSource>;

/** `ambienceChange`: the MJ plays, pauses, fades or stops a track for the whole table (decision 0031). */
export const ambienceChangePayload = z.object({
  gameId,
  commandId,
  change: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('play'),
      source: ambienceSource,
      name: z.string().max(AMBIENCE_NAME_MAX),
      loop: z.boolean(),
      volume: level,
      fadeIn: fadeSeconds,
    }),
    z.object({ kind: z.enum(['pause', 'resume']), ...trackId }),
    z.object({ kind: z.literal('loop'), ...trackId, loop: z.boolean() }),
    z.object({ kind: z.literal('fade'), ...trackId, volume: level, seconds: fadeSeconds }),
    z.object({ kind: z.literal('stop'), ...trackId, fadeOut: fadeSeconds }),
  ]) satisfies z.ZodType<AmbienceChange>,
});
export type AmbienceChangePayload = z.infer<typeof ambienceChangePayload>;

/** `serverClock`'s answer: the server's clock, from which a client reckons its offset (decision 0031). */
export const serverClockAnswer = z.object({ ok: z.literal(true), now: z.number() });
export type ServerClockAnswer = z.infer<typeof serverClockAnswer>;

/** `turnOrderChange`. */
export const turnOrderChangePayload = z.object({
  gameId,
  commandId,
  change: z.discriminatedUnion('type', [
    z.object({ type: z.literal('turnOrder.generate'), ...onMap }),
    /**
     * `playing` and `round`: the turn the client saw when « Tour suivant » (or a player's « Finir
     * mon tour ») was pressed. The server passes only that turn: a second press of the same turn (a
     * double click) changes nothing.
     */
    z.object({
      type: z.literal('turnOrder.next'),
      ...onMap,
      playing: id.optional(),
      round: round.optional(),
    }),
    z.object({ type: z.literal('turnOrder.toggle'), ...onToken }),
    z.object({ type: z.literal('turnOrder.reorder'), ...onMap, order }),
    z.object({ type: z.literal('turnOrder.newCombat'), ...onMap }),
  ]),
});
export type TurnOrderChangePayload = z.infer<typeof turnOrderChangePayload>;

/**
 * `newMessage`: a chat line (commands included) or a roll of the dice form. `playerId` names the
 * character the player speaks as; the server checks it is theirs and builds the speaker.
 */
const rollLabel = z.string().max(200).nullish();

export const newMessagePayload = z.object({
  gameId,
  commandId,
  playerId: z.string().max(200).nullish(),
  content: z.discriminatedUnion('kind', [
    // A macro's line carries its title: the label of the roll the line makes, if it makes one.
    // `mode`: the roller's chosen mode, for a line that rolls without naming its own (`/r`, a macro).
    z.object({
      kind: z.literal('text'),
      text: z.string().max(1000),
      label: rollLabel,
      mode: z.enum(ROLL_MODES).nullish(),
    }),
    // `mode`: the form's and the skills' roll out of sight (« Jet public / secret / à l’aveugle »).
    z.object({
      kind: z.literal('roll'),
      dice: diceSpec,
      label: rollLabel,
      mode: z.enum(ROLL_MODES).nullish(),
    }),
  ]),
});
export type NewMessagePayload = z.infer<typeof newMessagePayload>;

/**
 * `attack`: a player strikes with their character's token (an attack of the weapon it wears, or
 * the simple attack), or the MJ makes a monster's token strike. A single attack names its target;
 * an area names the point it is aimed at (percent of the map) and the server finds who it covers.
 * Rolls, hits, damage and costs are the server's: nothing else is read from here.
 */
export const attackPayload = z.object({
  gameId,
  commandId,
  ...onMap,
  attackerId: id,
  attack: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('simple') }),
    z.object({ kind: z.literal('weapon'), attackId: id }),
    z.object({ kind: z.literal('monster') }),
  ]),
  targetId: id.nullish(),
  aim: z.object(position).nullish(),
});
export type AttackPayload = z.infer<typeof attackPayload>;

const epoch = z.number().int().min(0);

/**
 * `tableCatchUp`: the events after the last seq the client folded; also (re)joins the game's room.
 * `epoch`, the one of the client's event at `afterSeq`, lets the server tell a client that holds an
 * event never logged (its owner died first) to start again from the answer (`reset`).
 */
export const tableCatchUpRequest = z.object({
  gameId,
  afterSeq: z.number().int().min(0),
  epoch: epoch.optional(),
});
export type TableCatchUpRequest = z.infer<typeof tableCatchUpRequest>;

// ---- Events, server → client.

/**
 * `tableResync`: a process took the game over from an owner that is gone (docs/live-table.md "Taking
 * over"). The client catches up with its epoch: a copy holding what the log lacks starts again.
 */
export const tableResync = z.object({ gameId, epoch });
export type TableResync = z.infer<typeof tableResync>;

/**
 * A record keyed by map names or token ids, read into a record that inherits nothing (records.ts):
 * `z.record` assigns its keys on a plain object, where a map named '__proto__' would be lost (it
 * sets the prototype).
 */
function namedRecord<T extends z.ZodType>(value: T) {
  return z.unknown().transform((input, context) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      context.addIssue({ code: 'custom', message: 'Objet attendu.' });
      return z.NEVER;
    }
    const entries: Array<[string, z.output<T>]> = [];
    for (const [key, raw] of Object.entries(input)) {
      const parsed = value.safeParse(raw);
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Valeur invalide.' });
        return z.NEVER;
      }
      entries.push([key, parsed.data]);
    }
    return dict(entries);
  });
}

const envelope = {
  seq: z.number().int().min(1),
  epoch: epoch.optional(),
  userId: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
};
const chatEvent = <T extends 'chat.posted' | 'chat.system' | 'dice.rolled'>(type: T) =>
  z.object({ type: z.literal(type), payload: chatMessage, ...envelope });
const orderEvent = <T extends `turnOrder.${'reordered' | 'newCombat'}`>(type: T) =>
  z.object({ type: z.literal(type), payload: z.object({ ...onMap, order }), ...envelope });
/** A fight begun or a turn passed: the round it is now, and who played in it (the managers' copy only). */
const turnEvent = <T extends `turnOrder.${'generated' | 'advanced'}`>(type: T) =>
  z.object({
    type: z.literal(type),
    payload: z.object({ ...onMap, order, round: round.optional(), played: order.optional() }),
    ...envelope,
  });

const roundState = z.object({ round, played: order.optional() });

/**
 * What puts a map back (decision 0022). A token's keys are checked by the reducer, which applies
 * them onto the token and refuses a token out of bounds.
 */
const tablePatch = {
  tokens: namedRecord(mapToken.partial().nullable()),
  order: order.optional(),
  round: roundState.nullable().optional(),
  grid: mapGrid.nullable().optional(),
  fog: z
    .object({
      base: z.enum(FOG_BASES),
      keep: z.number().int().min(0).max(MAX_FOG_SHAPES),
      shapes: z.array(fogShape).max(MAX_FOG_SHAPES),
    })
    .nullable()
    .optional(),
};

const historyEntry = z.object({
  label: z.string().max(300),
  map: mapName,
  patch: z.object(tablePatch).nullable(),
});

/** A move's entry in its author's history, riding on it (decision 0043). */
const recorded = { recorded: z.object({ by: id, entry: historyEntry }).optional() };

/** In a player's copy of a change of the fog or of the grid under it: who came into sight, who left it. */
const sightChange = {
  appeared: z.array(mapToken).max(MAX_TOKENS_PER_MAP).optional(),
  vanished: z.array(id).max(MAX_TOKENS_PER_MAP).optional(),
  order: order.optional(),
};

const instant = z.number().int().min(0);
export const ambienceTrack = z.object({
  id,
  name: z.string().max(AMBIENCE_NAME_MAX),
  source: ambienceSource,
  loop: z.boolean(),
  startedAt: instant,
  pausedAt: instant.nullable(),
  volume: z.object({ from: level, to: level, startAt: instant, endAt: instant }),
  endsAt: instant.nullable(),
}) satisfies z.ZodType<AmbienceTrack>;

/** One logged event as the client receives it: `{ seq, type, payload, userId, createdAt }`. */
/** A handout as the log carries it (decision 0041): its title, and its text or its stored picture. */
const loggedHandout = z.union([
  z.object({
    id,
    title: z.string().max(HANDOUT_TITLE_MAX),
    text: z.string().max(HANDOUT_TEXT_MAX),
    fileId: z.null(),
  }),
  z.object({ id, title: z.string().max(HANDOUT_TITLE_MAX), text: z.null(), fileId: id }),
]);
const handoutRecipients = z.array(id);

export const tableEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('map.selected'),
    payload: z.object({ map: mapRef, bringPlayers: z.boolean() }),
    ...envelope,
  }),
  z.object({ type: z.literal('map.cleared'), payload: z.object({}).strict(), ...envelope }),
  z.object({
    type: z.literal('map.gridSet'),
    payload: z.object({ ...onMap, grid: mapGrid, sight: playerSight.optional(), ...sightChange }),
    ...envelope,
  }),
  z.object({
    type: z.literal('map.fogChanged'),
    payload: z.object({ ...onMap, change: fogChange, ...sightChange }),
    ...envelope,
  }),
  z.object({
    type: z.literal('map.visionChanged'),
    payload: z.object({ ...onMap, change: visionChange, ...sightChange }),
    ...envelope,
  }),
  z.object({
    type: z.literal('vision.sight'),
    payload: playerSight.extend({ ...sightChange, ...recorded }),
    ...envelope,
  }),
  z.object({
    type: z.literal('vision.explored'),
    payload: z.object({ ...onMap, characterId: id, cells: encodedCells }),
    ...envelope,
  }),
  z.object({
    type: z.literal('vision.remembered'),
    payload: z.object({ ...onMap, explored: encodedCells.nullable() }),
    ...envelope,
  }),
  z.object({
    type: z.literal('map.shown'),
    payload: z.object({
      map: mapRef.nullable(),
      tokens: z.array(mapToken).max(500),
      order,
      round: round.optional(),
      grid: mapGrid.optional(),
      fog: mapFog.optional(),
      sight: playerSight.optional(),
    }),
    ...envelope,
  }),
  z.object({
    type: z.literal('token.placed'),
    payload: z.object({ ...onMap, token: mapToken }),
    ...envelope,
  }),
  z.object({
    type: z.literal('token.moved'),
    payload: z.object({ ...onToken, ...position, ...recorded }),
    ...envelope,
  }),
  z.object({
    type: z.literal('token.resized'),
    payload: z.object({ ...onToken, size: z.number().int().min(1).max(TOKEN_CELLS_MAX), ...position }),
    ...envelope,
  }),
  z.object({
    type: z.literal('token.removed'),
    payload: z.object({ ...onToken, order: order.optional() }),
    ...envelope,
  }),
  z.object({ type: z.literal('token.concealed'), payload: z.object({ ...onToken, order }), ...envelope }),
  z.object({
    type: z.literal('token.visibilityChanged'),
    payload: z.object({ ...onMap, token: mapToken, order }),
    ...envelope,
  }),
  z.object({
    type: z.literal('token.adjusted'),
    payload: z.union([
      z.object({ ...onToken, resource: z.enum(['HP', 'soulEssence']), value: count }),
      z.object({ ...onToken, resource: z.literal('HP'), health: z.enum(HEALTH_BANDS) }),
    ]),
    ...envelope,
  }),
  z.object({
    type: z.literal('token.conditionsChanged'),
    payload: z.object({ ...onToken, conditions: tokenConditions }),
    ...envelope,
  }),
  turnEvent('turnOrder.generated'),
  turnEvent('turnOrder.advanced'),
  orderEvent('turnOrder.reordered'),
  orderEvent('turnOrder.newCombat'),
  z.object({
    type: z.literal('turnOrder.participantToggled'),
    payload: z.object({ ...onToken, inTurnOrder: z.boolean(), order }),
    ...envelope,
  }),
  chatEvent('chat.posted'),
  chatEvent('chat.system'),
  chatEvent('dice.rolled'),
  z.object({
    type: z.literal('attack.performed'),
    payload: z.object({ ...onMap, attackerId: id, targetIds: order, attack: z.string() }),
    ...envelope,
  }),
  z.object({
    type: z.literal('history.recorded'),
    payload: z.object({ by: id, entry: historyEntry }),
    ...envelope,
  }),
  z.object({
    type: z.literal('table.restored'),
    payload: z.object({
      by: id,
      direction: z.enum(['undo', 'redo']),
      ...onMap,
      ...tablePatch,
      sight: playerSight.optional(),
      seen: z.object(sightChange).optional(),
    }),
    ...envelope,
  }),
  z.object({ type: z.literal('redacted'), payload: z.object({}).strict(), ...envelope }),
  z.object({ type: z.literal('ambience.changed'), payload: z.object({ track: ambienceTrack }), ...envelope }),
  z.object({ type: z.literal('ambience.ended'), payload: z.object(trackId), ...envelope }),
  z.object({
    type: z.literal('handout.shown'),
    payload: z.object({ handout: loggedHandout, recipients: handoutRecipients, shownAt: z.string() }),
    ...envelope,
  }),
  z.object({
    type: z.literal('handout.takenBack'),
    payload: z.object({ handoutId: id, recipients: handoutRecipients }),
    ...envelope,
  }),
]) satisfies z.ZodType<TableEvent>;

export const tableState = z.object({
  lastSeq: z.number().int().min(0),
  currentMap: mapRef.nullable(),
  masterMap: mapRef.nullable(),
  tokens: namedRecord(namedRecord(mapToken)),
  turnOrders: namedRecord(order),
  rounds: namedRecord(roundState).optional(),
  // Snapshots taken before maps had grids have none.
  grids: z.preprocess((grids) => grids ?? {}, namedRecord(mapGrid)),
  history: namedRecord(
    z.object({
      done: z.array(historyEntry).max(HISTORY_MAX),
      undone: z.array(historyEntry).max(HISTORY_MAX),
    }),
  ).optional(),
  // Nor fog.
  fogs: z.preprocess((fogs) => fogs ?? {}, namedRecord(mapFog)),
  // The managers' alone; a player's copy holds `sight`.
  visions: namedRecord(mapVision).optional(),
  explored: namedRecord(namedRecord(encodedCells)).optional(),
  sight: playerSight.optional(),
  // Absent before the ambience.
  ambience: namedRecord(ambienceTrack).optional(),
  // Absent before handouts were logged.
  handouts: namedRecord(
    z.intersection(loggedHandout, z.object({ holders: namedRecord(z.string()) })),
  ).optional(),
}) satisfies z.ZodType<TableState>;

export const tableSnapshot = z.object({ seq: z.number().int().min(0), state: tableState });

/**
 * The catch-up answer (in the ack): a snapshot when the client is far behind, then the events after
 * it; `reset` when the client's copy holds an event the log does not (it starts again from this
 * answer); `epoch`, the log's at the answer's last seq.
 */
export const tableCatchUpAnswer = z.object({
  ok: z.literal(true),
  snapshot: tableSnapshot.nullable(),
  events: z.array(tableEvent),
  reset: z.boolean().optional(),
  epoch: epoch.optional(),
});
export type TableCatchUpAnswer = z.infer<typeof tableCatchUpAnswer>;

/**
 * What each of the four names carries: one envelope, or, when one command logged several under
 * that name, their envelopes in seq order — one message per command and reader (decision 0042).
 */
export const tableMessage = z.union([tableEvent, z.array(tableEvent).min(1)]);
export type TableMessage = z.infer<typeof tableMessage>;

/** A message's envelopes, in seq order. */
export const envelopesOf = <E>(message: E | readonly E[]): readonly E[] =>
  Array.isArray(message) ? message : [message as E];

/**
 * The spec's socket event each logged event is emitted under (table.md §7). A client listens to
 * all four and hands every envelope to the same table-sync actor.
 */
export function socketEventOf(
  type: TableEvent['type'],
): 'mapUpdate' | 'itemUpdate' | 'turnOrderUpdate' | 'broadcastMessage' {
  if (type.startsWith('map.') || type.startsWith('vision.')) return 'mapUpdate';
  if (type.startsWith('token.') || type.startsWith('attack.') || type.startsWith('table.'))
    return 'itemUpdate';
  if (type.startsWith('turnOrder.')) return 'turnOrderUpdate';
  return type === 'redacted' || type === 'history.recorded' ? 'itemUpdate' : 'broadcastMessage';
}

// ---- Volatile drags: relayed to the game's room, never logged (docs/live-table.md "Drags").

/** `itemDrag`, client → server: where a token is while the mouse (10 ms) or finger (50 ms) moves. */
export const itemDragPayload = z.object({ gameId, ...onToken, ...position });
export type ItemDragPayload = z.infer<typeof itemDragPayload>;

/** `itemDragging`, server → the others who may see the token; the drop is a logged `token.moved`. */
export const itemDragging = z.object({ ...onToken, ...position, userId: z.string() });
export type ItemDragging = z.infer<typeof itemDragging>;

// ---- Pings and shown rulers: relayed to the map's readers, never logged (decision 0018).

/** A point of a map, in the map's own pixels. */
const mapPoint = z.object({ x: z.number(), y: z.number() });
const arrow = z.object({ from: mapPoint, to: mapPoint });

/** `tablePing`, client → server: a point to show everyone; `bring` (the managers') brings their view there. */
export const tablePingPayload = z.object({
  gameId,
  ...onMap,
  at: mapPoint,
  bring: z.boolean().default(false),
});
export type TablePingPayload = z.infer<typeof tablePingPayload>;

/** `tablePinged`, server → the map's other readers: where, by whom, and whether their view goes there. */
export const tablePinged = z.object({
  ...onMap,
  at: mapPoint,
  bring: z.boolean(),
  userId: z.string(),
  name: z.string(),
});
export type TablePinged = z.infer<typeof tablePinged>;

/** `tableRuler`, client → server: the measuring arrow being drawn and shown, null once let go. */
export const tableRulerPayload = z.object({ gameId, ...onMap, ruler: arrow.nullable() });
export type TableRulerPayload = z.infer<typeof tableRulerPayload>;

/** `tableRulerShown`, server → the map's other readers: someone's arrow as it is drawn, null when gone. */
export const tableRulerShown = z.object({
  ...onMap,
  ruler: arrow.nullable(),
  userId: z.string(),
  name: z.string(),
});
export type TableRulerShown = z.infer<typeof tableRulerShown>;

// ---- The chat history: the log's chat events (GET /message?gameId=…).

/**
 * One page of a game's chat, oldest first: the `chat.posted` / `chat.system` / `dice.rolled` events
 * with `seq < before` (the newest page when `before` is absent). Without `gameId` the answer is
 * empty (table.md §7).
 */
export const gameMessagesQuery = z.object({
  gameId: gameId.optional(),
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type GameMessagesQuery = z.infer<typeof gameMessagesQuery>;
export const gameMessagesAnswer = z.array(tableEvent);
export type GameMessagesAnswer = z.infer<typeof gameMessagesAnswer>;

// ---- Requests of the current table (table.md §7), answered in the ack (docs/live-table.md "Requests").

/** `mapRequest`, `itemRequest`, `turnOrderRequest` / `requestTurnOrder`, `playerRequest`, `connectedPlayersRequest`. */
export const tableRequest = z.object({ gameId });
export type TableRequest = z.infer<typeof tableRequest>;

/**
 * The ack of `mapRequest`, `itemRequest` and `turnOrderRequest` / `requestTurnOrder`: the table now,
 * as the caller may see it, with its `lastSeq` (a snapshot a table-sync client may restore).
 */
export const tableViewAnswer = z.object({ ok: z.literal(true), state: tableState });
export type TableViewAnswer = z.infer<typeof tableViewAnswer>;

/** The ack of `playerRequest`: the game's characters, oldest first. */
export const gameCharactersAnswer = z.object({ ok: z.literal(true), players: z.array(characterSheet) });
export type GameCharactersAnswer = z.infer<typeof gameCharactersAnswer>;
