import {
  invalidCommandText,
  isRollable,
  parseChatLine,
  type DiceSpec,
  type RollMode,
} from '../dice/notation';
import type { RandomInt } from '../dice/random';
import { describeRoll, roll, type RollResult } from '../dice/roll';
import { clampPercent, type Point } from '../geometry/geometry';
import { normalGrid, snapGroup, snapPercent, type MapGrid } from '../geometry/grid';
import { advanceTurn, rollInitiative } from '../turn-order/initiative';
import { isReorderingOf, toggleParticipant } from '../turn-order/turn-order';
import { decideAttack, type AttackSpec } from './attack';
import { resolveWhisper, type WhisperRecipient } from './chat-audience';
import { changeConditions, turnEnded, type ConditionChange } from './condition-changes';
import { tokenInFog, type FogChange } from './fog';
import { decideFog } from './fog-changes';
import type { VisionChange } from './map-vision';
import { exploredGrowth } from './player-sight';
import { decideVision } from './vision-changes';
import { isDown } from './health';
import { attackMessages, MAX_TOKENS_PER_MAP, MESSAGE_MAX_LENGTH, tableMessages } from './messages';
import { gridOf, openMap, orderOf, own, tokenAt, tokensOfMap, type Dict } from './records';
import { lineAbout, systemMessage } from './system-lines';
import { tokenCells } from './token-size';
import { cellsOfCreatureSize, type CreatureSize } from '../resources/categories';
import { decideUndo, folded, recordedAction } from './undo';
import { ambienceMessages, decideAmbience, type AmbienceChange } from './ambience';
import { decideHandout, type HandoutCommand } from './handouts';
import {
  controlsToken,
  isPlayersMap,
  managesTable,
  ownsToken,
  seenByPlayers,
  tokenSeenBy,
} from './visibility';
import type {
  ChatMessage,
  HealthResource,
  MapRef,
  MapToken,
  Speaker,
  TableActor,
  TableEventBody,
  TableState,
} from './types';

/**
 * A token as the server builds it from what it stores (the character or the monster) and where the
 * placer dropped it; `decide` names it, fills its gauges and puts it out of the turn order.
 */
export type TokenDraft = Omit<
  MapToken,
  'usableId' | 'inTurnOrder' | 'HP' | 'currentHP' | 'health' | 'currentSoulEssence'
> & { HP: number };

/** What actors ask of the table. The server resolves `speaker` and never takes the actor from a payload. */
export type TableCommand =
  /** `seedGrid`: the grid the map's resource implies (its « Taille »), set if the map has none yet. */
  | { type: 'map.select'; map: MapRef; bringPlayers: boolean; seedGrid?: MapGrid | null }
  | { type: 'map.clear' }
  /** The map's whole grid, set by the MJ (docs/live-table.md "The grid"). */
  | { type: 'map.setGrid'; map: string; grid: MapGrid }
  /** A shape of fog, or the whole map revealed or covered (decision 0023). */
  | { type: 'map.fog'; map: string; change: FogChange }
  /** Walls, doors, windows and the lighting of a map (decision 0025). */
  | { type: 'map.vision'; map: string; change: VisionChange }
  /** `snap`: the token's corner goes to the nearest cell of the map's grid. */
  | { type: 'token.place'; map: string; token: TokenDraft; snap?: boolean }
  | { type: 'token.move'; map: string; usableId: string; x: number; y: number; snap?: boolean }
  /**
   * Several tokens of one map moved together (a group the user selected): all of them, or none.
   * `snap`: the first, the one dragged, goes to the nearest cell and the others by whole cells.
   */
  | {
      type: 'token.moveMany';
      map: string;
      moves: ReadonlyArray<{ usableId: string; x: number; y: number }>;
      snap?: boolean;
    }
  /**
   * The MJ's size for a token (« Taille », as a monster's), whatever its kind; `snap`: it goes back
   * onto the grid if its new square would leave the map.
   */
  | { type: 'token.resize'; map: string; usableId: string; size: CreatureSize; snap?: boolean }
  | { type: 'token.remove'; map: string; usableId: string }
  | { type: 'token.toggleVisibility'; map: string; usableId: string }
  | {
      type: 'token.adjust';
      map: string;
      usableId: string;
      resource: HealthResource;
      direction: 'decrease' | 'increase';
      amount: number;
    }
  /** Marks on a token: its owner's or the managers' (docs/live-table.md "Conditions"). */
  | { type: 'token.condition'; map: string; usableId: string; change: ConditionChange }
  /**
   * `bonuses`: each participant's initiative bonus by its character's or monster's id, read by the
   * server from what it stores (decision 0020); one it lacks rolls with +0.
   */
  | { type: 'turnOrder.generate'; map: string; bonuses?: Record<string, number> }
  /**
   * `playing` and `round`: the turn the client saw; another one is not passed (a double click).
   * The managers' « Tour suivant », or a player's « Finir mon tour » on a turn of their own.
   */
  | { type: 'turnOrder.next'; map: string; playing?: string; round?: number }
  | { type: 'turnOrder.toggle'; map: string; usableId: string }
  | { type: 'turnOrder.reorder'; map: string; order: string[] }
  | { type: 'turnOrder.newCombat'; map: string }
  /**
   * `label`: what names the line's roll, a macro's title; a plain line speaks for itself.
   * `recipients`: the game's characters, which the server reads for a whisper (`/w Nom message`).
   * `mode`: the roller's chosen mode, for a line that rolls without naming its own (`/r`, a macro).
   */
  | {
      type: 'chat.send';
      text: string;
      label?: string | null;
      speaker: Speaker;
      recipients?: readonly WhisperRecipient[];
      mode?: RollMode | null;
    }
  /** `mode`: a roll out of sight, the form's and the skills' (« Jet public / secret / à l’aveugle »). */
  | {
      type: 'dice.roll';
      dice: DiceSpec;
      label?: string | null;
      mode?: RollMode | null;
      speaker: Speaker;
    }
  | {
      type: 'attack.perform';
      map: string;
      attackerId: string;
      attack: AttackSpec;
      targetId: string | null;
      /** Percent of the map, for an area. */
      aim: Point | null;
    }
  /** The MJ's ambience (decision 0031); `at`: the server's clock when it heard it, never the client's. */
  | { type: 'ambience'; at: number; change: AmbienceChange }
  /**
   * A handout shown or taken back (decision 0041), once the server checked the MJ and the audience;
   * `at`: the server's clock when it showed it.
   */
  | HandoutCommand
  /** The actor's own last action taken back, or the last one they took back done again (decision 0022). */
  | { type: 'history.undo' }
  | { type: 'history.redo' };

