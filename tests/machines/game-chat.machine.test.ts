import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise, SimulatedClock } from 'xstate';
import type { SkillName } from '../../src/domain/character/skills';
import { invalidCommandText } from '../../src/domain/dice/notation';
import { tableMessages } from '../../src/domain/table/messages';
import {
  gameChatMachine,
  mergeEntries,
  NOTICE_LIFETIME_MS,
  pendingText,
  voiceUnsupported,
  type ChatEntry,
  type GameChatFact,
  type GameChatInput,
  type SendAnswer,
  type SendGameMessageInput,
  whisperNamesInChat,
} from '../../src/machines/game-chat.machine';
import { whisperNamesMachine } from '../../src/machines/whisper-names.machine';
import { chatFailures } from '../../src/machines/private-chat.machine';
import { pendingCalls } from '../helpers/fake-effects';
import { settle, type Pending } from '../helpers/machine-model';

const me = 'u-ana';
const entry = (seq: number, userId: string | null = 'u-bob', message = `ligne ${seq}`): ChatEntry => ({
  seq,
  type: 'chat.posted',
  userId,
  createdAt: new Date(Date.UTC(2026, 0, 1, 10, seq)).toISOString(),
  payload: {
    playerName: 'Bob',
    senderId: 'c-bob',
    avatar: null,
    senderUserId: userId,
    message,
    type: 'normal',
  },
});

/** The chat on a simulated clock: loads answered by hand, sends recorded and answered by hand. */
async function openChat(input: Partial<GameChatInput> = {}) {
  const clock = new SimulatedClock();
  const facts = new Subject<GameChatFact>();
  const loads: Array<Pending<ChatEntry[]>> = [];
  const sends: Array<Pending<SendAnswer>> = [];
  const spoken: string[] = [];
  const effects: string[] = [];
  const actor = createActor(
    gameChatMachine.provide({
      actors: {
        'load messages': pendingCalls(loads),
        'load skill bonuses': fromPromise(async (): Promise<Partial<Record<SkillName, number>>> => ({
          athletisme: 3,
        })),
        'send game message': pendingCalls<SendAnswer, SendGameMessageInput>(sends),
        'listen to game chat': fromEventObservable(() => facts),
        'whisper names': whisperNamesInChat(
          whisperNamesMachine.provide({
            actors: { 'load character names': fromPromise(async () => ['Aelis', 'Élodie de Montfort']) },
          }),
        ),
      },
      actions: {
        'read aloud': (_, { text }) => spoken.push(text),
        'stop reading': () => effects.push('stop reading'),
        vibrate: () => effects.push('vibrate'),
      },
    }),
    {
      clock,
      input: {
        gameId: 'g-1',
        playerId: 'c-ana',
        role: 'player',
        userId: me,
        speechSupported: true,
        ...input,
      },
    },
  ).start();
  await settle();
  const context = () => actor.getSnapshot().context;
  const answerLoad = async (entries: ChatEntry[]) => {
    loads.at(-1)!.resolve(entries);
    await settle();
  };
  const say = async (text: string) => {
    actor.send({ type: 'chat.draft.change', text });
    actor.send({ type: 'chat.send' });
    await settle();
  };
  const hear = (event: ChatEntry) => facts.next({ type: 'chat.event.received', event });
  return { clock, facts, loads, sends, spoken, effects, actor, context, answerLoad, say, hear };
}

