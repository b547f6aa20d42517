import type { RollMode } from '../dice/notation';
import type { MessageType, RollResult } from '../dice/roll';
import type { RoundState } from '../turn-order/initiative';
import type { TokenCondition } from './conditions';
import type { MapGrid } from '../geometry/grid';
import type { FogChange, FogPatch, MapFog } from './fog';
import type { MapVision, PlayerSight, VisionChange } from './map-vision';
import type { AmbienceEvent, AmbienceTrack } from './ambience';
import type { HandoutEvent, HeldHandout } from './handouts';

/**
 * A map of the game (table.md §3 "Map"). Tokens and turn orders are keyed by its name. The server
 * reads id, name and link from the game's maps; width and height are the picture's own pixels, as
 * the MJ's browser measured them when choosing it: the space in which positions, ranges and
 * areas are reckoned (a cell is 75 of them).
 */
export interface MapRef {
  id: string;
  name: string;
  link: string;
  width: number;
  height: number;
}

/** A monster's state as the players see it, in place of its HP (docs/live-table.md "Monster health"). */
export const HEALTH_BANDS = ['unhurt', 'wounded', 'badlyWounded', 'dead'] as const;
export type HealthBand = (typeof HEALTH_BANDS)[number];

/** A token on a map (table.md §3 "Map token"). x and y are percent of the map, clamped. */
export interface MapToken {
  usableId: string;
  /** The character's id for a player token, the monster's for a monster token. */
  itemId: string;
  name: string;
  isPlayer: boolean;
  assetLink: string | null;
  speciality: string | null;
  /**
   * The fight figures: AC for every token, attack bonus and damage for monsters. null in a player's
   * copy of a monster, whose details are the MJ's and admins' (table.md §6).
   */
  AC: number | null;
  /**
   * The numbers: always in the server's and the managers' copies, and for characters in everyone's.
   * null in a player's copy of a monster, which carries `health` instead.
   */
  HP: number | null;
  currentHP: number | null;
  /** Only where the numbers are null: the monster's band. */
  health?: HealthBand;
  /** Players only; null for monsters. */
  soulEssence: number | null;
  currentSoulEssence: number | null;
  /** Monsters: d20 + attackBonus to hit, damage rolled on a hit. */
  attackBonus: number | null;
  damage: string | null;
  /** True exactly when the token's id is in its map's turn order. */
  inTurnOrder: boolean;
  visibility: boolean;
  /**
   * Cells a side (1..4), from the creature's size as the server read it at placement; absent in
   * logs written before sizes, where every token stood on one cell (`tokenCells`).
   */
  size?: number;
  /**
   * Cells it sees past its square on a dark map with darkvision (decision 0024), as the server read
   * it at placement: a character's from its « instinct », a monster's from its field. Absent in logs
   * written before sight, and in a player's copy of a monster: the rules' default (`tokenViewer`).
   */
  darkvision?: number;
  x: number;
  y: number;
  /**
   * Its conditions and marks, in the order they were marked (docs/live-table.md "Conditions"). Absent
   * when it bears none, as on every token placed before they existed: read it with `conditionsOf`.
   */
  conditions?: TokenCondition[];
}

/**
 * The live table, folded from the log. `currentMap` is what everyone sees; `masterMap` is the map
 * the MJ looks at, which differs when they switched without bringing the players along.
 *
 * The chat is not here: it lives in the log only. It grows without end and has no rule to enforce
 * between messages, while this state is what every join and reconnect downloads as a snapshot and
 * what the reducer copies on every token drop; the chat is read from the log page by page
 * (`GET /message?gameId=…`) and appended to from the same event stream.
 */