/**
 * What only the server has: chance and fresh token ids. An id is opaque: it says nothing of the
 * token (its kind, its name, when), since a player may come to hold the id of a token they may
 * not see (docs/live-table.md "Opaque ids").
 */
export interface DecideEnv {
  randomInt: RandomInt;
  newUsableId(): string;
}

export { systemMessage };

const gridSet = (map: string, grid: MapGrid): TableEventBody => ({
  type: 'map.gridSet',
  payload: { map, grid: normalGrid(grid) },
});

/** Finite numbers and a `#rrggbb` colour: the wire checks bounds, this keeps the log sound. */
function isGrid(grid: MapGrid): boolean {
  return (
    [grid.cellPx, grid.offsetX, grid.offsetY, grid.opacity].every(Number.isFinite) &&
    /^#[0-9a-f]{6}$/i.test(grid.color)
  );
}

export type Decision = { events: TableEventBody[] } | { refusal: string };

const refuse = (refusal: string): Decision => ({ refusal });
const accept = (...events: TableEventBody[]): Decision => ({ events });

function clampTo(value: number, max: number): number {
  return Math.min(max, Math.max(0, Math.trunc(value)));
}

/**
 * The token the actor may change: a player is told a hidden token does not exist (so nothing
 * leaks), and that someone else's token is not theirs.
 */
function tokenFor(state: TableState, actor: TableActor, map: string, usableId: string): MapToken | string {
  const token = tokenSeenBy(actor, state, map, usableId);
  if (!token) return tableMessages.tokenNotFound;
  if (!controlsToken(actor, token)) return tableMessages.notYourToken;
  return token;
}

/**
 * A group move is one decision: every token must be the actor's to move, else nothing moves and
 * the first token's refusal says why; each lands clamped — on the grid, in the group's shape, when
 * snapped (`snapGroup`) — one `token.moved` apiece in one append.
 */
function moveMany(
  state: TableState,
  actor: TableActor,
  { map, moves, snap }: Extract<TableCommand, { type: 'token.moveMany' }>,
): Decision {
  if (moves.length === 0) return refuse(tableMessages.emptyGroupMove);
  if (new Set(moves.map((move) => move.usableId)).size !== moves.length) {
    return refuse(tableMessages.tokenTwiceInGroup);
  }
  const tokens: MapToken[] = [];
  for (const move of moves) {
    const token = tokenFor(state, actor, map, move.usableId);
    if (typeof token === 'string') return refuse(token);
    tokens.push(token);
  }
  const open = openMap(state, map);
  const grid = gridOf(state, map);
  const places =
    snap && open
      ? snapGroup(
          moves.map((move, index) => ({ position: move, cells: tokenCells(tokens[index]!) })),
          grid,
          open,
        )
      : moves.map((move, index) => clampPercent(move, open, tokenCells(tokens[index]!), grid.cellPx));
  return accept(
    ...tokens.map((token, index): TableEventBody => ({
      type: 'token.moved',
      payload: { map, usableId: token.usableId, ...places[index]! },
    })),
  );
}

