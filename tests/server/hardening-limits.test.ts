import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { InvitationMoveResponse } from '../../src/api/schemas/game-invitations';
import { gameInvitations, gameResources, storeEntries } from '../../server/db/schema/index';
import { insertGame } from '../helpers/game-fixtures';
import { emitWithAck, tableParty } from '../helpers/table';
import { drivers, startTestServer } from '../helpers/server';
import { serverForSuite } from '../helpers/suite-server';

/** What cannot be sent without bound. */

describe.each(drivers)('limits (%s)', (driver) => {
  const t = serverForSuite({ driver });

  it('caps the resources of a kind a game holds, created or imported, with a French 409, even at once', async () => {
    const [mj, otherMj] = await t.registerMany(2);
    const { db } = t.database;
    const gameId = await insertGame(db, mj.userId);
    await db.insert(gameResources).values(
      Array.from({ length: 498 }, (_, n) => ({
        gameId,
        category: 'rune',
        name: `Rune ${n}`,
        fields: {},
      })),
    );
    const full = {
      error: 'Cette partie a atteint la limite de 500 runes : supprimez-en pour en ajouter d’autres.',
    };
    const racing = await Promise.all(
      [1, 2, 3].map((n) => t.api('POST', `/game-data/${gameId}/rune`, { name: `Neuve ${n}` }, mj.token)),
    );
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 201, 409]);
    expect(racing.find((answer) => answer.status === 409)?.body).toEqual(full);

    const [entry] = await db
      .insert(storeEntries)
      .values({ category: 'rune', name: 'Rune du store', fields: {} })
      .returning({ id: storeEntries.id });
    const imported = await t.api(
      'POST',
      `/game-data/${gameId}/rune/import`,
      { resourceId: entry!.id },
      mj.token,
    );
    expect(imported).toMatchObject({ status: 409, body: full });

    // The cap is per category and per game.
    const item = await t.api('POST', `/game-data/${gameId}/item`, { name: 'Corde' }, mj.token);
    expect(item.status).toBe(201);
    const elsewhere = await insertGame(db, otherMj.userId);
    const rune = await t.api('POST', `/game-data/${elsewhere}/rune`, { name: 'Libre' }, otherMj.token);
    expect(rune.status).toBe(201);
  });

  it('holds an MJ back from re-inviting a player who declined, and from inviting a player past 3 times a day', async () => {
    const [mj, player] = await t.registerMany(2);
    const { db } = t.database;
    const gameId = await insertGame(db, mj.userId);
    const invite = () =>
      t.api<InvitationMoveResponse>(
        'POST',
        '/game-invitations',
        { gameId, playerId: player.userId },
        mj.token,
      );
    const move = (id: string, name: 'decline' | 'revoke') =>
      name === 'decline'
        ? t.api('POST', `/game-invitations/${id}/decline`, undefined, player.token)
        : t.api('DELETE', `/game-invitations/${id}/revoke`, undefined, mj.token);
    /** Moves every invitation of the pair `minutes` into the past, as if that time had gone by. */
    const timePasses = (minutes: number) =>
      db
        .update(gameInvitations)
        .set({
          createdAt: sql`${gameInvitations.createdAt} - make_interval(mins => ${minutes})`,
          updatedAt: sql`${gameInvitations.updatedAt} - make_interval(mins => ${minutes})`,
        })
        .where(eq(gameInvitations.gameId, gameId));

    const first = await invite();
    expect(first.status).toBe(201);
    expect((await move(first.body.invitation.id, 'decline')).status).toBe(200);
    expect(await invite()).toMatchObject({
      status: 429,
      body: { error: 'Ce joueur a refusé votre invitation il y a moins d’une heure : réessayez plus tard.' },
    });

    await timePasses(61);
    const second = await invite();
    expect(second.status).toBe(201);
    expect((await move(second.body.invitation.id, 'revoke')).status).toBe(200);
    const third = await invite();
    expect(third.status).toBe(201);
    expect((await move(third.body.invitation.id, 'revoke')).status).toBe(200);
    expect(await invite()).toMatchObject({
      status: 429,
      body: {
        error: 'Ce joueur a déjà reçu 3 invitations à cette partie en 24 heures : réessayez plus tard.',
      },
    });

    await timePasses(24 * 60 - 60);
    expect((await invite()).status).toBe(201);
  });

  it('gives a user one chat bucket however many tabs they open, at the table and in private', async () => {
    const flood = { ok: false, error: 'Vous envoyez des messages trop vite : patientez un instant.' };
    const limited = await startTestServer({ driver, env: { MESSAGE_BURST: '4' } });
    try {
      const party = await tableParty(limited);
      const { mj, owner } = party;
      const tabs = [await limited.socket(mj.token), await limited.socket(mj.token)];
      const say = (tab: number) =>
        emitWithAck(tabs[tab]!, 'newMessage', {
          gameId: party.gameId,
          content: { kind: 'text', text: 'Silence !' },
        });
      const whisper = (tab: number) =>
        emitWithAck(tabs[tab]!, 'sendPrivateMessage', { receiverId: owner.userId, content: 'Psst' });
      const friendship = await limited.api<{ invitation: { id: string } }>(
        'POST',
        '/users/friends',
        { friendId: owner.userId },
        mj.token,
      );
      const accepted = await limited.api(
        'POST',
        `/users/invitations/${friendship.body.invitation.id}/accept`,
        undefined,
        owner.token,
      );
      expect(accepted.status).toBe(200);

      for (const send of [say, whisper]) {
        // Sent together, so the bucket has no time to refill: four pass, whichever tab sent them.
        const answers = await Promise.all([0, 1, 0, 1, 0, 1].map(send));
        expect(answers.filter((answer) => answer.ok)).toHaveLength(4);
        expect(answers.filter((answer) => !answer.ok)).toEqual([flood, flood]);
      }
      // Another user's bucket is their own.
      const player = await limited.socket(owner.token);
      expect(
        await emitWithAck(player, 'newMessage', {
          gameId: party.gameId,
          playerId: party.ownerCharacter,
          content: { kind: 'text', text: 'Bonjour' },
        }),
      ).toEqual({ ok: true });
    } finally {
      await limited.close();
    }
  });
});
