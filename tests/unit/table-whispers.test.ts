import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseChatLine } from '../../src/domain/dice/notation';
import {
  chatAudienceMessages,
  completedWhisper,
  resolveWhisper,
  whisperNameQuery,
  whisperNamesOffered,
} from '../../src/domain/table/chat-audience';
import { decide, type TableCommand } from '../../src/domain/table/decide';
import type { ChatMessage, TableActor, TableEvent, TableEventBody } from '../../src/domain/table/types';
import { emptyTable } from '../../src/domain/table/reducer';
import { lineAs, projectEvent } from '../../src/domain/table/visibility';
import { admin, ana, bob, envOf, mj, speakerOf } from './table-fixtures';

/** The characters of the game the server hands `decide` for a whisper; Cid is nobody's here. */
const recipients = [
  { name: 'c-ana', characterId: 'c-ana' },
  { name: 'c-bob', characterId: 'c-bob' },
  { name: 'Élodie de Montfort', characterId: 'c-elo' },
  { name: 'Élodie', characterId: 'c-elo2' },
  { name: 'Cid', characterId: 'c-cid1' },
  { name: 'cid', characterId: 'c-cid2' },
];
const cara: TableActor = { userId: 'u-cara', role: 'player', characterIds: ['c-cara'] };

function outcome(command: TableCommand, actor: TableActor): string | TableEventBody[] {
  const decision = decide(emptyTable, command, actor, envOf(3));
  return 'refusal' in decision ? decision.refusal : decision.events;
}

const say = (text: string, actor: TableActor) =>
  outcome({ type: 'chat.send', text, speaker: speakerOf(actor), recipients }, actor);

/** The one line a command writes, as logged. */
function logged(events: string | TableEventBody[]): TableEvent {
  if (typeof events === 'string') throw new Error(`refused: ${events}`);
  const [body] = events;
  return { ...body!, seq: 7, userId: 'u-x', createdAt: '2026-01-01T10:00:00.000Z' } as TableEvent;
}

const received = (event: TableEvent, actor: TableActor) => projectEvent(event, emptyTable, emptyTable, actor);

describe('chat commands for whispers and rolls out of sight', () => {
  it.each([
    ['/w Aria salut', 'Aria salut'],
    ['/W "Nom composé" chut', '"Nom composé" chut'],
    ['/whisper MJ à toi', 'MJ à toi'],
    ['/w', ''],
  ])('%s is a whisper', (line, rest) => {
    expect(parseChatLine(line)).toEqual({ kind: 'whisper', rest });
  });

  it.each([
    ['/rs 1d20+2', 'secret'],
    ['/gmr d20', 'secret'],
    ['/gmroll 2d6', 'secret'],
    ['/ra 1d20-1', 'blind'],
    ['/br 1d100', 'blind'],
    ['/blindroll 3d4', 'blind'],
  ])('%s rolls %s', (line, mode) => {
    expect(parseChatLine(line)).toMatchObject({ kind: 'roll', mode });
  });

  it('keeps /r public and names every command in the help', () => {
    expect(parseChatLine('/r 1d20')).toEqual({ kind: 'roll', dice: { count: 1, sides: 20, bonus: 0 } });
    expect(parseChatLine('/rs')).toEqual({
      kind: 'invalid',
      error: expect.stringMatching(/\/rs XdY±Z.*\/ra XdY±Z.*\/w Nom message/),
    });
    expect(parseChatLine('/wx Aria')).toMatchObject({ kind: 'invalid' });
  });
});

describe('whom a whisper reaches', () => {
  it('takes the longest name the line begins with, whatever its case or accents', () => {
    expect(resolveWhisper('élodie DE montfort on y va', recipients)).toEqual({
      to: { name: 'Élodie de Montfort', characterId: 'c-elo' },
      text: 'on y va',
    });
    expect(resolveWhisper('Elodie on y va', recipients)).toEqual({
      to: { name: 'Élodie', characterId: 'c-elo2' },
      text: 'on y va',
    });
  });

  it('reads a quoted name, with straight quotes or guillemets', () => {
    expect(resolveWhisper('"Élodie de Montfort" vite', recipients)).toMatchObject({
      to: { characterId: 'c-elo' },
      text: 'vite',
    });
    expect(resolveWhisper('« Élodie » vite', recipients)).toMatchObject({
      to: { characterId: 'c-elo2' },
      text: 'vite',
    });
  });

  it('reaches the MJ by « MJ »', () => {
    expect(resolveWhisper('mj je triche', recipients)).toEqual({
      to: { name: 'MJ', characterId: null },
      text: 'je triche',
    });
  });

  it('refuses an unknown name, a name two characters bear and a whisper with no words, in French', () => {
    expect(resolveWhisper('Borin salut', recipients)).toEqual({
      refusal: chatAudienceMessages.unknownRecipient('Borin'),
    });
    expect(chatAudienceMessages.unknownRecipient('Borin')).toBe(
      'Personne ne s’appelle «\u00a0Borin\u00a0» dans cette partie\u00a0: murmurez à un personnage ou au MJ (/w MJ message).',
    );
    expect(resolveWhisper('"Bo rin" salut', recipients)).toEqual({
      refusal: chatAudienceMessages.unknownRecipient('Bo rin'),
    });
    expect(resolveWhisper('Cid salut', recipients)).toEqual({
      refusal: chatAudienceMessages.ambiguousRecipient('Cid'),
    });
    expect(resolveWhisper('c-ana   ', recipients)).toEqual({ refusal: chatAudienceMessages.whisperFormat });
    expect(resolveWhisper('', recipients)).toEqual({ refusal: chatAudienceMessages.whisperFormat });
    expect(resolveWhisper('"c-ana salut', recipients)).toEqual({
      refusal: chatAudienceMessages.whisperFormat,
    });
  });
});