/**
 * A token given another size by the managers (docs/live-table.md "Token sizes"): its corner stays
 * where it is unless the new square would leave the map, then it comes back wholly on it — on the
 * grid when snapped. A size of the cells it already covers changes nothing.
 */
function resize(
  state: TableState,
  actor: TableActor,
  { map, usableId, size, snap }: Extract<TableCommand, { type: 'token.resize' }>,
): Decision {
  const token = tokenSeenBy(actor, state, map, usableId);
  if (!token) return refuse(tableMessages.tokenNotFound);
  if (!managesTable(actor)) return refuse(tableMessages.onlyMasterSize);
  const cells = cellsOfCreatureSize[size];
  if (cells === tokenCells(token)) return accept();
  const { x, y } = placeOn(state, map, openMap(state, map), token, snap, cells);
  return accept({ type: 'token.resized', payload: { map, usableId, size: cells, x, y } });
}

/** 1 → A, 26 → Z, 27 → AA: the marks of hidden monsters, which no number can be confused with. */
function letters(rank: number): string {
  let mark = '';
  for (let left = rank; left > 0; left = Math.floor((left - 1) / 26)) {
    mark = String.fromCharCode(65 + ((left - 1) % 26)) + mark;
  }
  return mark;
}

/**
 * A monster's name on its map (docs/live-table.md "Names in sight"). In the players' sight it bears the
 * first number none of the map's visible tokens bears (Gobelin 1, Gobelin 2…), so a name they read
 * is reckoned from what they see alone and never tells of a hidden one; hidden, it bears the first
 * letter no token of the map bears (Gobelin A, Gobelin B…), which only the managers read. Every
 * monster is marked from the first, so a goblin is told from the next one as soon as it comes.
 */
function monsterName(base: string, visible: boolean, others: readonly MapToken[]): string {
  const taken = new Set(others.filter((token) => !visible || token.visibility).map((token) => token.name));
  const mark = visible ? String : letters;
  let rank = 1;
  while (taken.has(`${base} ${mark(rank)}`)) rank += 1;
  return `${base} ${mark(rank)}`;
}

/** The stored monster's name, without the number or letter its token was given on the map. */
function baseName(name: string): string {
  return name.replace(/ (?:\d+|[A-Z]+)$/, '');
}

/** A monster the players were never shown: it bears a letter, not a number. */
const lettered = (token: MapToken) => !token.isPlayer && / [A-Z]+$/.test(token.name);

/**
 * The token shown or hidden, renamed for its new side (`monsterName`): a monster the players come
 * to see takes the number it would have if placed now, one they stop seeing reads as gone. Shown
 * into the fog, it keeps a letter until it comes out (`namedInSight`).
 */
function withVisibility(
  token: MapToken,
  visibility: boolean,
  onMap: readonly MapToken[],
  inFog: boolean,
): MapToken {
  if (token.isPlayer) return { ...token, visibility };
  const sight = visibility && !inFog;
  if (!sight && lettered(token)) return { ...token, visibility };
  const others = onMap.filter((other) => other.usableId !== token.usableId);
  return { ...token, visibility, name: monsterName(baseName(token.name), sight, others) };
}

/**
 * Whether a monster shown to the players still bears a letter, the one case `namedInSight` has work
 * for: asked at every drop, so the map's tokens are walked, not listed.
 */
function hasShownLettered(tokens: Dict<MapToken>): boolean {
  for (const usableId in tokens) {
    const token = tokens[usableId]!;
    if (token.visibility && lettered(token)) return true;
  }
  return false;
}

/** Events after which a monster may stand in the players' sight without having been shown to them. */
const SIGHT_CHANGES = new Set<TableEventBody['type']>([
  'token.moved',
  'token.resized',
  'map.fogChanged',
  'map.gridSet',
  'table.restored',
]);

/**
 * The renames of the monsters the events bring into the players' sight for the first time (out of
 * the fog, shown and lettered): each takes the number it would take if placed there, before the
 * events, so a player's copy never holds its letter, and the managers are told. A number is never
 * taken back by the fog: it counts a monster the players saw (decision 0023).
 */