describe('game chat: history', () => {
  it('loads the newest page, then appends live lines once each, in seq order', async () => {
    const chat = await openChat();
    expect(chat.actor.getSnapshot().matches({ history: 'loading' })).toBe(true);
    expect(chat.loads[0]!.input).toEqual({ gameId: 'g-1', afterSeq: null });
    chat.hear(entry(5));
    await chat.answerLoad([entry(2), entry(5)]);
    expect(chat.actor.getSnapshot().matches({ history: 'ready' })).toBe(true);
    chat.hear(entry(5));
    chat.hear(entry(9));
    chat.hear(entry(7));
    expect(chat.context().entries.map((line) => line.seq)).toEqual([2, 5, 7, 9]);
  });

  it('catches up after a reconnection from the last seq it holds', async () => {
    const chat = await openChat();
    await chat.answerLoad([entry(3)]);
    chat.facts.next({ type: 'socket.reconnected' });
    expect(chat.actor.getSnapshot().matches({ history: 'catchingUp' })).toBe(true);
    expect(chat.loads[1]!.input).toEqual({ gameId: 'g-1', afterSeq: 3 });
    await chat.answerLoad([entry(4), entry(6)]);
    expect(chat.context().entries.map((line) => line.seq)).toEqual([3, 4, 6]);
    expect(chat.actor.getSnapshot().matches({ history: 'ready' })).toBe(true);
  });

  it('reads the newest page again when the game is taken over, dropping a line never logged', async () => {
    const chat = await openChat();
    await chat.answerLoad([entry(3), entry(4)]);
    // Said by an owner that died before logging it; the log's seq 5 is another event.
    chat.hear({ ...entry(5, 'u-bob', 'fantôme'), epoch: 1 });
    chat.facts.next({ type: 'table.resynced', epoch: 2 });
    expect(chat.actor.getSnapshot().matches({ history: 'resyncing' })).toBe(true);
    expect(chat.loads[1]!.input).toEqual({ gameId: 'g-1', afterSeq: null });
    // Said under the new owner while the page was read.
    chat.hear({ ...entry(7), epoch: 2 });
    await chat.answerLoad([entry(3), entry(4), { ...entry(6), epoch: 2 }]);
    expect(chat.actor.getSnapshot().matches({ history: 'ready' })).toBe(true);
    expect(chat.context().entries.map((line) => line.payload.message)).toEqual([
      'ligne 3',
      'ligne 4',
      'ligne 6',
      'ligne 7',
    ]);
  });

  it('shows a failed load and tries again on demand', async () => {
    const chat = await openChat();
    chat.loads[0]!.reject(new Error('réseau'));
    await settle();
    expect(chat.actor.getSnapshot().matches({ history: 'failed' })).toBe(true);
    expect(chat.context().loadError).toBe(chatFailures.load);
    chat.actor.send({ type: 'chat.reload' });
    await chat.answerLoad([entry(1)]);
    expect(chat.context().loadError).toBeNull();
    expect(chat.context().entries).toHaveLength(1);
  });

  it('merges overlapping pages without doubles', () => {
    expect(
      mergeEntries([entry(1), entry(3)], [entry(3), entry(2), entry(2)]).map((line) => line.seq),
    ).toEqual([1, 2, 3]);
  });
});

