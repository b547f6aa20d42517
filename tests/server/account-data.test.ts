import { describe, expect, it } from 'vitest';
import type { AccountData } from '../../src/api/schemas/account-data';
import type { GameMessagesAnswer } from '../../src/api/schemas/table';
import type { ChatMessage } from '../../src/domain/table/types';
import { drivers } from '../helpers/server';
import { createUsersService } from '../../server/modules/users/service';
import { joined, sayAtTable, type TableClient } from '../helpers/table';
import { seatedTableForSuite } from '../helpers/table-suite';

describe.each(drivers)('« Télécharger mes données » and what a deletion leaves (%s)', (driver) => {
  const { t, p, mj, owner, other } = seatedTableForSuite({ driver });

  const say = (client: TableClient, text: string, playerId: string | null) =>
    sayAtTable(t, p.gameId, client, { kind: 'text', text }, playerId, [mj, owner, other]);

  const exportOf = async (token: string) => t.api<AccountData>('GET', '/auth/account/data', undefined, token);

  it('gives the account its own data as a file, and nothing of anyone else', async () => {
    await say(owner, 'Je fouille la pièce.', p.ownerCharacter);
    await say(other, 'Borin garde la porte.', p.otherCharacter);
    const macro = await t.api('POST', '/macro', { title: 'Frappe', content: '/roll 1d20+3' }, p.owner.token);
    expect(macro.status).toBe(201);

    const answer = await exportOf(p.owner.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="shattered-realms-mes-donnees-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const data = answer.body;
    expect(data.account.id).toBe(p.owner.userId);
    expect(data.characters.map((character) => character.name)).toEqual(['Aria']);
    expect(data.macros.map((own) => own.title)).toEqual(['Frappe']);
    expect(data.gamesAsPlayer.map((game) => game.id)).toEqual([p.gameId]);
    expect(data.gamesAsMj).toEqual([]);
    expect(data.tableLines.map((line) => [line.speaker, line.text])).toEqual([
      ['Aria', 'Je fouille la pièce.'],
    ]);
    expect(data.gameInvitations).toEqual([
      expect.objectContaining({
        direction: 'received',
        status: 'accepted',
        game: expect.objectContaining({ id: p.gameId }),
      }),
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    const text = JSON.stringify(data);
    expect(text).not.toContain('Borin garde la porte.');
    expect(text).not.toContain('password');
    expect(text).not.toContain(p.other.userId);
  });

  it('answers the MJ their games and the lines they wrote', async () => {
    const { body } = await exportOf(p.mj.token);
    expect(body.gamesAsMj.map((game) => game.id)).toEqual([p.gameId]);
    expect(body.characters).toEqual([]);
    expect(body.gameInvitations.every((invitation) => invitation.direction === 'sent')).toBe(true);
  });

  it('refuses anyone signed out', async () => {
    expect((await t.api('GET', '/auth/account/data')).status).toBe(401);
  });

  it('keeps a deleted account’s lines at the table without the person', async () => {
    const admin = await t.register();
    await createUsersService(t.database.db).grantRole(admin.email, 'admin');
    const overseer = await joined(t, admin, p.gameId);
    await sayAtTable(t, p.gameId, overseer, { kind: 'text', text: 'Je passe voir la table.' }, null, [
      mj,
      overseer,
    ]);
    const history = async () =>
      (
        await t.api<GameMessagesAnswer>('GET', `/message?gameId=${p.gameId}&limit=100`, undefined, p.mj.token)
      ).body.map((event) => event.payload as ChatMessage);
    const lineOf = (lines: ChatMessage[], text: string) => lines.find((line) => line.message === text);
    expect(lineOf(await history(), 'Je passe voir la table.')).toMatchObject({
      playerName: admin.displayName,
      senderUserId: admin.userId,
    });

    for (const leaving of [p.other.token, admin.token]) {
      expect((await t.api('DELETE', '/auth/account', { password: 'motdepasse' }, leaving)).status).toBe(200);
    }

    const lines = await history();
    expect(lineOf(lines, 'Je passe voir la table.')).toMatchObject({
      playerName: 'Compte supprimé',
      senderUserId: null,
    });
    expect(lineOf(lines, 'Borin garde la porte.')).toMatchObject({ playerName: 'Borin', senderUserId: null });
    expect(lineOf(lines, 'Je fouille la pièce.')).toMatchObject({
      playerName: 'Aria',
      senderUserId: p.owner.userId,
    });
    const text = JSON.stringify(lines);
    expect(text).not.toContain(p.other.userId);
    expect(text).not.toContain(admin.userId);
    expect(text).not.toContain(admin.displayName);
  });
});