function namedInSight(state: TableState, events: readonly TableEventBody[]): TableEventBody[] {
  const maps = new Set<string>();
  for (const event of events)
    if (SIGHT_CHANGES.has(event.type)) maps.add((event.payload as { map: string }).map);
  let after: TableState | null = null;
  const renames: TableEventBody[] = [];
  for (const map of maps) {
    const tokens = tokensOfMap(state, map);
    if (!hasShownLettered(tokens)) continue;
    const before = Object.values(tokens);
    after ??= folded(state, events);
    const named = new Map(Object.values(tokensOfMap(after, map)).map((token) => [token.usableId, token]));
    for (const token of before) {
      const now = named.get(token.usableId);
      if (!now?.visibility || !lettered(now) || tokenInFog(after, map, now)) continue;
      const others = [...named.values()].filter((other) => other.usableId !== token.usableId);
      const name = monsterName(baseName(token.name), true, others);
      named.set(token.usableId, { ...now, name });
      renames.push(
        {
          type: 'token.visibilityChanged',
          payload: { map, token: { ...token, name }, order: [...orderOf(state, map)] },
        },
        systemMessage(tableMessages.renamed(token.name, name, true), 'managers'),
      );
    }
  }
  return renames;
}

/**
 * Where a token asked at `position` (percent) goes on the open map: on the nearest cell of its grid
 * when snapped, else anywhere the whole token (`cells` a side) stays on the map.
 */
function placeOn(
  state: TableState,
  map: string,
  open: MapRef | undefined,
  position: Point,
  snap = false,
  cells = 1,
): Point {
  const grid = gridOf(state, map);
  if (snap && open) return snapPercent(position, grid, open, cells);
  return clampPercent(position, open, cells, grid.cellPx);
}

function place(
  state: TableState,
  actor: TableActor,
  map: string,
  draft: TokenDraft,
  env: DecideEnv,
  snap?: boolean,
): Decision {
  if (!managesTable(actor) && !(draft.isPlayer && actor.characterIds.includes(draft.itemId))) {
    return refuse(tableMessages.onlyOwnCharacter);
  }
  // A token goes on a map someone looks at: the players' one, or for the MJ also their own.
  const open = openMap(state, map);
  if (!open || (!managesTable(actor) && state.currentMap?.name !== map))
    return refuse(tableMessages.mapNotOpen);
  if (!Number.isInteger(draft.HP) || draft.HP < 0) return refuse(tableMessages.invalidToken);
  const soulEssence = draft.isPlayer ? draft.soulEssence : null;
  if (draft.isPlayer && (soulEssence === null || !Number.isInteger(soulEssence) || soulEssence < 0)) {
    return refuse(tableMessages.invalidToken);
  }
  const onMap = Object.values(tokensOfMap(state, map));
  if (onMap.length >= MAX_TOKENS_PER_MAP) return refuse(tableMessages.mapFull);
  if (draft.isPlayer && onMap.some((token) => token.isPlayer && token.itemId === draft.itemId)) {
    return refuse(tableMessages.alreadyOnMap);
  }
  const usableId = env.newUsableId();
  if (tokenAt(state, map, usableId)) return refuse(tableMessages.invalidToken);
  // A player's token stands in everyone's sight; only the MJ places a token hidden.
  const visibility = managesTable(actor) ? draft.visibility : true;
  const placed: MapToken = {
    ...draft,
    ...placeOn(state, map, open, draft, snap, tokenCells(draft)),
    usableId,
    inTurnOrder: false,
    currentHP: draft.HP,
    soulEssence,
    currentSoulEssence: soulEssence,
    visibility,
  };
  // Placed in the fog, a monster is not in the players' sight: it is lettered until it comes out.
  const sight = visibility && !tokenInFog(state, map, placed);
  const token = draft.isPlayer ? placed : { ...placed, name: monsterName(draft.name, sight, onMap) };
  return accept({ type: 'token.placed', payload: { map, token } });
}

/**
 * A token's HP or essence set anew, clamped to 0..max. A player keeps their own character's
 * bookkeeping (table.md §6), in the open: the server writes each change they make in the chat
 * (docs/live-table.md "Who adjusts what"), so the MJ sees an essence refilled after a soul attack.
 */