export interface TableState {
  lastSeq: number;
  currentMap: MapRef | null;
  masterMap: MapRef | null;
  /** map name → usableId → token. A map with no token has no entry. */
  tokens: Record<string, Record<string, MapToken>>;
  /**
   * map name → token ids, first to play first. An empty order has no entry. In a player's copy a
   * participant they may not see is left out, except at the head: there `HIDDEN_TURN` stands for
   * it, so the player knows someone they cannot see is acting, never who, nor where the other
   * hidden ones stand.
   */
  turnOrders: Record<string, string[]>;
  /**
   * map name → its fight's round, from « Générer » to « Nouveau combat » (decision 0020). A player's
   * copy holds the players' map's round alone, without who already played. Absent in states and
   * snapshots written before rounds were counted.
   */
  rounds?: Record<string, RoundState>;
  /**
   * map name → its grid, once the MJ set it (or the map's « Taille » seeded it); a map without an
   * entry has the default grid (`gridOf`). A player's copy holds the players' map's alone.
   */
  grids: Record<string, MapGrid>;
  /**
   * userId → what that user may undo and redo (decision 0022): the MJ's and admins' own table
   * actions, a player's own moves. A player's copy holds their own alone. Absent in states and
   * snapshots written before undo.
   */
  history?: Record<string, UserHistory>;
  /**
   * map name → its fog of war, once the MJ drew some; a map without an entry is revealed
   * everywhere (decision 0023). A player's copy holds the players' map's alone.
   */
  fogs: Record<string, MapFog>;
  /**
   * map name → its walls and lighting, once the MJ set them; a map without an entry has no sight
   * rule (decision 0024). Managers' copies alone: a player's copy holds `sight` instead.
   */
  visions?: Record<string, MapVision>;
  /**
   * map name → character id → the cells that character's tokens have seen there, encoded
   * (`encodeExplored`, decision 0025). Managers' copies alone: a player's copy holds the union of
   * their own characters' in `sight.explored`.
   */
  explored?: Record<string, Record<string, string>>;
  /** A player's copy alone: what their tokens see on the players' map (decision 0024). */
  sight?: PlayerSight;
  /**
   * track id → the sounds the MJ plays for everyone (decision 0031), in every copy alike. Absent in
   * states and snapshots written before the ambience.
   */
  ambience?: Record<string, AmbienceTrack>;
  /**
   * handout id → the handout and who holds it (decision 0041). A player's copy holds theirs alone,
   * themselves its only holder. Absent in states and snapshots written before handouts were logged.
   */
  handouts?: Record<string, HeldHandout>;
}

/**
 * In a player's projection of a change that may move the fog over tokens: the tokens it brings into
 * their sight, those it takes out, and their order after it.
 */
export interface SightChange {
  appeared?: MapToken[];
  vanished?: string[];
  order?: string[];
}

/**
 * A move's entry in its author's history, on the move itself (decision 0043); in a player's
 * projection, on their own move's `vision.sight`, and nobody else's.
 */
export interface Recorded {
  recorded?: HistoryRecord;
}

/**
 * In a player's projection of an undo or redo that changed their sight: the sight, and for its
 * author the tokens it brought into sight or took out beside those the patch names.
 */
export interface RestoredSight {
  sight?: PlayerSight;
  seen?: SightChange;
}

/**
 * What puts one map back as it was, touching nothing else (decision 0022): for each token the
 * values of only the keys to restore, a whole token to put back (one that was removed), or null
 * to take it off (one that was placed); the map's order, round (null: none), grid (null: the
 * default one) and fog only when they are to be restored.
 */
export interface TablePatch {
  tokens: Record<string, Partial<MapToken> | null>;
  order?: string[];
  round?: RoundState | null;
  grid?: MapGrid | null;
  /** null: no fog on the map. */
  fog?: FogPatch | null;
}

/**
 * One action a user may undo or redo: its French label (« Déplacement de Gobelin 1 ») and what
 * puts its map back. `patch` null is a barrier: an action whose rolls were seen (an attack,
 * « Générer »), which cannot be undone, nor anything before it.
 */
export interface HistoryEntry {
  label: string;
  map: string;
  patch: TablePatch | null;
}

/**
 * An action of `by` pushed on their history (decision 0022): its own `history.recorded` event, or,
 * for a move, riding on its last `token.moved` (decision 0043).
 */
export interface HistoryRecord {
  by: string;
  entry: HistoryEntry;
}

/** A user's actions, the last last: `done` to undo (at most `HISTORY_MAX`), `undone` to redo. */
export interface UserHistory {
  done: HistoryEntry[];
  undone: HistoryEntry[];
}

/** The actions a user's history keeps; older ones can no longer be undone. */
export const HISTORY_MAX = 30;

/** The head of a player's turn order when the participant whose turn it is is hidden from them. */
export const HIDDEN_TURN = 'hidden-turn';

/** Who speaks in the chat: resolved by the server from the actor and their character. */
export interface Speaker {
  playerName: string;
  /** The character's id; null for the MJ, an admin, or the system. */
  senderId: string | null;
  avatar: string | null;
}

