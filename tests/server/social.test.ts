import { randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import type { FriendInvitation, UserSearchResult } from '../../src/api/schemas/friends';
import type { Message } from '../../src/api/schemas/messages';
import { drivers, type RegisteredUser } from '../helpers/server';
import { befriend } from '../helpers/friends';
import { serverForSuite } from '../helpers/suite-server';

/** Every event a socket receives, in order, to assert both what came and what did not. */
function recorder(socket: Socket) {
  const events: Array<{ name: string; payload: unknown }> = [];
  socket.onAny((name: string, payload: unknown) => events.push({ name, payload }));
  return {
    events,
    named: (name: string) => events.filter((event) => event.name === name).map((event) => event.payload),
  };
}

const tag = () => randomBytes(2).toString('hex');

describe.each(drivers)('friends, search and private chat (%s)', (driver) => {
  const t = serverForSuite({ driver });

  const invite = (from: RegisteredUser, to: RegisteredUser) =>
    t.api<{ message: string; invitation: FriendInvitation }>(
      'POST',
      '/users/friends',
      { friendId: to.userId },
      from.token,
    );

  describe('user search', () => {
    it('needs 2 characters after trimming, and a signed-in user', async () => {
      const user = await t.register();
      for (const username of ['', ' a ', 'a']) {
        const response = await t.api(
          'GET',
          `/users/search?username=${encodeURIComponent(username)}`,
          undefined,
          user.token,
        );
        expect(response).toMatchObject({
          status: 400,
          body: { error: 'Tapez au moins 2 caractères pour rechercher' },
        });
      }
      expect((await t.api('GET', '/users/search', undefined, user.token)).body).toEqual({
        error: 'Tapez au moins 2 caractères pour rechercher',
      });
      expect((await t.api('GET', '/users/search?username=ab')).status).toBe(401);
    });

    it('finds any case of a substring, not oneself nor friends, and says which way an invitation waits (no presence: strangers have none to show)', async () => {
      const id = tag();
      const me = await t.register({ displayName: `Me${id}` });
      const friend = await t.register({ displayName: `Fr${id}` });
      const invited = await t.register({ displayName: `In${id}` });
      const inviter = await t.register({ displayName: `Iv${id}` });
      const stranger = await t.register({ displayName: `St${id.toUpperCase()}` });
      await befriend(t, me, friend);
      expect((await invite(me, invited)).status).toBe(201);
      expect((await invite(inviter, me)).status).toBe(201);

      const response = await t.api<UserSearchResult[]>(
        'GET',
        `/users/search?username=${id.toLowerCase()}`,
        undefined,
        me.token,
      );
      expect(response.status).toBe(200);
      expect(response.body).toEqual([
        {
          id: invited.userId,
          display_name: `In${id}`,
          username: `In${id}`,
          pendingInvitation: 'sent',
        },
        {
          id: inviter.userId,
          display_name: `Iv${id}`,
          username: `Iv${id}`,
          pendingInvitation: 'received',
        },
        {
          id: stranger.userId,
          display_name: `St${id.toUpperCase()}`,
          username: `St${id.toUpperCase()}`,
          pendingInvitation: null,
        },
      ]);
    });

    it('takes % and _ literally and answers at most 20 users', async () => {
      const me = await t.register();
      const id = tag();
      await t.register({ displayName: `a%_${id}` });
      await t.register({ displayName: `ab${id}` });
      const literal = await t.api<UserSearchResult[]>(
        'GET',
        `/users/search?username=${encodeURIComponent(`%_${id}`)}`,
        undefined,
        me.token,
      );
      expect(literal.body.map((user) => user.display_name)).toEqual([`a%_${id}`]);

      const many = tag();
      for (let index = 0; index < 22; index += 1) await t.register({ displayName: `m${many}${index}` });
      const capped = await t.api<UserSearchResult[]>(
        'GET',
        `/users/search?username=m${many}`,
        undefined,
        me.token,
      );
      expect(capped.body).toHaveLength(20);
    });
  });

  describe('friend invitations', () => {
    it('reaches the recipient live and nobody else; only one open invitation per pair', async () => {
      const [ana, bea, eve] = [await t.register(), await t.register(), await t.register()];
      const [beaEvents, eveEvents] = [
        recorder(await t.socket(bea.token)),
        recorder(await t.socket(eve.token)),
      ];

      const sent = await invite(ana, bea);
      expect(sent.status).toBe(201);
      expect(sent.body.invitation).toMatchObject({
        from: { id: ana.userId, display_name: ana.displayName, email: ana.email },
        to: { id: bea.userId, display_name: bea.displayName },
        status: 'pending',
      });
      await vi.waitFor(() => expect(beaEvents.named('friendInvitationReceived')).toHaveLength(1));
      expect(beaEvents.named('friendInvitationReceived')[0]).toEqual({
        invitationId: sent.body.invitation.id,
        from: sent.body.invitation.from,
        status: 'pending',
        createdAt: sent.body.invitation.createdAt,
      });

      expect(await invite(ana, bea)).toMatchObject({
        status: 409,
        body: { error: 'Une invitation est déjà en attente pour cet utilisateur.' },
      });
      const received = await t.api<FriendInvitation[]>('GET', '/users/invitations', undefined, bea.token);
      expect(received.body.map((invitation) => invitation.id)).toEqual([sent.body.invitation.id]);
      const sentList = await t.api<FriendInvitation[]>(
        'GET',
        '/users/invitations/sent',
        undefined,
        ana.token,
      );
      expect(sentList.body.map((invitation) => invitation.id)).toEqual([sent.body.invitation.id]);
      expect(
        (await t.api<FriendInvitation[]>('GET', '/users/invitations', undefined, ana.token)).body,
      ).toEqual([]);
      expect(eveEvents.events).toEqual([]);
    });

    it('refuses oneself, unknown users and bad bodies in French', async () => {
      const ana = await t.register();
      expect(await invite(ana, ana)).toMatchObject({
        status: 400,
        body: { error: 'Vous ne pouvez pas vous ajouter vous-même en ami.' },
      });
      const unknown = await t.api(
        'POST',
        '/users/friends',
        { friendId: '00000000-0000-4000-8000-000000000000' },
        ana.token,
      );
      expect(unknown).toMatchObject({ status: 404, body: { error: 'Utilisateur introuvable' } });
      expect((await t.api('POST', '/users/friends', { friendId: 'nope' }, ana.token)).status).toBe(404);
      expect((await t.api('POST', '/users/friends', {}, ana.token)).body).toEqual({
        error: 'Ami non précisé',
      });
      expect((await t.api('POST', '/users/friends', { friendId: ana.userId })).status).toBe(401);
    });

    it('lets only the recipient accept: 403 for the sender, 404 for a third user or once handled', async () => {
      const [ana, bea, eve] = [await t.register(), await t.register(), await t.register()];
      const anaEvents = recorder(await t.socket(ana.token));
      const eveEvents = recorder(await t.socket(eve.token));
      const { id } = (await invite(ana, bea)).body.invitation;

      expect(await t.api('POST', `/users/invitations/${id}/accept`, undefined, ana.token)).toMatchObject({
        status: 403,
        body: { error: "Seul le destinataire de l'invitation peut y répondre." },
      });
      expect(await t.api('POST', `/users/invitations/${id}/accept`, undefined, eve.token)).toMatchObject({
        status: 404,
        body: { error: 'Invitation non trouvée ou déjà traitée.' },
      });
      expect((await t.api('POST', `/users/invitations/${id}/accept`)).status).toBe(401);

      const accepted = await t.api('POST', `/users/invitations/${id}/accept`, undefined, bea.token);
      expect(accepted).toMatchObject({
        status: 200,
        body: {
          message: 'Vous êtes maintenant amis !',
          friend: { id: ana.userId, isOnline: true, unreadCount: 0 },
        },
      });
      expect((await t.api('POST', `/users/invitations/${id}/accept`, undefined, bea.token)).status).toBe(404);
      expect((await t.api('POST', `/users/invitations/${id}/decline`, undefined, bea.token)).status).toBe(
        404,
      );
      expect((await t.api('POST', '/users/invitations/not-a-uuid/accept', undefined, bea.token)).status).toBe(
        404,
      );

      await vi.waitFor(() => expect(anaEvents.named('friendInvitationAccepted')).toHaveLength(1));
      expect(anaEvents.named('friendInvitationAccepted')[0]).toMatchObject({
        invitationId: id,
        friend: { id: bea.userId, display_name: bea.displayName, isOnline: false },
      });
      expect(eveEvents.events).toEqual([]);
      expect(await invite(ana, bea)).toMatchObject({ status: 409, body: { error: 'Vous êtes déjà amis.' } });
    });

    it('lets only the recipient decline, and tells the sender', async () => {
      const [ana, bea] = [await t.register(), await t.register()];
      const anaEvents = recorder(await t.socket(ana.token));
      const { id } = (await invite(ana, bea)).body.invitation;
      expect((await t.api('POST', `/users/invitations/${id}/decline`, undefined, ana.token)).status).toBe(
        403,
      );
      expect(await t.api('POST', `/users/invitations/${id}/decline`, undefined, bea.token)).toMatchObject({
        status: 200,
        body: { message: 'Invitation refusée.' },
      });
      await vi.waitFor(() =>
        expect(anaEvents.named('friendInvitationDeclined')).toEqual([{ invitationId: id }]),
      );
      expect((await t.api('GET', '/users/friends', undefined, ana.token)).body).toEqual([]);
      // Declined is closed: a new invitation may be sent.
      expect((await invite(ana, bea)).status).toBe(201);
    });

    it('lets only the sender cancel, and tells the recipient only', async () => {
      const [ana, bea, eve] = [await t.register(), await t.register(), await t.register()];
      const beaEvents = recorder(await t.socket(bea.token));
      const eveEvents = recorder(await t.socket(eve.token));
      const { id } = (await invite(ana, bea)).body.invitation;
      expect(await t.api('DELETE', `/users/invitations/${id}/cancel`, undefined, bea.token)).toMatchObject({
        status: 403,
        body: { error: "Seul l'expéditeur de l'invitation peut l'annuler." },
      });
      expect((await t.api('DELETE', `/users/invitations/${id}/cancel`, undefined, eve.token)).status).toBe(
        404,
      );
      expect((await t.api('DELETE', `/users/invitations/${id}/cancel`, undefined, ana.token)).status).toBe(
        200,
      );
      expect((await t.api('DELETE', `/users/invitations/${id}/cancel`, undefined, ana.token)).status).toBe(
        404,
      );
      await vi.waitFor(() =>
        expect(beaEvents.named('friendInvitationCancelled')).toEqual([{ invitationId: id }]),
      );
      expect(
        (await t.api<FriendInvitation[]>('GET', '/users/invitations', undefined, bea.token)).body,
      ).toEqual([]);
      expect(eveEvents.events).toEqual([]);
    });

    it('accepts the invitation already received when inviting its sender back', async () => {
      const [ana, bea] = [await t.register(), await t.register()];
      const anaEvents = recorder(await t.socket(ana.token));
      const first = await invite(ana, bea);
      const back = await invite(bea, ana);
      expect(back).toMatchObject({
        status: 200,
        body: {
          message: 'Vous êtes maintenant amis !',
          invitation: { id: first.body.invitation.id, status: 'accepted' },
        },
      });
      await vi.waitFor(() => expect(anaEvents.named('friendInvitationAccepted')).toHaveLength(1));
      const friends = await t.api<Array<{ id: string }>>('GET', '/users/friends', undefined, ana.token);
      expect(friends.body.map((friend) => friend.id)).toEqual([bea.userId]);
    });
  });

  describe('friends', () => {
    it('lists friends with online status and unread counts, and removes them both ways', async () => {
      const [ana, bea, eve] = [await t.register(), await t.register(), await t.register()];
      await befriend(t, ana, bea);
      const beaSocket = await t.socket(bea.token);
      expect(
        await beaSocket.emitWithAck('sendPrivateMessage', { receiverId: ana.userId, content: 'Salut' }),
      ).toMatchObject({ ok: true });
      expect(
        await beaSocket.emitWithAck('sendPrivateMessage', { receiverId: ana.userId, content: 'Ça va ?' }),
      ).toMatchObject({ ok: true });

      expect((await t.api('GET', '/users/friends', undefined, ana.token)).body).toEqual([
        {
          id: bea.userId,
          display_name: bea.displayName,
          username: bea.displayName,
          isOnline: true,
          unreadCount: 2,
        },
      ]);
      expect((await t.api('GET', '/users/friends', undefined, bea.token)).body).toEqual([
        {
          id: ana.userId,
          display_name: ana.displayName,
          username: ana.displayName,
          isOnline: false,
          unreadCount: 0,
        },
      ]);

      const beaEvents = recorder(beaSocket);
      expect((await t.api('DELETE', `/users/friends/${bea.userId}`, undefined, eve.token)).status).toBe(404);
      expect(await t.api('DELETE', `/users/friends/${bea.userId}`, undefined, ana.token)).toMatchObject({
        status: 200,
        body: { message: 'Ami supprimé.' },
      });
      await vi.waitFor(() => expect(beaEvents.named('friendRemoved')).toEqual([{ friendId: ana.userId }]));
      expect((await t.api('GET', '/users/friends', undefined, ana.token)).body).toEqual([]);
      expect((await t.api('GET', '/users/friends', undefined, bea.token)).body).toEqual([]);
      expect(await t.api('DELETE', `/users/friends/${ana.userId}`, undefined, bea.token)).toMatchObject({
        status: 404,
        body: { error: 'Cet utilisateur ne fait pas partie de vos amis.' },
      });
    });
  });

  describe('private chat', () => {
    it('stores a message from the socket user, whatever senderId says, and reaches both participants only', async () => {
      const [ana, bea, eve] = [await t.register(), await t.register(), await t.register()];
      await befriend(t, ana, bea);
      const anaSocket = await t.socket(ana.token);
      const [anaTab2, beaTab1, beaTab2, eveSocket] = [
        recorder(await t.socket(ana.token)),
        recorder(await t.socket(bea.token)),
        recorder(await t.socket(bea.token)),
        recorder(await t.socket(eve.token)),
      ];
      const anaEvents = recorder(anaSocket);

      const ack = await anaSocket.emitWithAck('sendPrivateMessage', {
        receiverId: bea.userId,
        content: '  Bonjour Béa  ',
        senderId: eve.userId,
        clientId: 'pending-1',
      });
      expect(ack).toEqual({ ok: true, id: expect.any(String) });

      const expected = {
        id: ack.id,
        content: 'Bonjour Béa',
        type: 'private',
        gameId: null,
        senderId: ana.userId,
        receiverId: bea.userId,
        senderName: ana.displayName,
        createdAt: expect.any(String),
        readAt: null,
        isSystemMessage: false,
        clientId: 'pending-1',
      };
      for (const tab of [anaEvents, anaTab2, beaTab1, beaTab2]) {
        await vi.waitFor(() => expect(tab.named('newPrivateMessage')).toEqual([expected]));
      }
      expect(eveSocket.named('newPrivateMessage')).toEqual([]);

      const conversation = await t.api<{ messages: Message[]; friend: unknown }>(
        'GET',
        `/message/conversation/${ana.userId}`,
        undefined,
        bea.token,
      );
      expect(conversation.status).toBe(200);
      expect(conversation.body.friend).toEqual({
        id: ana.userId,
        display_name: ana.displayName,
        username: ana.displayName,
        isOnline: true,
      });
      const { clientId: _echoedToTheSender, ...stored } = expected;
      expect(conversation.body.messages).toEqual([stored]);
    });

    it('refuses non-friends, empty and too long messages with privateMessageError', async () => {
      const [ana, eve] = [await t.register(), await t.register()];
      const anaSocket = await t.socket(ana.token);
      const eveEvents = recorder(await t.socket(eve.token));
      const anaEvents = recorder(anaSocket);

      const refused = await anaSocket.emitWithAck('sendPrivateMessage', {
        receiverId: eve.userId,
        content: 'Coucou',
      });
      expect(refused).toEqual({ ok: false, error: "Vous ne pouvez discuter qu'avec vos amis." });
      expect(
        await anaSocket.emitWithAck('sendPrivateMessage', { receiverId: eve.userId, content: '   ' }),
      ).toEqual({
        ok: false,
        error: 'Le message ne peut pas être vide',
      });
      expect(
        await anaSocket.emitWithAck('sendPrivateMessage', {
          receiverId: eve.userId,
          content: 'x'.repeat(1001),
        }),
      ).toEqual({
        ok: false,
        error: 'Le message ne peut pas dépasser 1000 caractères',
      });
      anaSocket.emit('sendPrivateMessage', 'rubbish');
      await vi.waitFor(() => expect(anaEvents.named('privateMessageError')).toHaveLength(4));
      expect(anaEvents.named('privateMessageError').slice(0, 3)).toEqual([
        { error: "Vous ne pouvez discuter qu'avec vos amis." },
        { error: 'Le message ne peut pas être vide' },
        { error: 'Le message ne peut pas dépasser 1000 caractères' },
      ]);
      expect(eveEvents.events).toEqual([]);
      expect(anaSocket.connected).toBe(true);

      expect(await t.api('GET', `/message/conversation/${eve.userId}`, undefined, ana.token)).toMatchObject({
        status: 403,
        body: { error: "Vous ne pouvez discuter qu'avec vos amis." },
      });
      expect(
        (await t.api('POST', `/message/conversation/${eve.userId}/read`, undefined, ana.token)).status,
      ).toBe(403);
      expect((await t.api('GET', '/message/conversation/nope', undefined, ana.token)).status).toBe(404);
      expect((await t.api('GET', `/message/conversation/${eve.userId}`)).status).toBe(401);
    });

    it('sends over REST with the same rules, refuses game messages for now, and marks read', async () => {
      const [ana, bea, eve] = [await t.register(), await t.register(), await t.register()];
      await befriend(t, ana, bea);
      const beaEvents = recorder(await t.socket(bea.token));
      const sent = await t.api<Message>(
        'POST',
        '/message',
        { content: ' Hé ', receiverId: bea.userId, senderUserId: eve.userId },
        ana.token,
      );
      expect(sent).toMatchObject({
        status: 201,
        body: { content: 'Hé', senderId: ana.userId, receiverId: bea.userId },
      });
      await vi.waitFor(() => expect(beaEvents.named('newPrivateMessage')).toHaveLength(1));

      expect(
        await t.api('POST', '/message', { content: 'Hé', receiverId: eve.userId }, ana.token),
      ).toMatchObject({ status: 403 });
      expect(await t.api('POST', '/message', { content: 'Hé', gameId: 'ABC123' }, ana.token)).toMatchObject({
        status: 400,
        body: { error: 'Les messages de partie ne sont pas encore disponibles.' },
      });
      expect(await t.api('POST', '/message', { content: 'Hé' }, ana.token)).toMatchObject({
        status: 400,
        body: { error: 'Destinataire non précisé' },
      });

      expect(
        (await t.api('POST', `/message/conversation/${ana.userId}/read`, undefined, bea.token)).body,
      ).toEqual({
        message: 'Conversation marquée comme lue',
        count: 1,
      });
      expect(
        (await t.api<Array<{ unreadCount: number }>>('GET', '/users/friends', undefined, bea.token)).body[0]
          ?.unreadCount,
      ).toBe(0);
      const conversation = await t.api<{ messages: Message[] }>(
        'GET',
        `/message/conversation/${bea.userId}`,
        undefined,
        ana.token,
      );
      expect(conversation.body.messages[0]?.readAt).toEqual(expect.any(String));
    });
  });

  describe('presence', () => {
    it('tells friends only, counts several tabs once and goes offline with the last one', async () => {
      const [ana, bea, eve] = [await t.register(), await t.register(), await t.register()];
      await befriend(t, ana, bea);
      const anaEvents = recorder(await t.socket(ana.token));
      const eveEvents = recorder(await t.socket(eve.token));
      await befriend(t, eve, await t.register());

      const beaTab1 = await t.socket(bea.token);
      await vi.waitFor(() =>
        expect(anaEvents.named('userStatusChange')).toEqual([{ userId: bea.userId, isOnline: true }]),
      );
      const beaTab2 = await t.socket(bea.token);
      expect(await t.app.realtime.isOnline(bea.userId)).toBe(true);

      beaTab1.disconnect();
      await vi.waitFor(async () =>
        expect(await t.app.realtime.io.in(`user:${bea.userId}`).fetchSockets()).toHaveLength(1),
      );
      beaTab2.disconnect();
      await vi.waitFor(() =>
        expect(anaEvents.named('userStatusChange')).toEqual([
          { userId: bea.userId, isOnline: true },
          { userId: bea.userId, isOnline: false },
        ]),
      );
      expect(eveEvents.named('userStatusChange')).toEqual([]);
      expect(
        (await t.api<Array<{ isOnline: boolean }>>('GET', '/users/friends', undefined, ana.token)).body[0]
          ?.isOnline,
      ).toBe(false);
    });

    it('refuses a forged socket token', async () => {
      await expect(t.socket('forged.token.value')).rejects.toThrow('Session invalide ou expirée');
    });
  });
});