function adjust(
  state: TableState,
  actor: TableActor,
  token: MapToken,
  map: string,
  command: Extract<TableCommand, { type: 'token.adjust' }>,
): Decision {
  if (!Number.isInteger(command.amount) || command.amount < 0) return refuse(tableMessages.invalidAmount);
  const [current, max] =
    command.resource === 'HP' ? [token.currentHP, token.HP] : [token.currentSoulEssence, token.soulEssence];
  // Only a player's copy lacks a monster's HP, and commands are decided on the server's.
  if (current === null || max === null)
    return refuse(command.resource === 'HP' ? tableMessages.invalidToken : tableMessages.noSoulEssence);
  const change = command.direction === 'increase' ? command.amount : -command.amount;
  const value = clampTo(current + change, max);
  const adjusted: TableEventBody = {
    type: 'token.adjusted',
    payload: { map, usableId: token.usableId, resource: command.resource, value },
  };
  if (managesTable(actor) || value === current) return accept(adjusted);
  const line = tableMessages.selfAdjusted(token.name, command.resource, current, value);
  return accept(adjusted, lineAbout(state, map, line, token));
}

function message(
  actor: TableActor,
  speaker: Speaker,
  fields: Pick<ChatMessage, 'message' | 'type' | 'roll'>,
): ChatMessage {
  return { ...speaker, senderUserId: actor.userId, ...fields };
}

/** A player speaks only as one of their own characters. */
function speakerRefusal(actor: TableActor, speaker: Speaker): string | null {
  if (managesTable(actor)) return null;
  return speaker.senderId !== null && actor.characterIds.includes(speaker.senderId)
    ? null
    : tableMessages.playerUnidentified;
}

/**
 * A roll's line. `heading` is part of the typed command (an /ar technique) and reads inside the
 * result; `label` is whatever the client names the roll with (a skill, a macro's title): it is
 * kept apart and shown as plain text, so no label can pass for a result.
 */
function rollEvent(
  actor: TableActor,
  speaker: Speaker,
  dice: DiceSpec,
  env: DecideEnv,
  purpose: 'check' | 'damage',
  { heading, label, mode }: { heading?: string; label?: string | null; mode?: RollMode | null } = {},
): TableEventBody {
  const result = roll(dice, env.randomInt, purpose);
  const named = label?.trim();
  return {
    type: 'dice.rolled',
    payload: {
      ...message(actor, speaker, {
        message: describeRoll(result, heading),
        type: result.messageType,
        roll: result,
        ...(named ? { label: named } : {}),
      }),
      ...(mode ? { rollMode: mode } : {}),
    },
  };
}

function chat(
  actor: TableActor,
  { text, label, speaker, recipients = [], mode }: Extract<TableCommand, { type: 'chat.send' }>,
  env: DecideEnv,
): Decision {
  const refusal = speakerRefusal(actor, speaker);
  if (refusal) return refuse(refusal);
  if (text.trim() === '') return refuse(tableMessages.emptyMessage);
  if (text.length > MESSAGE_MAX_LENGTH) return refuse(tableMessages.messageTooLong);
  const line = parseChatLine(text);
  switch (line.kind) {
    case 'invalid':
      return refuse(invalidCommandText);
    case 'message':
      return accept({
        type: 'chat.posted',
        payload: message(actor, speaker, { message: line.text, type: 'normal' }),
      });
    case 'roll':
      return accept(rollEvent(actor, speaker, line.dice, env, 'check', { label, mode: line.mode ?? mode }));
    case 'whisper': {
      // The managers read every whisper (decision 0021); `reader` is the character whispered to.
      const whisper = resolveWhisper(line.rest, recipients);
      if ('refusal' in whisper) return refuse(whisper.refusal);
      const { name, characterId } = whisper.to;
      return accept({
        type: 'chat.posted',
        payload: {
          ...message(actor, speaker, { message: whisper.text, type: 'normal' }),
          audience: 'managers',
          ...(characterId === null ? {} : { reader: characterId }),
          whisperTo: name,
        },
      });
    }
    case 'attackRoll':
      return accept(
        rollEvent(actor, speaker, line.dice, env, 'damage', {
          heading: `${line.technique} (${line.weaponType})`,
          label,
          mode,
        }),
      );
  }
}

/**
 * The line that says whose turn begins. It speaks of a token, so it goes to the managers alone when
 * the players may not know of it: a hidden token, or a fight on a map the MJ prepares without them.
 */
function turnAnnouncement(state: TableState, map: string, order: readonly string[]): TableEventBody[] {
  const playing = order[0] === undefined ? undefined : tokenAt(state, map, order[0]);
  return playing ? [lineAbout(state, map, tableMessages.turnOf(playing.name), playing)] : [];
}

/** « Round N », for everyone when the players see someone in the fight, else for the managers. */
function roundAnnouncement(
  state: TableState,
  map: string,
  order: readonly string[],
  round: number,
): TableEventBody {
  const fighters = order.flatMap((id) => tokenAt(state, map, id) ?? []);
  const seen = fighters.some((token) => seenByPlayers(state, map, token));
  return systemMessage(tableMessages.round(round), seen ? undefined : 'managers');
}

