import { applyEvent } from './reducer';
import { HIDDEN_TURN, type MapToken, type TableEvent, type TableState } from './types';

/**
 * « Résumé de la séance » (decision 0037): what one evening of play comes to, summed from the
 * events as one reader received them (`projectAfter`) and their copy of the table before it. A
 * player's recap is thus made of what their copy held — a hidden monster's blows, a secret roll's
 * dice never reach it — and the MJ's of the whole log.
 */

/** What one creature did and suffered during the evening, as the reader saw it. */
export interface CombatantRecap {
  name: string;
  isPlayer: boolean;
  /** Damage of the blows it landed: each damage line's total, as the chat read it. */
  dealt: number;
  taken: number;
  /** Creatures it brought to 0 HP with a blow. */
  kills: number;
  /** Lone d20 rolls of its that showed 20, and 1. */
  crits: number;
  fumbles: number;
  /** Whom it struck or was struck by, in the order they first met. */
  opponents: string[];
}

/** A fight: one map's turn order, from « Générer » to « Nouveau combat » or the evening's end. */
export interface FightRecap {
  map: string;
  startedAt: string;
  endedAt: string;
  /** The last round reached. */
  rounds: number;
  /** Turns passed (« Tour suivant »). */
  turns: number;
  participants: string[];
  /** Still running when the evening ended. */
  ongoing: boolean;
}

export interface Recap {
  /** Characters first, then the others, each group by name. */
  combatants: CombatantRecap[];
  /** d20Faces[i]: how many d20 showed i + 1. */
  d20Faces: number[];
  turns: number;
  /** Names of the maps the reader's table showed, in the order first shown. */
  maps: string[];
  fights: FightRecap[];
  /** Index in `fights` of the longest: most rounds, then longest time; null without a fight. */
  longest: number | null;
}

/** Lone-d20 rolls are the chat's criticals (`roll.ts`): the same line types count here. */
const CRIT = 'diceRollCriticalSuccess';
const FUMBLE = 'diceRollCriticalFail';

function namesOf(state: TableState, map: string, ids: readonly string[]): string[] {
  const tokens = state.tokens[map] ?? {};
  return ids.flatMap((id) => {
    const token = id === HIDDEN_TURN ? undefined : tokens[id];
    return token ? [token.name] : [];
  });
}

function longestOf(fights: readonly FightRecap[]): number | null {
  let best: number | null = null;
  fights.forEach((fight, index) => {
    const current = best === null ? null : fights[best];
    const length = (one: FightRecap) => Date.parse(one.endedAt) - Date.parse(one.startedAt);
    if (
      current == null ||
      fight.rounds > current.rounds ||
      (fight.rounds === current.rounds && length(fight) > length(current))
    ) {
      best = index;
    }
  });
  return best;
}

/**
 * The recap of `events` (one evening, in seq order, as the reader received them) following
 * `before`, the reader's copy of the table just before the first of them.
 */
