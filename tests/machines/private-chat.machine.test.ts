import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise, SimulatedClock } from 'xstate';
import type { ConversationResponse, Message } from '../../src/api/schemas/messages';
import {
  chatFailures,
  privateChatMachine,
  type ChatFact,
  type SendPrivateMessageInput,
} from '../../src/machines/private-chat.machine';
import { settle } from '../helpers/machine-model';

const me = { id: 'u-ana', displayName: 'Ana' };
const friend = { id: 'u-bea', display_name: 'Bea', username: 'Bea', isOnline: true };

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 10, 0, seconds)).toISOString();
const line = (overrides: Partial<Message>): Message => ({
  id: 'm-1',
  content: 'Salut',
  type: 'private',
  gameId: null,
  senderId: friend.id,
  receiverId: me.id,
  senderName: 'Bea',
  createdAt: at(0),
  readAt: null,
  isSystemMessage: false,
  ...overrides,
});

/** The chat on a simulated clock, its socket a subject, its sends recorded (or refused). */
async function openChat({ history = [] as Message[], socketOpen = true } = {}) {
  const clock = new SimulatedClock();
  const facts = new Subject<ChatFact>();
  const sent: SendPrivateMessageInput[] = [];
  const reads: string[] = [];
  const actor = createActor(
    privateChatMachine.provide({
      actors: {
        'load conversation': fromPromise(async (): Promise<ConversationResponse> => ({
          messages: history,
          friend,
        })),
        'mark conversation read': fromPromise(async ({ input }: { input: { friendId: string } }) => {
          reads.push(input.friendId);
        }),
        'send private message': fromPromise(async ({ input }: { input: SendPrivateMessageInput }) => {
          if (!socketOpen) throw new Error('Aucune connexion au serveur');
          sent.push(input);
        }),
        'listen to chat events': fromEventObservable(() => facts),
      },
    }),
    { clock, input: { friendId: friend.id, me } },
  ).start();
  await settle();
  const context = () => actor.getSnapshot().context;
  const send = async (content: string) => {
    actor.send({ type: 'chat.send', content });
    await settle();
  };
  const echo = (input: SendPrivateMessageInput, id: string, seconds: number) =>
    facts.next({
      type: 'message.received',
      message: line({
        id,
        content: input.content,
        senderId: me.id,
        receiverId: friend.id,
        senderName: 'Ana',
        createdAt: at(seconds),
        clientId: input.clientId,
      }),
    });
  return { clock, facts, sent, reads, actor, context, send, echo };
}