/**
 * One initiative roll in the chat, said under the participant's name (a character's as its own
 * line), for the managers alone when the players may not know of it (and the character's player).
 */
function initiativeLine(
  state: TableState,
  map: string,
  token: MapToken,
  roll: RollResult,
  actor: TableActor,
): TableEventBody {
  return {
    type: 'dice.rolled',
    payload: {
      playerName: token.name,
      senderId: token.isPlayer ? token.itemId : null,
      avatar: token.assetLink,
      senderUserId: actor.userId,
      message: describeRoll(roll),
      type: roll.messageType,
      roll,
      label: tableMessages.initiative,
      // A character's hidden token on the players' map: its player reads their own roll still.
      ...(seenByPlayers(state, map, token)
        ? {}
        : {
            audience: 'managers' as const,
            ...(token.isPlayer && isPlayersMap(state, map) ? { reader: token.itemId } : {}),
          }),
    },
  };
}

/**
 * « Générer »: d20 + initiative bonus for everyone on the map still standing (after a first order
 * every token is flagged, so the flags cannot tell the MJ's picks from the last fight, and those
 * placed since would be left out), in the chat; the order they give starts round 1.
 */
function generate(
  state: TableState,
  { map, bonuses }: Extract<TableCommand, { type: 'turnOrder.generate' }>,
  actor: TableActor,
  env: DecideEnv,
): Decision {
  const tokens = Object.values(tokensOfMap(state, map));
  if (tokens.length === 0) return refuse(tableMessages.noTokenOnMap);
  const standing = tokens.filter((token) => !isDown(token));
  if (standing.length === 0) return refuse(tableMessages.nobodyCanPlay);
  const { rolls, order } = rollInitiative(
    standing.map((token) => ({ usableId: token.usableId, bonus: own(bonuses, token.itemId) ?? 0 })),
    env.randomInt,
  );
  return accept(
    ...rolls.map(({ usableId, roll: rolled }) =>
      initiativeLine(state, map, tokenAt(state, map, usableId)!, rolled, actor),
    ),
    { type: 'turnOrder.generated', payload: { map, order, round: 1, played: [] } },
    roundAnnouncement(state, map, order, 1),
    ...turnAnnouncement(state, map, order),
  );
}

/**
 * « Tour suivant »: the turn the client saw passes to the next participant who can play. A press
 * naming a turn already passed (a double click, two managers at once) changes nothing. Extra
 * events about the turn that begins may follow the announcement in the same append.
 */
function next(
  state: TableState,
  { map, playing, round }: Extract<TableCommand, { type: 'turnOrder.next' }>,
): Decision {
  const order = orderOf(state, map);
  if (order.length === 0) return refuse(tableMessages.noCombat);
  const now = own(state.rounds, map) ?? { round: 1 };
  if ((playing !== undefined && playing !== order[0]) || (round !== undefined && round !== now.round)) {
    return accept();
  }
  const advanced = advanceTurn(order, now, (id) => {
    const token = tokenAt(state, map, id);
    return token === undefined || isDown(token);
  });
  if (!advanced) return refuse(tableMessages.nobodyCanPlay);
  return accept(
    {
      type: 'turnOrder.advanced',
      payload: { map, order: advanced.order, round: advanced.round, played: advanced.played },
    },
    ...(advanced.newRound ? [roundAnnouncement(state, map, advanced.order, advanced.round)] : []),
    ...turnAnnouncement(state, map, advanced.order),
    // The turn that ends counts its bearer's durations down.
    ...turnEnded(state, map, order[0]),
  );
}

/**
 * Who may pass a turn: the managers any; a player only one of their own tokens' on the players' map
 * (« Finir mon tour »), the one they name (`playing`) or else the one now. The refusal is the same
 * whoever plays, so a hidden participant's turn is not told; a player's own turn already passed
 * (a second press) falls to `next`, which changes nothing.
 */
function passRefusal(
  state: TableState,
  { map, playing }: Extract<TableCommand, { type: 'turnOrder.next' }>,
  actor: TableActor,
): string | null {
  if (managesTable(actor)) return null;
  const named = playing ?? orderOf(state, map)[0];
  const token = named === undefined ? undefined : tokenSeenBy(actor, state, map, named);
  return token && ownsToken(actor, token) ? null : tableMessages.notYourTurn;
}