describe('the names offered as a whisper is typed', () => {
  const names = recipients.map(({ name }) => name);

  it('reads the name begun after /w, until it is closed by a quote', () => {
    expect(whisperNameQuery('/w ')).toBe('');
    expect(whisperNameQuery('/W élo')).toBe('élo');
    expect(whisperNameQuery('/whisper Élodie de')).toBe('Élodie de');
    expect(whisperNameQuery('/w «\u00a0Élo')).toBe('Élo');
    expect(whisperNameQuery('/w "Élo')).toBe('Élo');
    expect(whisperNameQuery('/w "Élodie" bonjour')).toBeNull();
    expect(whisperNameQuery('/w')).toBeNull();
    expect(whisperNameQuery('/wx ana')).toBeNull();
    expect(whisperNameQuery('bonjour /w ana')).toBeNull();
  });

  it('offers the names the server accepts that begin as typed, without case or accents, « MJ » first', () => {
    expect(whisperNamesOffered('elo', names)).toEqual(['Élodie', 'Élodie de Montfort']);
    expect(whisperNamesOffered('ÉLODIE D', names)).toEqual(['Élodie de Montfort']);
    expect(whisperNamesOffered('m', names)).toEqual(['MJ']);
    // Two characters bear « Cid »: a whisper to them is refused, so the name is not offered.
    expect(whisperNamesOffered('ci', names)).toEqual([]);
    expect(whisperNamesOffered('', names)).toEqual(['MJ', 'c-ana', 'c-bob', 'Élodie', 'Élodie de Montfort']);
    expect(whisperNamesOffered('zoé', names)).toEqual([]);
  });

  it('completes the command with the name, quoted when it has spaces', () => {
    expect(completedWhisper('/W élo', 'Élodie')).toBe('/W Élodie ');
    expect(completedWhisper('/whisper «\u00a0élodie d', 'Élodie de Montfort')).toBe(
      '/whisper "Élodie de Montfort" ',
    );
  });

  it('completes every name so that the whisper reaches it', () => {
    const unique = ['MJ', 'c-ana', 'Élodie de Montfort', 'Élodie'];
    fc.assert(
      fc.property(fc.constantFrom(...unique), fc.nat(), (name, cut) => {
        const draft = `/w ${name.slice(0, cut % (name.length + 1))}`;
        const query = whisperNameQuery(draft)!;
        expect(whisperNamesOffered(query, names)).toContain(name);
        const whisper = resolveWhisper(`${completedWhisper(draft, name).slice(3)}bonjour`, recipients);
        expect(whisper).toMatchObject({ to: { name }, text: 'bonjour' });
      }),
    );
  });
});

describe('a whisper at the table', () => {
  const whisper = logged(say('/w c-bob rendez-vous à minuit', ana));

  it('is logged for the managers and the recipient, naming whom it was whispered to', () => {
    expect(whisper).toMatchObject({
      type: 'chat.posted',
      payload: {
        playerName: 'c-ana',
        senderUserId: 'u-ana',
        message: 'rendez-vous à minuit',
        type: 'normal',
        audience: 'managers',
        reader: 'c-bob',
        whisperTo: 'c-bob',
      },
    });
  });

  it('reaches its sender, its recipient, the MJ and an admin, and arrives redacted to anyone else', () => {
    for (const actor of [ana, bob, mj, admin]) expect(received(whisper, actor)).toBe(whisper);
    expect(received(whisper, cara)).toEqual({
      type: 'redacted',
      payload: {},
      seq: 7,
      userId: null,
      createdAt: whisper.createdAt,
    });
  });

  it('to the MJ reaches the MJ and its sender alone', () => {
    const toMaster = logged(say('/w MJ je suis un espion', ana));
    expect(toMaster.payload).toMatchObject({ audience: 'managers', whisperTo: 'MJ' });
    expect(toMaster.payload).not.toHaveProperty('reader');
    expect(received(toMaster, ana)).toBe(toMaster);
    expect(received(toMaster, mj)).toBe(toMaster);
    expect(received(toMaster, bob).type).toBe('redacted');
  });

  it('is refused, nothing written, when nobody bears the name', () => {
    expect(say('/w Borin salut', ana)).toBe(chatAudienceMessages.unknownRecipient('Borin'));
    expect(say('/w', ana)).toBe(chatAudienceMessages.whisperFormat);
  });
});