/** A chat line as the log keeps it (table.md §3 "Chat message"); createdAt is the envelope's. */
export interface ChatMessage extends Speaker {
  message: string;
  type: MessageType;
  senderUserId: string | null;
  roll?: RollResult;
  /**
   * What the roller named a roll with (a skill, a macro's title): plain text shown beside the
   * server's result, never inside it.
   */
  label?: string;
  /**
   * 'managers' for a line about a token the players may not see (a hidden monster's death, an
   * attack by or on it): only the MJ and admins receive or read it.
   */
  audience?: 'managers';
  /**
   * With `audience: 'managers'`: a character whose player reads the line too — the victim of a
   * strike they could not see, told of it without a word of who struck.
   */
  reader?: string;
  /**
   * A whisper (`/w Nom message`): the name it was whispered to, « MJ » or a character's. Its
   * `audience` is 'managers', its `reader` the character whispered to, and its sender reads it too.
   */
  whisperTo?: string;
  /**
   * A roll out of sight: the managers read it whole, and its roller too when 'secret'; every
   * other copy is the speaker and « jet secret », without dice, total or label (`lineAs`).
   */
  rollMode?: RollMode;
}

/** A map of the game as the lists offer it, before the MJ's browser measured its picture. */
export type MapChoice = Pick<MapRef, 'id' | 'name' | 'link'>;

export type HealthResource = 'HP' | 'soulEssence';