function turnOrder(
  state: TableState,
  command: Extract<TableCommand, { type: `turnOrder.${string}` }>,
  actor: TableActor,
  env: DecideEnv,
): Decision {
  const { map } = command;
  if (!openMap(state, map)) return refuse(tableMessages.mapNotOpen);
  const order = orderOf(state, map);
  switch (command.type) {
    case 'turnOrder.generate':
      return generate(state, command, actor, env);
    case 'turnOrder.next':
      return next(state, command);
    case 'turnOrder.toggle': {
      if (!tokenAt(state, map, command.usableId)) return refuse(tableMessages.tokenNotFound);
      const toggled = toggleParticipant(order, command.usableId);
      return accept({
        type: 'turnOrder.participantToggled',
        payload: {
          map,
          usableId: command.usableId,
          inTurnOrder: toggled.includes(command.usableId),
          order: toggled,
        },
      });
    }
    case 'turnOrder.reorder':
      if (!isReorderingOf(order, command.order)) return refuse(tableMessages.invalidTurnOrder);
      return accept({ type: 'turnOrder.reordered', payload: { map, order: [...command.order] } });
    case 'turnOrder.newCombat':
      return accept({ type: 'turnOrder.newCombat', payload: { map, order: [] } });
  }
}

/**
 * A character striking while a fight runs on its map and another's turn is up: the attack is made
 * (a reaction, a readied action) and the table is told (decision 0020). The MJ's monsters strike
 * when the MJ says.
 */
function outOfTurnWarning(
  state: TableState,
  { map, attackerId }: Extract<TableCommand, { type: 'attack.perform' }>,
): TableEventBody[] {
  const order = orderOf(state, map);
  const attacker = tokenAt(state, map, attackerId);
  if (!attacker?.isPlayer || order.length === 0 || order[0] === attackerId) return [];
  return [lineAbout(state, map, attackMessages.outOfTurn(attacker.name), attacker)];
}

/**
 * Checks one command against the table and the actor (roles of table.md §6, bounds of §5) and
 * says which events it becomes, or the French refusal to show. Pure: the server appends what it
 * returns, in order, in one transaction. An action the actor may undo ends with its
 * `history.recorded` (decision 0022), or carries it on its last move (decision 0043).
 */
export function decide(
  state: TableState,
  command: TableCommand,
  actor: TableActor,
  env: DecideEnv,
): Decision {
  const decision =
    command.type === 'history.undo' || command.type === 'history.redo'
      ? decideUndo(state, actor, command.type === 'history.undo' ? 'undo' : 'redo')
      : recordedIn(state, command, actor, decideAction(state, command, actor, env));
  if ('refusal' in decision) return decision;
  const renames = namedInSight(state, decision.events);
  const events = [...renames, ...decision.events];
  // Only a table with vision somewhere explores: the others are not folded once more.
  const sighted =
    Object.keys(state.visions ?? {}).length > 0 || events.some((event) => event.type === 'map.visionChanged');
  const growth = sighted ? exploredGrowth(folded(state, events)) : [];
  return renames.length + growth.length > 0 ? accept(...events, ...growth) : decision;
}

/**
 * The action and its entry in the actor's history when they may undo it: on its last event when
 * that is a move, so a drop is one event (decision 0043), else as a `history.recorded` after it.
 */
function recordedIn(
  state: TableState,
  command: Exclude<TableCommand, { type: 'history.undo' | 'history.redo' }>,
  actor: TableActor,
  decision: Decision,
): Decision {
  if ('refusal' in decision) return decision;
  const recorded = recordedAction(state, command, actor, decision.events);
  if (!recorded) return decision;
  const last = decision.events.at(-1)!;
  if (last.type !== 'token.moved')
    return accept(...decision.events, { type: 'history.recorded', payload: recorded });
  return accept(...decision.events.slice(0, -1), { ...last, payload: { ...last.payload, recorded } });
}

