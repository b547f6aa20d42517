import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LobbyCharacter, PlayerUpdateEvent } from '../../src/api/schemas/characters';
import { drivers, startTestServer, type TestServer } from '../helpers/server';
import { joined, MAP, mapChoice, playerDraft, tableParty, tokenOf, type TableParty } from '../helpers/table';

describe.each(drivers)(
  'playerUpdate: a character’s health at the table reaches its sheets (%s)',
  (driver) => {
    let t: TestServer;
    let p: TableParty;

    beforeAll(async () => {
      t = await startTestServer({ driver });
      p = await tableParty(t);
    });
    afterAll(() => t.close());

    /** The owner's character as their lobby lists it. */
    const lobbyCard = async () => {
      const listed = await t.api<LobbyCharacter[]>(
        'GET',
        `/players/game/${p.gameId}/characters`,
        undefined,
        p.owner.token,
      );
      expect(listed.status).toBe(200);
      return listed.body.find((character) => character.id === p.ownerCharacter)!;
    };

    it('tells the owner and the MJ the new HP after the MJ hurts the token, never another player; the sheet reads them', async () => {
      const mj = await joined(t, p.mj, p.gameId);
      const owner = await joined(t, p.owner, p.gameId);
      const other = await joined(t, p.other, p.gameId);
      const heard = {
        mj: [] as PlayerUpdateEvent[],
        owner: [] as PlayerUpdateEvent[],
        other: [] as PlayerUpdateEvent[],
      };
      mj.socket.on('playerUpdate', (update: PlayerUpdateEvent) => heard.mj.push(update));
      owner.socket.on('playerUpdate', (update: PlayerUpdateEvent) => heard.owner.push(update));
      other.socket.on('playerUpdate', (update: PlayerUpdateEvent) => heard.other.push(update));

      const before = await t.api('GET', `/players/${p.ownerCharacter}`, undefined, p.owner.token);
      expect(before.body.table).toBeNull();
      expect((await lobbyCard()).table).toBeNull();

      expect(
        await owner.send('itemChange', {
          gameId: p.gameId,
          change: { type: 'token.place', map: MAP, ...playerDraft(p.ownerCharacter) },
        }),
      ).toEqual({ ok: true });
      const token = await tokenOf(t, p.gameId, p.ownerCharacter);
      expect(
        await mj.send('itemChange', {
          gameId: p.gameId,
          change: {
            type: 'token.adjust',
            map: MAP,
            usableId: token.usableId,
            resource: 'HP',
            direction: 'decrease',
            amount: 3,
          },
        }),
      ).toEqual({ ok: true });

      const expected: PlayerUpdateEvent = {
        playerId: p.ownerCharacter,
        currentHP: token.HP! - 3,
        maxHP: token.HP!,
        currentSoulEssence: token.currentSoulEssence ?? 0,
        maxSoulEssence: token.soulEssence ?? 0,
      };
      await vi.waitFor(() => {
        expect(heard.owner).toEqual([expected]);
        expect(heard.mj).toEqual([expected]);
      });
      // The other player's socket answers after the emit: had it been told, it would have heard by now.
      await other.send('tableCatchUp', { gameId: p.gameId, afterSeq: 0 });
      expect(heard.other).toEqual([]);

      const { playerId: _, ...vitals } = expected;
      const sheet = await t.api('GET', `/players/${p.ownerCharacter}`, undefined, p.mj.token);
      expect(sheet.body.table).toEqual(vitals);
      expect(await lobbyCard()).toMatchObject({ HP: token.HP!, table: vitals });
      for (const client of [mj, owner, other]) client.socket.close();
    });

    it('keeps a token on the map the MJ prepares alone off the sheet until the players are brought', async () => {
      const mj = await joined(t, p.mj, p.gameId);
      const owner = await joined(t, p.owner, p.gameId);
      const heard: PlayerUpdateEvent[] = [];
      owner.socket.on('playerUpdate', (update: PlayerUpdateEvent) => heard.push(update));
      const hurt = (map: string, usableId: string) =>
        mj.send('itemChange', {
          gameId: p.gameId,
          change: { type: 'token.adjust', map, usableId, resource: 'HP', direction: 'decrease', amount: 1 },
        });
      const onMap = await tokenOf(t, p.gameId, p.ownerCharacter);
      await mj.send('mapChange', { gameId: p.gameId, map: mapChoice(p, 'Secret'), bringPlayers: false });
      expect(
        await mj.send('itemChange', {
          gameId: p.gameId,
          change: { type: 'token.place', map: 'Secret', ...playerDraft(p.ownerCharacter) },
        }),
      ).toEqual({ ok: true });
      const prepared = await tokenOf(t, p.gameId, p.ownerCharacter, 'Secret');
      expect(await hurt('Secret', prepared.usableId)).toEqual({ ok: true });
      expect(await hurt(MAP, onMap.usableId)).toEqual({ ok: true });
      // Told of the players' map only: the second blow's numbers, after the first had reached it.
      await vi.waitFor(() => expect(heard).toHaveLength(1));
      expect(heard[0]).toMatchObject({ currentHP: onMap.currentHP! - 1 });
      const sheet = await t.api('GET', `/players/${p.ownerCharacter}`, undefined, p.owner.token);
      expect(sheet.body.table).toMatchObject({ currentHP: onMap.currentHP! - 1 });

      await mj.send('mapChange', { gameId: p.gameId, map: mapChoice(p, 'Secret'), bringPlayers: true });
      const shown = await t.api('GET', `/players/${p.ownerCharacter}`, undefined, p.owner.token);
      expect(shown.body.table).toMatchObject({ currentHP: prepared.currentHP! - 1 });
      for (const client of [mj, owner]) client.socket.close();
    });
  },
);