/** The body of every event the log holds, each the outcome of one checked command. */
export type TableEventBody =
  | { type: 'map.selected'; payload: { map: MapRef; bringPlayers: boolean } }
  | { type: 'map.cleared'; payload: Record<string, never> }
  /** The map's whole grid as the MJ aligned it (docs/live-table.md "The grid"). */
  /** `sight`: in a player's projection, on a map with vision, their sight under the new cells. */
  | { type: 'map.gridSet'; payload: { map: string; grid: MapGrid; sight?: PlayerSight } & SightChange }
  /** A shape of fog drawn, or the whole map revealed or covered (docs/live-table.md "Fog of war"). */
  | { type: 'map.fogChanged'; payload: { map: string; change: FogChange } & SightChange }
  /**
   * Walls drawn or erased, a door opened or closed, the map lit or darkened, its vision lifted
   * (decision 0025). A player receives only a lift, with what it brought into their sight; any
   * other change reaches them as their `vision.sight`.
   */
  | { type: 'map.visionChanged'; payload: { map: string; change: VisionChange } & SightChange }
  /**
   * Only in a player's projection: their sight after an event that changed it (a move, placement,
   * resize or removal of one of their tokens, walls, a door, the lighting), with the tokens it
   * brought into their copy (their own as it now stands included), those it took away, their order.
   */
  | { type: 'vision.sight'; payload: PlayerSight & SightChange & Recorded }
  /**
   * The cells a character's tokens saw on the map for the first time (`cells`, encoded for the
   * map's grid), logged in the same append as what made them see there (decision 0025).
   */
  | { type: 'vision.explored'; payload: { map: string; characterId: string; cells: string } }
  /** Only in a player's projection of a `vision.explored` of theirs: all they have seen of the map. */
  | { type: 'vision.remembered'; payload: { map: string; explored: string | null } }
  | { type: 'token.placed'; payload: { map: string; token: MapToken } }
  /** `recorded`: the move's entry in its author's history, on its last move (decision 0043). */
  | { type: 'token.moved'; payload: { map: string; usableId: string; x: number; y: number } & Recorded }
  /** The MJ gave the token another size (cells a side), and the place that keeps it on the map. */
  | {
      type: 'token.resized';
      payload: { map: string; usableId: string; size: number; x: number; y: number };
    }
  /**
   * `order` only in a player's projection, when their order changes beyond losing this token (the
   * next to play is hidden from them, say).
   */
  | { type: 'token.removed'; payload: { map: string; usableId: string; order?: string[] } }
  /** Carries the token after the change and the map's order, so a player shown it learns both. */
  | { type: 'token.visibilityChanged'; payload: { map: string; token: MapToken; order: string[] } }
  | {
      type: 'token.adjusted';
      payload:
        | { map: string; usableId: string; resource: HealthResource; value: number }
        /** Only in a player's projection, for a monster's HP: its new band, never the number. */
        | { map: string; usableId: string; resource: 'HP'; health: HealthBand };
    }
  /** The token's whole list after a marking, or after its turn ended and its durations counted down. */
  | {
      type: 'token.conditionsChanged';
      payload: { map: string; usableId: string; conditions: TokenCondition[] };
    }
  | {
      type: 'turnOrder.reordered' | 'turnOrder.newCombat';
      payload: { map: string; order: string[] };
    }
  /**
   * A fight begun or a turn passed, with the round it is now (events logged before rounds were
   * counted have none: round 1). `played`, who already took their turn in that round, only in the
   * managers' events.
   */
  | {
      type: 'turnOrder.generated' | 'turnOrder.advanced';
      payload: { map: string; order: string[]; round?: number; played?: string[] };
    }
  | {
      type: 'turnOrder.participantToggled';
      payload: { map: string; usableId: string; inTurnOrder: boolean; order: string[] };
    }
  | { type: 'chat.posted' | 'chat.system' | 'dice.rolled'; payload: ChatMessage }
  /**
   * An attack was made: who struck whom, for the line drawn from the attacker to each target. Its
   * outcome follows in the same append: the roll lines, the HP and essence changes.
   */
  | {
      type: 'attack.performed';
      payload: { map: string; attackerId: string; targetIds: string[]; attack: string };
    }
  /**
   * Only in a player's projection of `map.selected` with `bringPlayers` and of `map.cleared`: the
   * map they are now on (or none), with its tokens and order as they may see them, which replace
   * everything their copy held.
   */
  | {
      type: 'map.shown';
      /** `grid`: the map's own when it has one, else it has the default grid; `fog` likewise, else none. */
      payload: {
        map: MapRef | null;
        tokens: MapToken[];
        order: string[];
        round?: number;
        grid?: MapGrid;
        fog?: MapFog;
        /** The player's sight on it, when it has vision. */
        sight?: PlayerSight;
      };
    }
  /**
   * An action of `by`, pushed on their history after the action's own events (decision 0022); it
   * clears what they could redo. A player receives their own only.
   */
  | { type: 'history.recorded'; payload: HistoryRecord }
  /**
   * An undo or a redo of `by`'s last action: the patch applied to `map`. Whoever holds `by`'s
   * history moves the entry to the other stack with the patch that takes this one back. A player
   * other than `by` receives the tokens as they see them after it (null: gone from their sight)
   * and the map's order and round as they know them.
   */
  | {
      type: 'table.restored';
      payload: { by: string; direction: 'undo' | 'redo'; map: string } & TablePatch & RestoredSight;
    }
  /** Only in a player's projection: a token they saw was hidden, and their order after it. */
  | { type: 'token.concealed'; payload: { map: string; usableId: string; order: string[] } }
  /** Only in a player's projection: something they may not see happened; it holds the seq. */
  | { type: 'redacted'; payload: Record<string, never> }
  /** A track of the ambience started or changed, whole as it now plays; or over (decision 0031). */
  | AmbienceEvent
  /** A handout shown to some players, or taken back from them (decision 0041). */
  | HandoutEvent;

export type TableEventType = TableEventBody['type'];

/** An event as stored (`table_events`) and as sent on the socket. */
export type TableEvent = TableEventBody & {
  seq: number;
  /**
   * The epoch of the process that decided it, when games have owners (docs/live-table.md "Owners"):
   * two events under one seq with different epochs mean one of them was never logged. Absent: 0.
   */
  epoch?: number;
  /** Who caused it; null for the server itself. */
  userId: string | null;
  /** ISO 8601. */
  createdAt: string;
};

export type TableRole = 'mj' | 'admin' | 'player';

/**
 * Who acts, as the server knows them: role in this game (mj for the game's MJ, admin from the
 * account) and the ids of the characters the user owns in the game. Never read from a payload.
 */
export interface TableActor {
  userId: string;
  role: TableRole;
  characterIds: readonly string[];
}

export const CHAT_EVENT_TYPES = ['chat.posted', 'chat.system', 'dice.rolled'] as const;

export function isChatEvent(
  event: TableEventBody,
): event is Extract<TableEventBody, { type: (typeof CHAT_EVENT_TYPES)[number] }> {
  return (CHAT_EVENT_TYPES as readonly string[]).includes(event.type);
}