describe('private chat', () => {
  it('loads the conversation with the friend and marks it read on open', async () => {
    const chat = await openChat({ history: [line({})] });
    expect(chat.actor.getSnapshot().matches({ conversation: { ready: 'idle' } })).toBe(true);
    expect(chat.context().friend).toEqual(friend);
    expect(chat.context().messages).toHaveLength(1);
    expect(chat.reads).toEqual([friend.id]);
  });

  it('shows a sent message at once as pending, then confirmed by the socket event', async () => {
    const chat = await openChat();
    await chat.send('  Bonjour  ');
    expect(chat.context().pending).toEqual([
      { id: 'pending-1', content: 'Bonjour', senderId: me.id, senderName: 'Ana' },
    ]);
    expect(chat.actor.getSnapshot().children['pending-1']).toBeDefined();
    expect(chat.sent).toEqual([{ receiverId: friend.id, content: 'Bonjour', clientId: 'pending-1' }]);

    chat.echo(chat.sent[0]!, 'm-10', 1);
    expect(chat.context().pending).toEqual([]);
    expect(chat.actor.getSnapshot().children['pending-1']).toBeUndefined();
    expect(chat.context().messages.map((message) => message.id)).toEqual(['m-10']);
    chat.clock.increment(20_000);
    expect(chat.context().messages.map((message) => message.id)).toEqual(['m-10']);
  });

  it('removes a message left unconfirmed after 10 s, and only then', async () => {
    const chat = await openChat();
    await chat.send('Perdu');
    chat.clock.increment(9_999);
    expect(chat.context().pending).toHaveLength(1);
    chat.clock.increment(1);
    expect(chat.context().pending).toEqual([]);
    expect(chat.context().messages).toEqual([]);
  });

  it('gives every pending message its own actor and its own 10 s', async () => {
    const chat = await openChat();
    await chat.send('Un');
    chat.clock.increment(5_000);
    await chat.send('Deux');
    expect(chat.context().pending.map((message) => message.id)).toEqual(['pending-1', 'pending-2']);
    chat.clock.increment(5_000);
    expect(chat.context().pending.map((message) => message.id)).toEqual(['pending-2']);
    chat.clock.increment(5_000);
    expect(chat.context().pending).toEqual([]);
  });

  it('ignores blank messages and the same text sent again within 2 s', async () => {
    const chat = await openChat();
    await chat.send('   ');
    expect(chat.context().pending).toEqual([]);
    await chat.send('Encore');
    await chat.send(' Encore ');
    chat.clock.increment(1_999);
    await chat.send('Encore');
    expect(chat.sent).toHaveLength(1);
    chat.clock.increment(1);
    await chat.send('Encore');
    expect(chat.sent).toHaveLength(2);
  });

  it('shows a message once when it arrives twice: same id, or same content and sender within 2 s', async () => {
    const chat = await openChat();
    chat.facts.next({ type: 'message.received', message: line({ id: 'm-1', createdAt: at(0) }) });
    chat.facts.next({ type: 'message.received', message: line({ id: 'm-1', createdAt: at(0) }) });
    chat.facts.next({ type: 'message.received', message: line({ id: 'm-2', createdAt: at(1) }) });
    expect(chat.context().messages.map((message) => message.id)).toEqual(['m-1']);
    chat.facts.next({ type: 'message.received', message: line({ id: 'm-3', createdAt: at(2) }) });
    expect(chat.context().messages.map((message) => message.id)).toEqual(['m-1', 'm-3']);
    // Whatever the friend sends while the window is open is marked read as it arrives.
    expect(chat.reads).toEqual(Array(5).fill(friend.id));
  });

  it('holds the friend’s latest line for the live region, never the history nor one’s own', async () => {
    const chat = await openChat({ history: [line({ id: 'm-0' })] });
    expect(chat.context().heard).toBeNull();
    chat.facts.next({ type: 'message.received', message: line({ id: 'm-1', createdAt: at(0) }) });
    expect(chat.context().heard?.id).toBe('m-1');
    await chat.send('Réponse');
    chat.echo(chat.sent[0]!, 'm-2', 1);
    expect(chat.context().heard?.id).toBe('m-1');
  });

  it('keeps messages of other conversations out', async () => {
    const chat = await openChat();
    chat.facts.next({ type: 'message.received', message: line({ id: 'm-9', senderId: 'u-eve' }) });
    expect(chat.context().messages).toEqual([]);
  });

  it('alerts a send failure and a socket refusal, and follows the friend status', async () => {
    const chat = await openChat({ socketOpen: false });
    await chat.send('Allô');
    expect(chat.context().alert).toBe(chatFailures.send);
    expect(chat.context().alert).toBe("Erreur lors de l'envoi du message");
    expect(chat.context().pending).toEqual([]);
    chat.actor.send({ type: 'chat.alert.dismiss' });
    chat.facts.next({ type: 'message.refused', error: "Vous ne pouvez discuter qu'avec vos amis." });
    expect(chat.context().alert).toBe("Vous ne pouvez discuter qu'avec vos amis.");
    chat.facts.next({ type: 'friend.status.changed', userId: friend.id, isOnline: false });
    expect(chat.context().friend?.isOnline).toBe(false);
    chat.facts.next({ type: 'friend.status.changed', userId: 'u-eve', isOnline: true });
    expect(chat.context().friend?.isOnline).toBe(false);
  });
});