describe('game chat: sending', () => {
  it('shows a line at once, sends it with newMessage and lets its echo replace it', async () => {
    const chat = await openChat();
    await chat.answerLoad([]);
    await chat.say('  Bonjour  ');
    expect(chat.context().draft).toBe('');
    expect(chat.context().pending).toMatchObject([
      { id: 'pending-1', content: { kind: 'text', text: 'Bonjour' } },
    ]);
    expect(chat.sends[0]!.input).toEqual({
      gameId: 'g-1',
      playerId: 'c-ana',
      content: { kind: 'text', text: 'Bonjour' },
    });
    chat.sends[0]!.resolve({ ok: true });
    await settle();
    expect(chat.context().pending).toMatchObject([{ id: 'pending-1', accepted: true }]);
    chat.hear(entry(1, me, 'Bonjour'));
    expect(chat.context().pending).toEqual([]);
    expect(chat.actor.getSnapshot().children['pending-1']).toBeUndefined();
    expect(chat.context().entries).toHaveLength(1);
  });

  it('sends one line at a time, in the order typed', async () => {
    const chat = await openChat();
    await chat.say('Un');
    await chat.say('Deux');
    expect(chat.sends).toHaveLength(1);
    chat.sends[0]!.resolve({ ok: true });
    await settle();
    expect(chat.sends[1]!.input).toMatchObject({ content: { text: 'Deux' } });
  });

  it('shows the server refusal and drops the line', async () => {
    const chat = await openChat();
    await chat.say('/r 1d20');
    chat.sends[0]!.resolve({ ok: false, error: 'Refusé.' });
    await settle();
    expect(chat.context().pending).toEqual([]);
    expect(chat.context().alert).toBe('Refusé.');
    chat.actor.send({ type: 'chat.alert.dismiss' });
    expect(chat.context().alert).toBeNull();
  });

  it('keeps a line the server never answered, with its text, and sends it again on « Réessayer »', async () => {
    const chat = await openChat();
    await chat.say('Perdu');
    chat.sends[0]!.reject(new Error('Aucune connexion au serveur'));
    await settle();
    expect(chat.context().pending).toMatchObject([{ content: { text: 'Perdu' }, failed: true }]);
    expect(chat.context().alert).toBe(chatFailures.send);
    // A failed line is not sent on its own, and its 10 s are over.
    chat.clock.increment(20_000);
    expect(chat.sends).toHaveLength(1);
    expect(chat.context().pending).toHaveLength(1);
    chat.actor.send({ type: 'chat.retry', id: chat.context().pending[0]!.id });
    await settle();
    expect(chat.sends[1]!.input).toMatchObject({ content: { text: 'Perdu' } });
    chat.sends[1]!.resolve({ ok: true });
    await settle();
    chat.hear(entry(1, me, 'Perdu'));
    expect(chat.context().pending).toEqual([]);
  });

  it('keeps a line still unanswered after 10 s, and lets a failed line go', async () => {
    const chat = await openChat();
    await chat.say('Coupure');
    chat.clock.increment(10_000);
    expect(chat.context().pending).toMatchObject([{ content: { text: 'Coupure' }, failed: true }]);
    expect(chat.context().alert).toBe(chatFailures.send);
    chat.actor.send({ type: 'chat.discard', id: chat.context().pending[0]!.id });
    expect(chat.context().pending).toEqual([]);
  });

  it('takes away a failed line whose echo comes after all: the server had it', async () => {
    const chat = await openChat();
    await chat.answerLoad([]);
    await chat.say('En retard');
    chat.clock.increment(10_000);
    expect(chat.context().pending).toMatchObject([{ failed: true }]);
    chat.hear(entry(1, me, 'En retard'));
    expect(chat.context().pending).toEqual([]);
    expect(chat.context().entries.map((line) => line.payload.message)).toEqual(['En retard']);
  });

  it('lets the notice of a network cut leave after a while, the failed line kept for « Réessayer »', async () => {
    const chat = await openChat();
    await chat.say('Coupure');
    chat.sends[0]!.reject(new Error('Aucune connexion au serveur'));
    await settle();
    expect(chat.context().alert).toBe(chatFailures.send);
    chat.clock.increment(NOTICE_LIFETIME_MS);
    expect(chat.context().alert).toBeNull();
    expect(chat.context().pending).toMatchObject([{ content: { text: 'Coupure' }, failed: true }]);
  });

  it('clears a notice after a while, or at the next line accepted', async () => {
    const chat = await openChat();
    await chat.say('/danse');
    expect(chat.context().alert).toBe(invalidCommandText);
    chat.clock.increment(NOTICE_LIFETIME_MS - 1);
    expect(chat.context().alert).toBe(invalidCommandText);
    chat.clock.increment(1);
    expect(chat.context().alert).toBeNull();
    await chat.say('/danse');
    chat.clock.increment(NOTICE_LIFETIME_MS / 2);
    // A second notice starts its time over.
    await chat.say('/valse');
    chat.clock.increment(NOTICE_LIFETIME_MS / 2);
    expect(chat.context().alert).toBe(invalidCommandText);
    await chat.say('Bonjour');
    chat.sends[0]!.resolve({ ok: true });
    await settle();
    expect(chat.context().alert).toBeNull();
  });

  it('drops an accepted line whose echo never comes after 10 s', async () => {
    const chat = await openChat();
    await chat.say('Sans écho');
    chat.sends[0]!.resolve({ ok: true });
    await settle();
    chat.clock.increment(9_999);
    expect(chat.context().pending).toHaveLength(1);
    chat.clock.increment(1);
    expect(chat.context().pending).toEqual([]);
  });

  it('refuses here what the server would refuse', async () => {
    const chat = await openChat();
    await chat.say('   ');
    expect(chat.context().pending).toEqual([]);
    expect(chat.context().alert).toBeNull();
    await chat.say('/danse');
    expect(chat.context().alert).toBe(invalidCommandText);
    const nobody = await openChat({ playerId: null });
    await nobody.say('Salut');
    expect(nobody.context().alert).toBe(tableMessages.playerUnidentified);
    expect(nobody.sends).toEqual([]);
  });

  it('lets the MJ speak without a character', async () => {
    const chat = await openChat({ role: 'mj', playerId: null });
    await chat.say('Bienvenue');
    expect(chat.sends[0]!.input).toMatchObject({ playerId: null, content: { text: 'Bienvenue' } });
    expect(chat.actor.getSnapshot().matches({ skills: 'none' })).toBe(true);
  });

  it('rolls the dice form, or refuses it without a die type and a count', async () => {
    const chat = await openChat();
    chat.actor.send({ type: 'dice.form.submit', form: { sides: null, count: 2 } });
    expect(chat.context().alert).toBe('Veuillez sélectionner un type de dé et un nombre de dés !');
    chat.actor.send({
      type: 'dice.form.submit',
      form: { sides: 6, count: null, freeCount: '40', bonus: '-2' },
    });
    await settle();
    expect((chat.sends[0]!.input as SendGameMessageInput).content).toEqual({
      kind: 'roll',
      dice: { count: 20, sides: 6, bonus: -2 },
    });
  });

  it('rolls a skill with the character’s bonus, and sends a macro without touching the draft', async () => {
    const chat = await openChat();
    expect(chat.actor.getSnapshot().matches({ skills: 'ready' })).toBe(true);
    chat.actor.send({ type: 'chat.draft.change', text: 'brouillon' });
    chat.actor.send({ type: 'skill.roll', skill: 'athletisme', label: 'Athlétisme' });
    await settle();
    expect((chat.sends[0]!.input as SendGameMessageInput).content).toEqual({
      kind: 'roll',
      dice: { count: 1, sides: 20, bonus: 3 },
      label: 'Athlétisme',
    });
    chat.sends[0]!.resolve({ ok: true });
    chat.actor.send({ type: 'chat.say', text: '/r 2d6', label: 'Boule de feu' });
    await settle();
    expect((chat.sends[1]!.input as SendGameMessageInput).content).toEqual({
      kind: 'text',
      text: '/r 2d6',
      label: 'Boule de feu',
    });
    expect(chat.context().pending.map((line) => pendingText(line.content))).toContain(
      'Boule de feu — /r 2d6',
    );
    expect(chat.context().draft).toBe('brouillon');
  });

  it('rolls the form and the skills out of sight in the mode chosen, until made public again', async () => {
    const chat = await openChat();
    expect(chat.context().rollMode).toBeNull();
    chat.actor.send({ type: 'rollMode.change', mode: 'secret' });
    chat.actor.send({ type: 'dice.form.submit', form: { sides: 20, count: 1 } });
    await settle();
    expect((chat.sends[0]!.input as SendGameMessageInput).content).toEqual({
      kind: 'roll',
      dice: { count: 1, sides: 20, bonus: 0 },
      mode: 'secret',
    });
    chat.sends[0]!.resolve({ ok: true });
    chat.actor.send({ type: 'rollMode.change', mode: 'blind' });
    chat.actor.send({ type: 'skill.roll', skill: 'athletisme', label: 'Athlétisme' });
    await settle();
    expect((chat.sends[1]!.input as SendGameMessageInput).content).toMatchObject({ mode: 'blind' });
    chat.sends[1]!.resolve({ ok: true });
    chat.actor.send({ type: 'rollMode.change', mode: null });
    chat.actor.send({ type: 'dice.form.submit', form: { sides: 6, count: 2 } });
    await settle();
    expect((chat.sends[2]!.input as SendGameMessageInput).content).not.toHaveProperty('mode');
    expect(chat.context().rollMode).toBeNull();
  });

  it('sends the mode with a macro or a typed line that rolls, and not with one that speaks', async () => {
    const chat = await openChat();
    chat.actor.send({ type: 'rollMode.change', mode: 'secret' });
    chat.actor.send({ type: 'chat.say', text: '/r 1d20+5', label: 'Initiative' });
    await settle();
    expect((chat.sends[0]!.input as SendGameMessageInput).content).toEqual({
      kind: 'text',
      text: '/r 1d20+5',
      label: 'Initiative',
      mode: 'secret',
    });
    chat.sends[0]!.resolve({ ok: true });
    await chat.say('Bonjour');
    expect((chat.sends[1]!.input as SendGameMessageInput).content).toEqual({ kind: 'text', text: 'Bonjour' });
  });
});

