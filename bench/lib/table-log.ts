/**
 * A realistic table log, generated without the server: a few maps with player and monster
 * tokens, mostly drops, then HP adjustments, turn-order changes, visibility flips and chat — the
 * outcomes `decide` would log (every event applies to the state before it). Deterministic, so
 * runs compare.
 */
import type { MapToken, TableActor, TableEvent, TableEventBody } from '../../src/domain/table/types';

const MAPS = ['Crypte', 'Forêt', 'Village'];
const PLAYERS = 5;
const MONSTERS_PER_MAP = 12;
const START = Date.parse('2026-11-22T20:00:00.000Z');

/** mulberry32: a tiny seeded generator, so the log is the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const mjUserId = 'user-mj';
const playerUserId = (i: number) => `user-p${i}`;
const characterId = (i: number) => `char-${i}`;

/** The first player, as the server would build them from their session. */
export const benchPlayer: TableActor = {
  userId: playerUserId(0),
  role: 'player',
  characterIds: [characterId(0)],
};

/** A token of the bench's tables: players are heroes with soul essence, the rest goblins. */
export function benchToken(
  usableId: string,
  i: number,
  isPlayer: boolean,
  visible: boolean,
  random: () => number,
): MapToken {
  return {
    usableId,
    itemId: isPlayer ? characterId(i) : `monster-${i % 4}`,
    name: isPlayer ? `Héros ${i}` : `Gobelin ${i}`,
    isPlayer,
    assetLink: isPlayer ? `https://images.shatteredrealms.fr/Player_H${i}.png` : null,
    speciality: isPlayer ? 'Guerrier' : null,
    AC: 12,
    HP: 30,
    currentHP: 30,
    soulEssence: isPlayer ? 100 : null,
    currentSoulEssence: isPlayer ? 100 : null,
    attackBonus: 3,
    damage: '1d6+2',
    inTurnOrder: false,
    visibility: visible,
    x: Math.round(random() * 975) / 10,
    y: Math.round(random() * 940) / 10,
  };
}

/** `count` events from seq 1: placements first, then a mix dominated by token drops. */
export function tableLog(count: number, seed = 7): TableEvent[] {
  const random = seeded(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const tokens = new Map<string, MapToken[]>(MAPS.map((map) => [map, []]));
  const orders = new Map<string, string[]>(MAPS.map((map) => [map, []]));
  const events: TableEvent[] = [];
  const push = (body: TableEventBody, userId: string | null = mjUserId) => {
    const seq = events.length + 1;
    events.push({ ...body, seq, userId, createdAt: new Date(START + seq * 200).toISOString() } as TableEvent);
  };

  push({
    type: 'map.selected',
    payload: {
      map: { id: 'm0', name: MAPS[0]!, link: 'crypte.png', width: 1500, height: 1000 },
      bringPlayers: true,
    },
  });
  for (const map of MAPS) {
    const onMap = tokens.get(map)!;
    for (let i = 0; i < PLAYERS + MONSTERS_PER_MAP && events.length < count; i++) {
      const isPlayer = i < PLAYERS;
      const placed = benchToken(`${map}-${i}`, i, isPlayer, isPlayer || random() < 0.7, random);
      onMap.push(placed);
      push({ type: 'token.placed', payload: { map, token: { ...placed } } });
    }
  }

  while (events.length < count) {
    const map = pick(MAPS);
    const onMap = tokens.get(map)!;
    const moved = pick(onMap);
    const roll = random();
    if (roll < 0.7) {
      moved.x = Math.round(random() * 975) / 10;
      moved.y = Math.round(random() * 940) / 10;
      const userId = moved.isPlayer ? playerUserId(Number(moved.itemId.slice(5))) : mjUserId;
      push(
        { type: 'token.moved', payload: { map, usableId: moved.usableId, x: moved.x, y: moved.y } },
        userId,
      );
    } else if (roll < 0.78) {
      moved.currentHP = Math.floor(random() * ((moved.HP ?? 0) + 1));
      push({
        type: 'token.adjusted',
        payload: { map, usableId: moved.usableId, resource: 'HP', value: moved.currentHP },
      });
    } else if (roll < 0.83) {
      const order = orders.get(map)!;
      if (order.length === 0) {
        const next = onMap.map((t) => t.usableId).sort(() => random() - 0.5);
        orders.set(map, next);
        push({ type: 'turnOrder.generated', payload: { map, order: next } });
      } else {
        const next = [...order.slice(1), order[0]!];
        orders.set(map, next);
        push({ type: 'turnOrder.advanced', payload: { map, order: next } });
      }
      for (const t of onMap) t.inTurnOrder = orders.get(map)!.includes(t.usableId);
    } else if (roll < 0.85) {
      if (moved.isPlayer) continue;
      moved.visibility = !moved.visibility;
      push({
        type: 'token.visibilityChanged',
        payload: { map, token: { ...moved }, order: orders.get(map)! },
      });
    } else {
      push(
        {
          type: 'chat.posted',
          payload: {
            playerName: 'Héros 1',
            senderId: characterId(1),
            avatar: null,
            message: 'On fouille la crypte, je passe devant avec la torche.',
            type: 'normal',
            senderUserId: playerUserId(1),
          },
        },
        playerUserId(1),
      );
    }
  }
  return events;
}
