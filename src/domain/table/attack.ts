import { DEFAULT_MONSTER_DAMAGE, resolveAttack, type AttackResolution } from '../dice/attack';
import { diceMessages } from '../dice/messages';
import { damageDice, parseDamageTerms } from '../dice/notation';
import type { RandomInt } from '../dice/random';
import { describeRoll, type RollResult } from '../dice/roll';
import {
  effectiveRange,
  isInReach,
  pointToPixels,
  tokensHit,
  type AreaShape,
  type Point,
  type Size,
} from '../geometry/geometry';
import { isDown } from './health';
import { attackMessages, MAX_AREA_TARGETS } from './messages';
import { gridOf, openMap, tokenAt, tokensOfMap } from './records';
import type { ChatMessage, MapToken, TableActor, TableEventBody, TableState } from './types';
import { lineAbout, systemMessage } from './system-lines';
import { tokenBody } from './token-size';
import { canSee, isPlayersMap, managesTable, ownsToken, seenByPlayers } from './visibility';

/**
 * An attack as the server read it from what it stores, before any check against the table: the
 * weapon's attack (or the simple one) with the character's stat for the weapon's category, or the
 * monster's own attack. Nothing in it comes from the client.
 */
export interface AttackSpec {
  name: string;
  /** A character strikes from the players' attack menu; a monster on the MJ's order. */
  by: 'character' | 'monster';
  /** The stored character or monster the attacker's token must still be. */
  itemId: string;
  /** d20 + this; null when the character has no usable stat for the weapon's category. */
  bonus: number | null;
  /** What a hit rolls, the weapon's damage included (`attackNumbers`): '1d8+1d4+2'. */
  damageRoll: string;
  /** In cells; 0 is the attacker's movement. */
  range: number;
  movement: number;
  areaOfEffect: AreaShape;
  areaSize: number;
  /** 0: no limit. */
  maxTargets: number;
  /** Soul essence the attack takes from the attacker. */
  essenceCost: number;
}

export interface AttackCommand {
  map: string;
  attackerId: string;
  attack: AttackSpec;
  targetId: string | null;
  /** Percent of the map, for an area. */
  aim: Point | null;
}

type AttackDecision = { events: TableEventBody[] } | { refusal: string };

const refuse = (refusal: string): AttackDecision => ({ refusal });

const damageOf = (text: string) => {
  const terms = parseDamageTerms(text);
  return terms && damageDice(terms);
};

/** The attacker's token, if this actor may strike with it on this map. */
function attackerFor(state: TableState, command: AttackCommand, actor: TableActor): MapToken | string {
  const { attack } = command;
  const token = tokenAt(state, command.map, command.attackerId);
  if (attack.by === 'character') {
    // table.md §5: game masters do not attack from the players' menu.
    if (managesTable(actor)) return attackMessages.mastersDoNotAttack;
    const onCurrentMap = state.currentMap?.name === command.map;
    if (!token || !onCurrentMap || !ownsToken(actor, token) || token.itemId !== attack.itemId) {
      return attackMessages.notOnMap;
    }
    return token;
  }
  if (!managesTable(actor)) return attackMessages.onlyMasterMonsters;
  if (!token || token.isPlayer || token.itemId !== attack.itemId) return attackMessages.tokenNotFound;
  return token;
}

/** Who the attack hits: the clicked target of a single attack, or the living tokens an area covers. */
function targetsOf(
  state: TableState,
  command: AttackCommand,
  actor: TableActor,
  attacker: MapToken,
  map: Size,
): MapToken[] | string {
  const { attack } = command;
  const { cellPx } = gridOf(state, command.map);
  const from = tokenBody(attacker, map, cellPx);
  const range = effectiveRange(attack.range, attack.movement);
  if (attack.areaOfEffect === 'single') {
    const target = command.targetId === null ? undefined : tokenAt(state, command.map, command.targetId);
    if (!target || !canSee(actor, state, command.map, target) || target.usableId === attacker.usableId) {
      return attackMessages.tokenNotFound;
    }
    if (isDown(target)) return attackMessages.deadTarget;
    if (!isInReach(from, tokenBody(target, map, cellPx), range, cellPx)) return attackMessages.outOfRange;
    return [target];
  }
  if (command.aim === null) return attackMessages.noAim;
  const aim = pointToPixels(command.aim, map);
  if (!isInReach(from, { centre: aim }, range, cellPx)) return attackMessages.outOfRange;
  // Only what the attacker's side sees can be struck: a player's area never reveals a hidden monster.
  const living = Object.values(tokensOfMap(state, command.map)).filter(
    (token) => !isDown(token) && canSee(actor, state, command.map, token),
  );
  const hit = tokensHit(
    { ...attack, range },
    { id: attacker.usableId, ...from },
    aim,
    living.map((token) => ({ id: token.usableId, ...tokenBody(token, map, cellPx) })),
    cellPx,
  );
  if (hit.length === 0) return attackMessages.nobodyInArea;
  if (hit.length > MAX_AREA_TARGETS) return attackMessages.tooManyInArea(hit.length);
  return hit.map((id) => living.find((token) => token.usableId === id)!);
}

const verdicts: Record<AttackResolution['outcome'], string> = {
  criticalSuccess: attackMessages.criticalSuccess,
  hit: attackMessages.hit,
  miss: attackMessages.miss,
  criticalFail: attackMessages.criticalFail,
};

