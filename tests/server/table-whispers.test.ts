import { beforeAll, describe, expect, it } from 'vitest';
import type { GameMessagesAnswer } from '../../src/api/schemas/table';
import { chatAudienceMessages } from '../../src/domain/table/chat-audience';
import type { ChatMessage, TableEvent } from '../../src/domain/table/types';
import { insertAcceptedPlayer, insertCharacter } from '../helpers/game-fixtures';
import { drivers } from '../helpers/server';
import { joined, sayAtTable, serverLog, serverState, type TableClient } from '../helpers/table';
import { seatedTableForSuite } from '../helpers/table-suite';

describe.each(drivers)('whispers and rolls out of sight (%s)', (driver) => {
  // The MJ, Aria's player (owner), Borin's (other), and Cara's, a third player at the table.
  const { t, p, mj, owner, other } = seatedTableForSuite({ driver });
  let cara: TableClient;
  let caraToken: string;

  beforeAll(async () => {
    const [user] = await t.registerMany(1);
    const { db } = t.database;
    await insertAcceptedPlayer(db, p.gameId, p.mj.userId, user.userId);
    await insertCharacter(db, { userId: user.userId, gameId: p.gameId, name: 'Cara la Rousse' });
    caraToken = user.token;
    cara = await joined(t, user, p.gameId);
  });

  const tokens = () => ({ mj: p.mj.token, owner: p.owner.token, other: p.other.token, cara: caraToken });

  const say = (client: TableClient, content: unknown, playerId: string | null) =>
    sayAtTable(t, p.gameId, client, content, playerId, [mj, owner, other, cara]);

  const heardAt = (client: TableClient, seq: number) => client.heard.find((event) => event.seq === seq)!;

  async function historyOf(token: string): Promise<TableEvent[]> {
    const answer = await t.api<GameMessagesAnswer>(
      'GET',
      `/message?gameId=${p.gameId}&limit=100`,
      undefined,
      token,
    );
    expect(answer.status).toBe(200);
    return answer.body;
  }
  const lineAt = async (token: string, seq: number) =>
    (await historyOf(token)).find((event) => event.seq === seq)?.payload as ChatMessage | undefined;

  /** What a fresh socket of that user is given for the seq when it catches up from the start. */
  async function caughtUp(user: { token: string }, seq: number): Promise<TableEvent> {
    const late = await joined(t, user, p.gameId);
    late.socket.close();
    return heardAt(late, seq);
  }

  it('reaches its sender, the character whispered to and the MJ, and no one else', async () => {
    const seq = await say(owner, { kind: 'text', text: '/w Borin rendez-vous à la tour' }, p.ownerCharacter);
    const [logged] = (await serverLog(t, p.gameId)).filter((event) => event.seq === seq);
    expect(logged).toMatchObject({
      type: 'chat.posted',
      payload: {
        playerName: 'Aria',
        message: 'rendez-vous à la tour',
        whisperTo: 'Borin',
        audience: 'managers',
        reader: p.otherCharacter,
      },
    });
    // Live.
    for (const reader of [mj, owner, other]) expect(heardAt(reader, seq)).toEqual(logged);
    expect(heardAt(cara, seq)).toMatchObject({ type: 'redacted', payload: {}, userId: null });
    // In the chat's history.
    const { mj: master, owner: aria, other: borin, cara: third } = tokens();
    for (const token of [master, aria, borin]) {
      expect(await lineAt(token, seq)).toMatchObject({ message: 'rendez-vous à la tour' });
    }
    expect(await lineAt(third, seq)).toBeUndefined();
    expect(JSON.stringify(await historyOf(third))).not.toContain('rendez-vous');
    // In a catch-up.
    expect(await caughtUp(p.other, seq)).toEqual(logged);
    expect(await caughtUp({ token: third }, seq)).toMatchObject({ type: 'redacted', payload: {} });
  });

  it('to the MJ reaches the MJ and its sender alone; a composed name is found whole', async () => {
    const toMaster = await say(other, { kind: 'text', text: '/w MJ je garde la clé' }, p.otherCharacter);
    expect(heardAt(mj, toMaster).payload).toMatchObject({ message: 'je garde la clé', whisperTo: 'MJ' });
    expect(heardAt(other, toMaster).type).toBe('chat.posted');
    for (const reader of [owner, cara]) expect(heardAt(reader, toMaster).type).toBe('redacted');
    expect(await lineAt(tokens().owner, toMaster)).toBeUndefined();

    const toCara = await say(mj, { kind: 'text', text: '/w cara la rousse Tu entends un bruit.' }, null);
    expect(heardAt(cara, toCara).payload).toMatchObject({
      message: 'Tu entends un bruit.',
      whisperTo: 'Cara la Rousse',
    });
    for (const reader of [owner, other]) expect(heardAt(reader, toCara).type).toBe('redacted');
  });

  it('refuses an unknown name in French, and writes nothing', async () => {
    const before = (await serverState(t, p.gameId)).lastSeq;
    expect(
      await owner.send('newMessage', {
        gameId: p.gameId,
        playerId: p.ownerCharacter,
        content: { kind: 'text', text: '/w Zed salut' },
      }),
    ).toEqual({ ok: false, error: chatAudienceMessages.unknownRecipient('Zed') });
    expect((await serverState(t, p.gameId)).lastSeq).toBe(before);
  });

  it('a secret roll: the others’ copies say « jet secret », with no dice and no result', async () => {
    const seq = await say(owner, { kind: 'text', text: '/rs 1d20+3' }, p.ownerCharacter);
    const logged = heardAt(mj, seq);
    expect(logged.payload).toMatchObject({ rollMode: 'secret', roll: { sides: 20, bonus: 3 } });
    expect(heardAt(owner, seq)).toEqual(logged);
    const secret = {
      playerName: 'Aria',
      senderId: p.ownerCharacter,
      message: 'jet secret',
      type: 'diceRoll',
      rollMode: 'secret',
    };
    for (const reader of [other, cara]) {
      expect(heardAt(reader, seq)).toMatchObject({ type: 'dice.rolled', payload: secret });
      expect(heardAt(reader, seq).payload).not.toHaveProperty('roll');
    }
    const borin = await lineAt(tokens().other, seq);
    expect(borin).toMatchObject(secret);
    expect(borin).not.toHaveProperty('roll');
    expect((await caughtUp(p.other, seq)).payload).not.toHaveProperty('roll');
    expect(await lineAt(tokens().owner, seq)).toHaveProperty('roll');
  });

  it('a macro or a typed /r rolls in the mode the roller chose beside the dice', async () => {
    const seq = await say(
      owner,
      { kind: 'text', text: '/r 1d20+5', label: 'Initiative', mode: 'secret' },
      p.ownerCharacter,
    );
    expect(heardAt(mj, seq).payload).toMatchObject({ rollMode: 'secret', label: 'Initiative' });
    expect(heardAt(other, seq).payload).toMatchObject({ message: 'jet secret' });
    expect(heardAt(other, seq).payload).not.toHaveProperty('label');
  });

  it('a blind roll: the roller’s copy has no result either; the MJ’s has it', async () => {
    const seq = await say(
      owner,
      { kind: 'roll', dice: { count: 1, sides: 20, bonus: 1 }, label: 'Perception', mode: 'blind' },
      p.ownerCharacter,
    );
    expect(heardAt(mj, seq).payload).toMatchObject({ rollMode: 'blind', roll: { bonus: 1 } });
    expect(heardAt(owner, seq).payload).toEqual({
      playerName: 'Aria',
      senderId: p.ownerCharacter,
      avatar: null,
      senderUserId: p.owner.userId,
      message: chatAudienceMessages.blindRoll,
      type: 'diceRoll',
      rollMode: 'blind',
      label: 'Perception',
    });
    for (const reader of [other, cara]) {
      expect(heardAt(reader, seq).payload).toMatchObject({ message: 'jet secret', rollMode: 'blind' });
    }
    for (const token of [tokens().owner, tokens().other]) {
      expect(await lineAt(token, seq)).not.toHaveProperty('roll');
    }
    expect((await caughtUp(p.owner, seq)).payload).not.toHaveProperty('roll');
    expect(await lineAt(tokens().mj, seq)).toHaveProperty('roll');
  });
});