describe('rolls out of sight', () => {
  const secret = logged(say('/rs 1d20+4', ana));
  const blind = logged(
    outcome(
      {
        type: 'dice.roll',
        dice: { count: 1, sides: 20, bonus: 2 },
        label: 'Perception',
        mode: 'blind',
        speaker: speakerOf(ana),
      },
      ana,
    ),
  );
  const payloadOf = (event: TableEvent) => event.payload as ChatMessage;

  it('are logged whole, with their mode', () => {
    expect(secret.payload).toMatchObject({ rollMode: 'secret', roll: { sides: 20, bonus: 4 } });
    expect(blind.payload).toMatchObject({ rollMode: 'blind', label: 'Perception', roll: { bonus: 2 } });
  });

  it('a secret roll: its roller and the managers read it; the others « jet secret », no dice, no total', () => {
    for (const actor of [ana, mj, admin]) expect(received(secret, actor)).toBe(secret);
    const seen = received(secret, bob);
    expect(seen.type).toBe('dice.rolled');
    expect(payloadOf(seen)).toEqual({
      playerName: 'c-ana',
      senderId: 'c-ana',
      avatar: null,
      senderUserId: 'u-ana',
      message: 'jet secret',
      type: 'diceRoll',
      rollMode: 'secret',
    });
  });

  it('a blind roll: the managers alone read its result, its roller knows only that they rolled', () => {
    for (const actor of [mj, admin]) expect(received(blind, actor)).toBe(blind);
    expect(payloadOf(received(blind, ana))).toEqual({
      playerName: 'c-ana',
      senderId: 'c-ana',
      avatar: null,
      senderUserId: 'u-ana',
      message: chatAudienceMessages.blindRoll,
      type: 'diceRoll',
      rollMode: 'blind',
      label: 'Perception',
    });
    expect(payloadOf(received(blind, bob))).toEqual({
      ...payloadOf(received(secret, bob)),
      rollMode: 'blind',
    });
  });

  it('no copy but the readers’ holds a die, a total or a critical', () => {
    for (const event of [secret, blind]) {
      for (const actor of [ana, bob, cara]) {
        const line = lineAs(actor, payloadOf(event));
        if (line === payloadOf(event)) continue;
        expect(JSON.stringify(line)).not.toMatch(/roll"|total|\[\d|Critical|= \d/);
      }
    }
  });

  it('a typed or macro roll takes the mode chosen beside the dice, unless it names its own', () => {
    const typed = (text: string, mode: 'secret' | 'blind') =>
      logged(outcome({ type: 'chat.send', text, speaker: speakerOf(ana), mode }, ana)).payload;
    expect(typed('/r 1d20', 'secret')).toMatchObject({ rollMode: 'secret', roll: { sides: 20 } });
    expect(typed('/ar 1d10+5 Coup (FOR)', 'blind')).toMatchObject({ rollMode: 'blind' });
    expect(typed('/ra 1d20', 'secret')).toMatchObject({ rollMode: 'blind' });
    expect(typed('Bonjour', 'secret')).not.toHaveProperty('rollMode');
  });

  it('a critical hidden from a reader reads as any roll', () => {
    const critical = { ...payloadOf(secret), type: 'diceRollCriticalSuccess' as const };
    expect(lineAs(bob, critical)?.type).toBe('diceRoll');
  });
});

describe('every copy of a session of whispers and hidden rolls', () => {
  const cast = [mj, admin, ana, bob, cara];
  const owners: Record<string, TableActor> = { 'c-ana': ana, 'c-bob': bob, 'c-cara': cara };
  const line = fc.record({
    actor: fc.constantFrom(...cast),
    text: fc.constantFrom(
      'Bonjour',
      '/w c-ana psst',
      '/w c-bob psst',
      '/w c-cara psst',
      '/w MJ psst',
      '/rs 1d20+1',
      '/ra 1d20+1',
      '/r 1d20',
    ),
  });

  /** Who may read the whole line, reckoned from the command alone rather than from the line. */
  function entitled(actor: TableActor, sender: TableActor, text: string): boolean {
    if (actor === mj || actor === admin || !text.startsWith('/')) return true;
    if (text.startsWith('/w')) {
      const to = text.split(' ')[1]!;
      return actor === sender || owners[to] === actor;
    }
    if (text.startsWith('/ra')) return false;
    if (text.startsWith('/rs')) return actor === sender;
    return true;
  }

  it('holds a line whole for its readers alone, and nothing of it otherwise', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (session) => {
        const characters = [...recipients, { name: 'c-cara', characterId: 'c-cara' }];
        session.forEach(({ actor, text }, index) => {
          const event = logged(
            outcome({ type: 'chat.send', text, speaker: speakerOf(actor), recipients: characters }, actor),
          );
          for (const reader of cast) {
            const copy = received({ ...event, seq: index + 1 }, reader);
            if (entitled(reader, actor, text)) {
              expect(copy.payload).toEqual(event.payload);
              continue;
            }
            expect(copy.payload).not.toHaveProperty('roll');
            expect(JSON.stringify(copy)).not.toContain('psst');
          }
        });
      }),
    );
  });
});