/** The d20 of the attack as a chat roll: its natural 20 or 1 are the critical message types. */
function attackRoll(resolution: AttackResolution, bonus: number): RollResult {
  return {
    count: 1,
    sides: 20,
    bonus,
    dice: [resolution.natural],
    total: resolution.attackTotal,
    messageType:
      resolution.outcome === 'criticalSuccess'
        ? 'diceRollCriticalSuccess'
        : resolution.outcome === 'criticalFail'
          ? 'diceRollCriticalFail'
          : 'diceRoll',
  };
}

/**
 * An attack checked against the server's table and rolled with its chance (table.md §4 "Attack
 * targeting", §5 "Attacks", §9): the attacker is the actor's own character on the players' map (or,
 * for the MJ, a monster), the targets are alive, seen and in range, the essence is there. Then
 * per target a d20 + bonus against its AC — 20 lands with maximised damage, 1 misses — and the
 * damage taken from its HP, never below 0. The events: the attack line, the essence spent, then
 * for each target its roll lines, its new HP and what the blow tells (`aftermath`). Lines about a hidden token, or a map the players are
 * not on, go to the managers only.
 */
export function decideAttack(
  state: TableState,
  command: AttackCommand,
  actor: TableActor,
  randomInt: RandomInt,
): AttackDecision {
  const { attack, map: mapName } = command;
  const attacker = attackerFor(state, command, actor);
  if (typeof attacker === 'string') return refuse(attacker);
  const map = openMap(state, mapName);
  if (!map) return refuse(attackMessages.notOnMap);
  if (isDown(attacker)) return refuse(attackMessages.attackerDown);
  if (attack.bonus === null) return refuse(diceMessages.invalidWeaponStat);
  // A monster whose damage does not read strikes for the spec's 1d6.
  const damage =
    damageOf(attack.damageRoll) ?? (attack.by === 'monster' ? damageOf(DEFAULT_MONSTER_DAMAGE) : null);
  if (!damage) return refuse(diceMessages.invalidDamage);
  const targets = targetsOf(state, command, actor, attacker, map);
  if (typeof targets === 'string') return refuse(targets);

  const events: TableEventBody[] = [
    {
      type: 'attack.performed',
      payload: {
        map: mapName,
        attackerId: attacker.usableId,
        targetIds: targets.map((target) => target.usableId),
        attack: attack.name,
      },
    },
  ];
  if (attack.essenceCost > 0) {
    const essence = attacker.currentSoulEssence ?? 0;
    if (attacker.soulEssence === null || essence < attack.essenceCost) {
      return refuse(attackMessages.notEnoughEssence(attack.essenceCost));
    }
    events.push({
      type: 'token.adjusted',
      payload: {
        map: mapName,
        usableId: attacker.usableId,
        resource: 'soulEssence',
        value: essence - attack.essenceCost,
      },
    });
  }
  const speaker = {
    playerName: attacker.name,
    senderId: attacker.isPlayer ? attacker.itemId : null,
    avatar: attacker.assetLink,
    senderUserId: actor.userId,
  };
  for (const target of targets) {
    const line = (fields: Pick<ChatMessage, 'message' | 'type' | 'roll'>): TableEventBody => ({
      type: 'dice.rolled',
      payload: {
        ...speaker,
        ...fields,
        ...(seenByPlayers(state, mapName, attacker, target) ? {} : { audience: 'managers' as const }),
      },
    });
    // Only a player's copy lacks a monster's AC and HP, and attacks are decided on the server's.
    if (target.AC === null || target.currentHP === null) return refuse(attackMessages.tokenNotFound);
    const resolution = resolveAttack({ bonus: attack.bonus, damage, targetArmorClass: target.AC }, randomInt);
    const roll = attackRoll(resolution, attack.bonus);
    events.push(
      line({
        message: `${describeRoll(roll, attackMessages.label(attack.name, target.name))} · ${attackMessages.armour(resolution.targetArmorClass)} : ${verdicts[resolution.outcome]}`,
        type: roll.messageType,
        roll,
      }),
    );
    if (resolution.damage === null) continue;
    const dealt = Math.max(0, resolution.damage.total);
    const left = Math.max(0, target.currentHP - dealt);
    events.push(
      line({
        message: describeRoll(resolution.damage, attackMessages.damageLabel(target.name)),
        type: 'damageRoll',
        roll: resolution.damage,
      }),
      {
        type: 'token.adjusted',
        payload: { map: mapName, usableId: target.usableId, resource: 'HP', value: left },
      },
      ...aftermath(state, mapName, attacker, target, left),
    );
  }
  return { events };
}

/**
 * What a blow tells beyond its dice: to a character's player who could not see the striker, what it
 * cost them (the lines above were the managers'); and, when it kills, the death, to those who see
 * both sides.
 */
function aftermath(
  state: TableState,
  map: string,
  attacker: MapToken,
  target: MapToken,
  left: number,
): TableEventBody[] {
  const lines: TableEventBody[] = [];
  const lost = (target.currentHP ?? 0) - left;
  if (
    target.isPlayer &&
    lost > 0 &&
    isPlayersMap(state, map) &&
    !seenByPlayers(state, map, attacker, target)
  ) {
    lines.push(
      systemMessage(attackMessages.struckUnseen(lost), 'managers', {
        reader: target.itemId,
        label: target.name,
      }),
    );
  }
  if (left === 0) {
    const told = target.isPlayer ? attackMessages.downedBy : attackMessages.killedBy;
    lines.push(lineAbout(state, map, told(attacker.name, target.name), attacker, target));
  }
  return lines;
}
