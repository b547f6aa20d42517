import type { Socket } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import type {
  GameInvitation,
  InvitationMoveResponse,
  InviteCandidate,
} from '../../src/api/schemas/game-invitations';
import type { GameData } from '../../src/api/schemas/games';
import { drivers, type RegisteredUser } from '../helpers/server';
import { serverForSuite } from '../helpers/suite-server';

const nextEvent = <T>(socket: Socket, event: string) =>
  new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));

describe.each(drivers)('game invitations (%s)', (driver) => {
  const t = serverForSuite({ driver });

  async function setup() {
    const [mj, invitee, stranger] = await Promise.all([t.register(), t.register(), t.register()]);
    const game = (await t.api<GameData>('POST', '/game-data', { name: 'Partie' }, mj.token)).body;
    const invite = (user: RegisteredUser, by = mj) =>
      t.api<InvitationMoveResponse & { error?: string }>(
        'POST',
        '/game-invitations',
        { gameId: game.id, playerId: user.userId },
        by.token,
      );
    return { mj, invitee, stranger, game, invite };
  }

  it('sends an invitation that reaches the invitee live, with the game and its MJ', async () => {
    const { mj, invitee, game, invite } = await setup();
    const socket = await t.socket(invitee.token);
    const arrived = nextEvent<GameInvitation>(socket, 'newInvitation');
    const sent = await invite(invitee);
    expect(sent).toMatchObject({ status: 201, body: { message: 'Invitation envoyée avec succès !' } });
    const expected = {
      gameId: game.id,
      fromUserId: mj.userId,
      toUserId: invitee.userId,
      status: 'pending',
      game: { id: game.id, name: 'Partie', mjDisplayName: mj.displayName },
      toUser: { id: invitee.userId, display_name: invitee.displayName },
    };
    expect(await arrived).toMatchObject(expected);
    const received = await t.api<GameInvitation[]>(
      'GET',
      `/game-invitations?_t=${Date.now()}`,
      undefined,
      invitee.token,
    );
    expect(received.body).toEqual([expect.objectContaining(expected)]);
    const sentList = await t.api<GameInvitation[]>(
      'GET',
      `/game-invitations/sent?_t=1&gameId=${game.id}`,
      undefined,
      mj.token,
    );
    expect(sentList.body).toEqual([expect.objectContaining(expected)]);
  });

  it('refuses a second open invitation, oneself, an unknown player and other games', async () => {
    const { mj, invitee, stranger, game, invite } = await setup();
    await invite(invitee);
    const again = await invite(invitee);
    expect(again.status).toBe(400);
    expect(again.body.error).toContain('déjà en attente');
    expect(await invite(mj)).toMatchObject({
      status: 400,
      body: { error: 'Vous ne pouvez pas vous inviter vous-même.' },
    });
    for (const playerId of ['00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      expect(await t.api('POST', '/game-invitations', { gameId: game.id, playerId }, mj.token)).toMatchObject(
        {
          status: 404,
          body: { error: 'Joueur non trouvé' },
        },
      );
    }
    expect(await invite(mj, stranger)).toMatchObject({
      status: 403,
      body: { error: "Vous n'êtes pas autorisé à inviter des joueurs dans cette partie." },
    });
    expect(
      await t.api('POST', '/game-invitations', { gameId: 'NOPE2345', playerId: invitee.userId }, mj.token),
    ).toMatchObject({ status: 404, body: { error: 'Partie non trouvée.' } });
    expect(await t.api('POST', '/game-invitations', { gameId: game.id }, mj.token)).toMatchObject({
      status: 400,
      body: { error: 'Le joueur est requis' },
    });
    expect(
      (await t.api('POST', '/game-invitations', { gameId: game.id, playerId: invitee.userId })).status,
    ).toBe(401);
  });

  it('authorisation matrix of every move: only the right side, only from the right status', async () => {
    const { mj, invitee, stranger, invite } = await setup();
    const move = async (path: string, user: RegisteredUser | null) => {
      const method = path.endsWith('revoke') ? 'DELETE' : 'POST';
      const response = await t.api<{ error?: string }>(method, path, undefined, user?.token);
      return `${response.status} ${response.body.error ?? ''}`.trim();
    };
    const pending = (await invite(invitee)).body.invitation.id;
    const base = `/game-invitations/${pending}`;
    const notFound = '404 Invitation non trouvée ou déjà traitée.';
    const notAnswer = "403 Vous n'êtes pas autorisé à répondre à cette invitation.";
    const notRevoke = "403 Vous n'êtes pas autorisé à révoquer cette invitation.";
    const notKick = "403 Vous n'êtes pas autorisé à expulser ce joueur.";

    for (const action of ['accept', 'decline', 'revoke', 'kick']) {
      expect(await move(`${base}/${action}`, stranger)).toBe(notFound);
      expect(await move(`${base}/${action}`, null)).toMatch(/^401/);
    }
    expect(await move(`${base}/accept`, mj)).toBe(notAnswer);
    expect(await move(`${base}/decline`, mj)).toBe(notAnswer);
    expect(await move(`${base}/revoke`, invitee)).toBe(notRevoke);
    expect(await move(`${base}/kick`, invitee)).toBe(notKick);
    // Kicking is for accepted players only.
    expect(await move(`${base}/kick`, mj)).toBe(notFound);

    expect(await move(`${base}/accept`, invitee)).toBe('200');
    expect(await move(`${base}/accept`, invitee)).toBe(notFound);
    expect(await move(`${base}/decline`, invitee)).toBe(notFound);
    expect(await move(`${base}/revoke`, mj)).toBe(notFound);
    expect(await move(`${base}/kick`, mj)).toBe('200');
    expect(await move(`${base}/kick`, mj)).toBe(notFound);

    const revoked = (await invite(invitee)).body.invitation.id;
    expect(await move(`/game-invitations/${revoked}/revoke`, mj)).toBe('200');
    expect(await move(`/game-invitations/${revoked}/accept`, invitee)).toBe(notFound);
    // Last: a decline holds the MJ's next invitation back for an hour.
    const declined = (await invite(invitee)).body.invitation.id;
    expect(await move(`/game-invitations/${declined}/decline`, invitee)).toBe('200');
    expect(await move('/game-invitations/pas-un-id/accept', invitee)).toBe(notFound);

    const history = await t.api<GameInvitation[]>('GET', '/game-invitations', undefined, invitee.token);
    expect(history.body.map((i) => i.status).sort()).toEqual(['declined', 'kicked']);
    expect(
      (await t.api<GameInvitation[]>('GET', '/game-invitations', undefined, stranger.token)).body,
    ).toEqual([]);
  });

  it('sent lists and candidates are the MJ’s own', async () => {
    const { mj, invitee, stranger, game, invite } = await setup();
    const invitationId = (await invite(invitee)).body.invitation.id;
    expect(
      (await t.api('GET', `/game-invitations/sent?gameId=${game.id}`, undefined, stranger.token)).status,
    ).toBe(403);
    expect(
      (await t.api<GameInvitation[]>('GET', '/game-invitations/sent', undefined, stranger.token)).body,
    ).toEqual([]);
    expect(
      (await t.api('GET', `/game-invitations/candidates?gameId=${game.id}&q=ab`, undefined, stranger.token))
        .status,
    ).toBe(403);
    expect(
      await t.api('GET', `/game-invitations/candidates?gameId=${game.id}&q=a`, undefined, mj.token),
    ).toMatchObject({
      status: 400,
      body: { error: 'Tapez au moins 2 caractères pour rechercher' },
    });
    const search = async (q: string) =>
      (
        await t.api<InviteCandidate[]>(
          'GET',
          `/game-invitations/candidates?gameId=${game.id}&q=${encodeURIComponent(q)}`,
          undefined,
          mj.token,
        )
      ).body.map((user) => [user.id, user.invitation]);
    expect(await search(stranger.displayName.toUpperCase())).toEqual([[stranger.userId, null]]);
    // Found, and said to be invited already: not hidden as if nobody had that name.
    expect(await search(invitee.displayName)).toEqual([[invitee.userId, 'pending']]);
    await t.api('POST', `/game-invitations/${invitationId}/accept`, undefined, invitee.token);
    expect(await search(invitee.displayName)).toEqual([[invitee.userId, 'accepted']]);
    expect(await search(mj.displayName)).toEqual([]);
    expect(await search('%%')).toEqual([]);
  });

  it('tells the MJ alone that a player declined, with who and which game', async () => {
    const { mj, invitee, stranger, game, invite } = await setup();
    const [mjSocket, playerSocket, strangerSocket] = await Promise.all([
      t.socket(mj.token),
      t.socket(invitee.token),
      t.socket(stranger.token),
    ]);
    const elsewhere: unknown[] = [];
    for (const socket of [playerSocket, strangerSocket]) {
      socket.on('invitationDeclined', (payload: unknown) => elsewhere.push(payload));
    }
    const id = (await invite(invitee)).body.invitation.id;

    const mjHears = nextEvent<GameInvitation>(mjSocket, 'invitationDeclined');
    expect(await t.api('POST', `/game-invitations/${id}/decline`, undefined, invitee.token)).toMatchObject({
      status: 200,
    });
    expect(await mjHears).toMatchObject({
      id,
      status: 'declined',
      fromUserId: mj.userId,
      game: { id: game.id, name: 'Partie' },
      toUser: { id: invitee.userId, display_name: invitee.displayName },
    });
    // An answer on each other socket comes after anything the server sent it before.
    for (const socket of [playerSocket, strangerSocket]) {
      await socket.timeout(5000).emitWithAck('joinGame', { gameId: 'nope' });
    }
    expect(elsewhere).toEqual([]);
  });

  it('tells both sides of every change, and a kicked player leaves the table at once', async () => {
    const { mj, invitee, game, invite } = await setup();
    const playerSocket = await t.socket(invitee.token);
    const mjSocket = await t.socket(mj.token);
    const id = (await invite(invitee)).body.invitation.id;

    const mjHears = nextEvent<GameInvitation>(mjSocket, 'invitationUpdated');
    await t.api('POST', `/game-invitations/${id}/accept`, undefined, invitee.token);
    expect(await mjHears).toMatchObject({ id, status: 'accepted' });

    expect(await playerSocket.timeout(5000).emitWithAck('joinGame', { gameId: game.id })).toMatchObject({
      ok: true,
    });
    const told = nextEvent(playerSocket, 'gameAccessEnded');
    const playerHears = nextEvent<GameInvitation>(playerSocket, 'invitationUpdated');
    expect(await t.api('POST', `/game-invitations/${id}/kick`, undefined, mj.token)).toMatchObject({
      status: 200,
      body: { message: 'Joueur expulsé avec succès !', invitation: { status: 'kicked' } },
    });
    expect(await told).toEqual({ gameId: game.id, reason: 'kicked' });
    expect(await playerHears).toMatchObject({ id, status: 'kicked' });
    await vi.waitFor(async () =>
      expect(await t.app.realtime.io.in(`game:${game.id}`).fetchSockets()).toHaveLength(0),
    );
    expect((await t.api('GET', `/game-data/${game.id}`, undefined, invitee.token)).status).toBe(403);
    // Once kicked, the MJ may invite again.
    expect((await invite(invitee)).status).toBe(201);
  });
});