function decideAction(
  state: TableState,
  command: Exclude<TableCommand, { type: 'history.undo' | 'history.redo' }>,
  actor: TableActor,
  env: DecideEnv,
): Decision {
  switch (command.type) {
    case 'map.select':
      if (!managesTable(actor)) return refuse(tableMessages.onlyMasterMap);
      return accept(
        {
          type: 'map.selected',
          payload: { map: command.map, bringPlayers: command.bringPlayers },
        },
        // A map the MJ never aligned starts from its resource's « Taille », once, in the log.
        ...(command.seedGrid && own(state.grids, command.map.name) === undefined
          ? [gridSet(command.map.name, command.seedGrid)]
          : []),
      );
    case 'map.clear':
      if (!managesTable(actor)) return refuse(tableMessages.onlyMasterMap);
      return accept({ type: 'map.cleared', payload: {} });
    case 'map.setGrid':
      if (!managesTable(actor)) return refuse(tableMessages.onlyMasterGrid);
      if (!openMap(state, command.map)) return refuse(tableMessages.mapNotOpen);
      if (!isGrid(command.grid)) return refuse(tableMessages.invalidGrid);
      return accept(gridSet(command.map, command.grid));
    case 'map.fog':
      return decideFog(state, actor, command.map, command.change);
    case 'map.vision':
      return decideVision(state, actor, command.map, command.change);
    case 'token.place':
      return place(state, actor, command.map, command.token, env, command.snap);
    case 'token.move': {
      const token = tokenFor(state, actor, command.map, command.usableId);
      if (typeof token === 'string') return refuse(token);
      const open = openMap(state, command.map);
      const { x, y } = placeOn(state, command.map, open, command, command.snap, tokenCells(token));
      return accept({ type: 'token.moved', payload: { map: command.map, usableId: token.usableId, x, y } });
    }
    case 'token.moveMany':
      return moveMany(state, actor, command);
    case 'token.resize':
      return resize(state, actor, command);
    case 'token.remove': {
      const token = tokenFor(state, actor, command.map, command.usableId);
      if (typeof token === 'string') return refuse(token);
      const removed: TableEventBody = {
        type: 'token.removed',
        payload: { map: command.map, usableId: token.usableId },
      };
      // A hidden monster, or one of a map the players are not on, dies out of their sight.
      return !token.isPlayer && isDown(token)
        ? accept(removed, lineAbout(state, command.map, tableMessages.killed(token.name), token))
        : accept(removed);
    }
    case 'token.toggleVisibility': {
      const token = tokenSeenBy(actor, state, command.map, command.usableId);
      if (!token) return refuse(tableMessages.tokenNotFound);
      if (!managesTable(actor)) return refuse(tableMessages.onlyMasterTokens);
      const changed = withVisibility(
        token,
        !token.visibility,
        Object.values(tokensOfMap(state, command.map)),
        tokenInFog(state, command.map, token),
      );
      const changes: TableEventBody = {
        type: 'token.visibilityChanged',
        payload: { map: command.map, token: changed, order: [...orderOf(state, command.map)] },
      };
      // The managers' chat named it under the other name: it tells them which it now bears.
      return changed.name === token.name
        ? accept(changes)
        : accept(
            changes,
            systemMessage(tableMessages.renamed(token.name, changed.name, changed.visibility), 'managers'),
          );
    }
    case 'token.adjust': {
      const token = tokenFor(state, actor, command.map, command.usableId);
      if (typeof token === 'string') return refuse(token);
      return adjust(state, actor, token, command.map, command);
    }
    case 'token.condition': {
      const token = tokenFor(state, actor, command.map, command.usableId);
      if (typeof token === 'string') return refuse(token);
      const changed = changeConditions(state, command.map, token, command.change, env.newUsableId);
      return typeof changed === 'string' ? refuse(changed) : accept(changed);
    }
    case 'turnOrder.next': {
      const refusal = passRefusal(state, command, actor);
      return refusal ? refuse(refusal) : turnOrder(state, command, actor, env);
    }
    case 'turnOrder.generate':
    case 'turnOrder.toggle':
    case 'turnOrder.reorder':
    case 'turnOrder.newCombat':
      if (!managesTable(actor)) return refuse(tableMessages.onlyMasterTurnOrder);
      return turnOrder(state, command, actor, env);
    case 'chat.send':
      return chat(actor, command, env);
    case 'dice.roll': {
      const refusal = speakerRefusal(actor, command.speaker);
      if (refusal) return refuse(refusal);
      if (!isRollable(command.dice)) return refuse(tableMessages.invalidRoll);
      // A labelled form roll is a skill check ('Athlétisme'): its lone d20 can still be critical.
      return accept(
        rollEvent(actor, command.speaker, command.dice, env, 'check', {
          label: command.label,
          mode: command.mode,
        }),
      );
    }
    case 'ambience': {
      if (!managesTable(actor)) return refuse(ambienceMessages.onlyMaster);
      const decided = decideAmbience(state.ambience ?? {}, command.change, command.at, env.newUsableId);
      return typeof decided === 'string' ? refuse(decided) : accept(...decided);
    }
    case 'handout.show':
    case 'handout.takeBack':
      if (!managesTable(actor)) return refuse(tableMessages.onlyMasterHandout);
      return accept(...decideHandout(state.handouts, command));
    case 'attack.perform': {
      const decided = decideAttack(state, command, actor, env.randomInt);
      if ('refusal' in decided) return refuse(decided.refusal);
      return accept(...decided.events, ...outOfTurnWarning(state, command));
    }
  }
}