export function recapOf(before: TableState, events: readonly TableEvent[]): Recap {
  const combatants = new Map<string, CombatantRecap>();
  const d20Faces = Array.from({ length: 20 }, () => 0);
  const maps: string[] = [];
  const fights: FightRecap[] = [];
  const open = new Map<string, FightRecap>();
  let turns = 0;
  let state = before;
  let lastAt = events[0]?.createdAt ?? new Date(0).toISOString();
  // The attacker of the last attack read: a damage line only follows its own attack.
  let striker: MapToken | null = null;
  let blow: { seq: number; total: number } | null = null;
  // HP lost with no blow read: a strike the reader could not see, if its victim's line follows.
  let unseen: { seq: number; victim: MapToken; lost: number } | null = null;

  const combatant = (name: string, isPlayer: boolean): CombatantRecap => {
    let found = combatants.get(name);
    if (!found) {
      found = { name, isPlayer, dealt: 0, taken: 0, kills: 0, crits: 0, fumbles: 0, opponents: [] };
      combatants.set(name, found);
    }
    return found;
  };
  const met = (one: MapToken, other: MapToken) => {
    const a = combatant(one.name, one.isPlayer);
    const b = combatant(other.name, other.isPlayer);
    if (!a.opponents.includes(b.name)) a.opponents.push(b.name);
    if (!b.opponents.includes(a.name)) b.opponents.push(a.name);
  };
  const seeMaps = (copy: TableState) => {
    for (const map of [copy.currentMap, copy.masterMap]) {
      if (map && !maps.includes(map.name)) maps.push(map.name);
    }
  };
  const close = (map: string, at: string) => {
    const fight = open.get(map);
    if (!fight) return;
    open.delete(map);
    fights.push({ ...fight, endedAt: at });
  };
  const start = (map: string, at: string, round: number, order: readonly string[], copy: TableState) => {
    open.set(map, {
      map,
      startedAt: at,
      endedAt: at,
      rounds: round,
      turns: 0,
      participants: namesOf(copy, map, order),
      ongoing: false,
    });
  };

  seeMaps(before);
  for (const [map, round] of Object.entries(before.rounds ?? {})) {
    start(map, lastAt, round.round, before.turnOrders[map] ?? [], before);
  }

  for (const event of events) {
    const at = event.createdAt;
    switch (event.type) {
      case 'attack.performed': {
        const tokens = state.tokens[event.payload.map] ?? {};
        striker = tokens[event.payload.attackerId] ?? null;
        for (const id of event.payload.targetIds) {
          const target = tokens[id];
          if (striker && target) met(striker, target);
        }
        break;
      }
      case 'dice.rolled': {
        const { roll, type, playerName, senderId } = event.payload;
        if (roll) {
          for (const group of [roll, ...(roll.extra ?? [])]) {
            if (group.sides !== 20) continue;
            for (const face of group.dice) d20Faces[face - 1] = (d20Faces[face - 1] ?? 0) + 1;
          }
        }
        if (type === CRIT) combatant(playerName, senderId !== null).crits += 1;
        if (type === FUMBLE) combatant(playerName, senderId !== null).fumbles += 1;
        if (type === 'damageRoll' && roll) blow = { seq: event.seq, total: Math.max(0, roll.total) };
        break;
      }
      case 'token.adjusted': {
        const { map, usableId, resource } = event.payload;
        const target = state.tokens[map]?.[usableId];
        // The damage line is logged just before the HP it brings down (attack.ts).
        if (blow && blow.seq === event.seq - 1 && resource === 'HP' && striker && target) {
          const dead = 'value' in event.payload ? event.payload.value === 0 : event.payload.health === 'dead';
          combatant(striker.name, striker.isPlayer).dealt += blow.total;
          combatant(target.name, target.isPlayer).taken += blow.total;
          if (dead) combatant(striker.name, striker.isPlayer).kills += 1;
        } else if (resource === 'HP' && 'value' in event.payload && target?.currentHP != null) {
          unseen = { seq: event.seq, victim: target, lost: target.currentHP - event.payload.value };
        }
        blow = null;
        break;
      }
      case 'chat.system': {
        // « Quelque chose vous frappe », the victim's own line (attack.ts): no striker to name.
        const { reader, audience } = event.payload;
        if (unseen && unseen.seq === event.seq - 1 && reader !== undefined && audience === 'managers') {
          combatant(unseen.victim.name, unseen.victim.isPlayer).taken += Math.max(0, unseen.lost);
        }
        break;
      }
      case 'turnOrder.generated':
        close(event.payload.map, lastAt);
        start(event.payload.map, at, event.payload.round ?? 1, event.payload.order, state);
        break;
      case 'turnOrder.advanced': {
        turns += 1;
        const fight = open.get(event.payload.map);
        if (fight) {
          fight.turns += 1;
          fight.rounds = Math.max(fight.rounds, event.payload.round ?? 1);
          for (const name of namesOf(state, event.payload.map, event.payload.order)) {
            if (!fight.participants.includes(name)) fight.participants.push(name);
          }
        }
        break;
      }
      case 'turnOrder.newCombat':
        close(event.payload.map, at);
        break;
      default:
        break;
    }
    state = applyEvent(state, event).state;
    seeMaps(state);
    lastAt = at;
  }
  for (const [map, fight] of [...open]) {
    fight.ongoing = true;
    close(map, lastAt);
  }
  fights.sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt));

  return {
    combatants: [...combatants.values()].sort(
      (a, b) => Number(b.isPlayer) - Number(a.isPlayer) || a.name.localeCompare(b.name, 'fr'),
    ),
    d20Faces,
    turns,
    maps,
    fights,
    longest: longestOf(fights),
  };
}