describe('game chat: input, panel and voice', () => {
  it('refuses text past 250 characters and shakes for 300 ms', async () => {
    const chat = await openChat();
    chat.actor.send({ type: 'chat.draft.change', text: 'a'.repeat(250) });
    chat.actor.send({ type: 'chat.draft.change', text: 'a'.repeat(251) });
    expect(chat.context().draft).toHaveLength(250);
    expect(chat.actor.getSnapshot().matches({ input: 'shaking' })).toBe(true);
    expect(chat.effects).toEqual(['vibrate']);
    chat.clock.increment(299);
    expect(chat.actor.getSnapshot().matches({ input: 'shaking' })).toBe(true);
    chat.clock.increment(1);
    expect(chat.actor.getSnapshot().matches({ input: 'steady' })).toBe(true);
  });

  it('reads aloud the new lines of others while the voice is on', async () => {
    const chat = await openChat();
    await chat.answerLoad([]);
    chat.hear(entry(1));
    chat.actor.send({ type: 'voice.toggle' });
    chat.hear(entry(2, 'u-bob', 'Attention'));
    chat.hear(entry(2, 'u-bob', 'Attention'));
    chat.hear(entry(3, me, 'moi'));
    chat.actor.send({ type: 'voice.toggle' });
    chat.hear(entry(4));
    expect(chat.spoken).toEqual(['Attention']);
    expect(chat.effects).toEqual(['stop reading']);
  });

  it('says so when the browser cannot speak', async () => {
    const chat = await openChat({ speechSupported: false });
    chat.actor.send({ type: 'voice.toggle' });
    expect(chat.context().voice).toBe(false);
    expect(chat.context().alert).toBe(voiceUnsupported);
  });

  it('collapses and opens the panel', async () => {
    const chat = await openChat();
    chat.actor.send({ type: 'panel.toggle' });
    expect(chat.context().collapsed).toBe(true);
    chat.actor.send({ type: 'panel.toggle' });
    expect(chat.context().collapsed).toBe(false);
  });
});

describe('game chat: names offered after /w', () => {
  it('offers the names as the draft begins one, completes the draft with the chosen one, and closes as it is sent', async () => {
    const chat = await openChat();
    const names = () => chat.actor.getSnapshot().children.whisperNames!.getSnapshot();
    chat.actor.send({ type: 'chat.draft.change', text: '/w élo' });
    expect(names().context.offered).toEqual(['Élodie de Montfort']);
    chat.actor.getSnapshot().children.whisperNames!.send({ type: 'names.choose' });
    expect(chat.context().draft).toBe('/w "Élodie de Montfort" ');
    expect(names().value).toBe('closed');
    chat.actor.send({ type: 'chat.draft.change', text: '/w ' });
    expect(names().value).toBe('open');
    chat.actor.send({ type: 'chat.send' });
    expect(names().value).toBe('closed');
  });
});
