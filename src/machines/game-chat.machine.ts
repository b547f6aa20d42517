import { and, assign, enqueueActions, not, sendParent, setup, spawnChild, stopChild } from 'xstate';
import type { NewMessagePayload } from '../api/schemas/table';
import type { SkillName } from '../domain/character/skills';
import {
  formatDice,
  invalidCommandText,
  isDieSides,
  parseChatLine,
  readDiceForm,
  type DiceForm,
  type RollMode,
} from '../domain/dice/notation';
import { MESSAGE_MAX_LENGTH, tableMessages } from '../domain/table/messages';
import type { TableEvent, TableRole } from '../domain/table/types';
import { failureText } from './failure-text';
import { pendingMessageMachine, type PendingExpired } from './pending-message.machine';
import { chatFailures } from './private-chat.machine';
import { unprovidedEvents, unprovidedPromise } from './unprovided';
import { whisperNamesMachine, type WhisperCompleted, type WhisperNamesEvent } from './whisper-names.machine';

/** A line of the game chat as the log holds it: `chat.posted`, `chat.system` or `dice.rolled`. */
export type ChatEntry = Extract<TableEvent, { type: 'chat.posted' | 'chat.system' | 'dice.rolled' }>;

export type ChatContent = NewMessagePayload['content'];

/**
 * A line on its way: shown at once; its actor (same id) watches the 10 s. An accepted line without
 * an echo by then is dropped (the log has it); one the server never answered is kept, failed.
 */
export interface GamePendingMessage {
  id: string;
  content: ChatContent;
  /** Answered `{ ok: true }` by the server: only the echo is still to come. */
  accepted: boolean;
  /** Never reached the server (no socket, no answer): kept with its text until sent again or let go. */
  failed: boolean;
}

/** How long a notice stays in the chat unless a line is sent or it is closed first. */
export const NOTICE_LIFETIME_MS = 8_000;

/** table.md §5 "Voice reading". */
export const voiceUnsupported = "La lecture vocale n'est pas supportée par votre navigateur.";

/** The server's answer to `newMessage` (`socketAck`). */
export type SendAnswer = { ok: true } | { ok: false; error: string };

export interface SendGameMessageInput {
  gameId: string;
  playerId: string | null;
  content: ChatContent;
}

/** Socket facts for the game chat, filtered and parsed by the effect. */
export type GameChatFact =
  | { type: 'chat.event.received'; event: ChatEntry }
  /** The socket connected again: what was said meanwhile is fetched. */
  | { type: 'socket.reconnected' }
  /**
   * A process took the game over from an owner that died (`tableResync`, docs/live-table.md "Taking
   * over"): lines it said and never logged may be shown; the newest page is read again.
   */
  | { type: 'table.resynced'; epoch: number };

export type GameChatEvent =
  | { type: 'chat.draft.change'; text: string }
  /** Enter: the draft is sent (a command when it starts with a slash). */
  | { type: 'chat.send' }
  /** A line sent without touching the draft: a macro's content, its title naming its roll. */
  | { type: 'chat.say'; text: string; label?: string }
  | { type: 'dice.form.submit'; form: DiceForm }
  | { type: 'skill.roll'; skill: SkillName; label: string }
  /** « Jet public / secret / à l’aveugle »: how the form and the skills roll from now on (null: public). */
  | { type: 'rollMode.change'; mode: RollMode | null }
  | { type: 'chat.alert.dismiss' }
  /** A failed line sent again, or let go. */
  | { type: 'chat.retry'; id: string }
  | { type: 'chat.discard'; id: string }
  /** Internal: a notice was shown, and its lifetime starts over. */
  | { type: 'notice.shown' }
  | { type: 'chat.reload' }
  | { type: 'panel.toggle' }
  | { type: 'voice.toggle' }
  | GameChatFact
  | PendingExpired;

export interface GameChatInput {
  gameId: string;
  /** The character a player speaks as; null for the MJ and an admin (or an unidentified player). */
  playerId: string | null;
  role: TableRole;
  /** The signed-in user: their own lines come back as echoes that confirm the pending ones. */
  userId: string;
  speechSupported: boolean;
}

export interface GameChatContext extends GameChatInput {
  /** In seq order, each seq once. */
  entries: ChatEntry[];
  pending: GamePendingMessage[];
  /** Numbers the pending ids: 'pending-1', 'pending-2', … */
  sentCount: number;
  /** The pending line whose `newMessage` awaits its ack. */
  sendingId: string | null;
  draft: string;
  alert: string | null;
  loadError: string | null;
  collapsed: boolean;
  voice: boolean;
  /** A player's skill bonuses, for the skill rolls; null until loaded (and for the MJ). */
  skillBonuses: Partial<Record<SkillName, number>> | null;
  /** The epoch of the last takeover heard: lines of earlier owners past the log's page go. */
  resyncEpoch: number;
  /** How rolls go that name no mode of their own (the form, the skills, /r, a macro): null in the open. */
  rollMode: RollMode | null;
}

const lastSeqOf = (entries: ChatEntry[]): number | null => entries.at(-1)?.seq ?? null;

/** Both lists in seq order, each seq once: history pages, catch-ups and live events overlap. */
export function mergeEntries(known: ChatEntry[], incoming: ChatEntry[]): ChatEntry[] {
  const seen = new Set(known.map((entry) => entry.seq));
  const fresh = incoming.filter((entry) => !seen.has(entry.seq) && seen.add(entry.seq));
  if (fresh.length === 0) return known;
  return [...known, ...fresh].sort((a, b) => a.seq - b.seq);
}

/**
 * The lines after a takeover: the newest page as the log holds it, the lines before it, and those
 * said since under the new owner; a line of the owner that died after the page is dropped.
 */
export function resyncedEntries(known: ChatEntry[], page: ChatEntry[], epoch: number): ChatEntry[] {
  const first = page[0]?.seq ?? Number.POSITIVE_INFINITY;
  const last = page.at(-1)?.seq ?? 0;
  return [
    ...known.filter((entry) => entry.seq < first),
    ...page,
    ...known.filter((entry) => entry.seq > last && (entry.epoch ?? 0) >= epoch),
  ];
}

/** What a pending line shows until its echo arrives. */
export function pendingText(content: ChatContent): string {
  const said = content.kind === 'text' ? content.text : formatDice(content.dice);
  return content.label ? `${content.label} — ${said}` : said;
}

/** A line as voice reading says it: its label first, as the chat shows it. */
export const spokenText = ({ label, message }: ChatEntry['payload']): string =>
  label ? `${label} — ${message}` : message;

type Outgoing = { content: ChatContent } | { refusal: string } | null;

/** What a typed line becomes: nothing when blank, a refusal the server would give, or a line to send. */
function outgoingLine(context: GameChatContext, text: string, label?: string): Outgoing {
  if (text.trim() === '') return null;
  if (context.role === 'player' && context.playerId === null)
    return { refusal: tableMessages.playerUnidentified };
  if (text.length > MESSAGE_MAX_LENGTH) return { refusal: tableMessages.messageTooLong };
  const kind = parseChatLine(text).kind;
  if (kind === 'invalid') return { refusal: invalidCommandText };
  // A roll that names no mode of its own (/r, /ar, a macro's) takes the one chosen beside the dice.
  const rolls = (kind === 'roll' || kind === 'attackRoll') && context.rollMode !== null;
  return {
    content: {
      kind: 'text',
      text: text.trim(),
      ...(label ? { label } : {}),
      ...(rolls ? { mode: context.rollMode } : {}),
    },
  };
}

function outgoingRoll(context: GameChatContext, event: GameChatEvent): Outgoing {
  if (context.role === 'player' && context.playerId === null)
    return { refusal: tableMessages.playerUnidentified };
  const mode = context.rollMode === null ? {} : { mode: context.rollMode };
  if (event.type === 'dice.form.submit') {
    const read = readDiceForm(event.form);
    if ('error' in read) return { refusal: read.error };
    const { sides } = read.dice;
    return isDieSides(sides) ? { content: { kind: 'roll', dice: { ...read.dice, sides }, ...mode } } : null;
  }
  if (event.type === 'skill.roll') {
    const bonus = context.skillBonuses?.[event.skill] ?? 0;
    return { content: { kind: 'roll', dice: { count: 1, sides: 20, bonus }, label: event.label, ...mode } };
  }
  return null;
}

function outgoingOf(context: GameChatContext, event: GameChatEvent): Outgoing {
  switch (event.type) {
    case 'chat.send':
      return outgoingLine(context, context.draft);
    case 'chat.say':
      return outgoingLine(context, event.text, event.label);
    default:
      return outgoingRoll(context, event);
  }
}

/** A line still to send: neither accepted nor failed. */
const isWaiting = (pending: GamePendingMessage) => !pending.accepted && !pending.failed;

/** The names offered as `/w` is typed (with their effects provided), their completion made the chat's draft. */
export const whisperNamesInChat = (names: typeof whisperNamesMachine = whisperNamesMachine) =>
  names.provide({
    actions: { 'complete draft': sendParent((_, completed: WhisperCompleted) => completed) },
  });

/** What the whisper names hear of the draft. */
const draftChanged = (text: string): WhisperNamesEvent => ({ type: 'draft.changed', text });

/** A takeover heard: the newest page is read again. */
const resync = { target: 'resyncing', actions: 'note takeover' } as const;

/**
 * The chat panel of the game table (table.md §2 "Game screen", §5 "Chat", "Dice", "Voice
 * reading"). The chat lives in the table's log: the panel loads its newest page, appends the
 * live `broadcastMessage` events (each seq once, so a replay or an overlap never shows a line
 * twice) and, after a reconnection, fetches whatever was said meanwhile; after a takeover
 * (`tableResync`) it reads the newest page again, dropping a line the log never had. A line is
 * shown at once as pending and sent with `newMessage`, one at a time in the order typed; the
 * server's refusal (its ack) is shown and the line dropped, and the line's own echo in the log
 * replaces it. A line the server accepted whose echo does not come within 10 s is dropped (the log
 * has it); one that never reached the server (a network cut) is kept, failed, with its text, to be
 * sent again (« Réessayer ») or let go. Lines the server would refuse (blank, too long, an unknown
 * command, a player speaking as nobody) are refused here without a round trip; the input refuses
 * text past 250 characters and shakes for 300 ms. A roll that names no mode of its own (the form,
 * the skills, `/r`, a macro) goes in the open, secret or blind as the reader chose (`rollMode`). A notice leaves after `noticeLifetime`, or at
 * the next line accepted. Voice reading reads aloud the lines others post while it is on; a
 * screen reader hears them from the table's narration (decision 0035), never from this list.
 */
export const gameChatMachine = setup({
  types: {
    context: {} as GameChatContext,
    events: {} as GameChatEvent,
    input: {} as GameChatInput,
  },
  actors: {
    /** The game's chat events after a seq (the newest page when null), oldest first. */
    'load messages': unprovidedPromise<ChatEntry[], { gameId: string; afterSeq: number | null }>(
      'load messages',
    ),
    /** The speaking character's skill bonuses. */
    'load skill bonuses': unprovidedPromise<
      Partial<Record<SkillName, number>>,
      { gameId: string; playerId: string }
    >('load skill bonuses'),
    /** Emits `newMessage` and resolves with its ack; fails without a socket or an answer. */
    'send game message': unprovidedPromise<SendAnswer, SendGameMessageInput>('send game message'),
    'listen to game chat': unprovidedEvents<GameChatFact, { gameId: string }>('listen to game chat'),
    'pending message': pendingMessageMachine,
    /** The names offered as `/w` is typed; a name chosen comes back as `chat.draft.change`. */
    'whisper names': whisperNamesInChat(),
  },
  delays: { shake: 300, noticeLifetime: NOTICE_LIFETIME_MS },
  actions: {
    'show history': assign({
      entries: ({ context }, { entries }: { entries: ChatEntry[] }) => mergeEntries(context.entries, entries),
      loadError: null,
    }),
    'show load failure': assign({
      loadError: (_, { error }: { error: unknown }) => failureText(error, chatFailures.load),
    }),
    'set draft': enqueueActions(({ enqueue }, { text }: { text: string }) => {
      enqueue.assign({ draft: text });
      enqueue.sendTo('whisperNames', draftChanged(text));
    }),
    'add pending message': enqueueActions(({ context, event, enqueue }) => {
      const outgoing = outgoingOf(context, event);
      if (outgoing === null) return;
      if ('refusal' in outgoing) {
        enqueue.assign({ alert: outgoing.refusal });
        enqueue.raise({ type: 'notice.shown' });
        return;
      }
      const id = `pending-${context.sentCount + 1}`;
      enqueue.assign({
        sentCount: context.sentCount + 1,
        draft: event.type === 'chat.send' ? '' : context.draft,
        pending: [...context.pending, { id, content: outgoing.content, accepted: false, failed: false }],
      });
      enqueue(spawnChild('pending message', { id, input: { id } }));
      if (event.type === 'chat.send') enqueue.sendTo('whisperNames', draftChanged(''));
    }),
    'take event in': enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'chat.event.received') return;
      const entries = mergeEntries(context.entries, [event.event]);
      if (entries === context.entries) return;
      // The server handles one socket's lines in order: an echo of mine answers my oldest line on
      // its way, or else a failed one that got through after all.
      const mine = event.event.userId === context.userId;
      const confirmed = mine
        ? (context.pending.find((pending) => !pending.failed) ?? context.pending[0])
        : undefined;
      if (confirmed) enqueue(stopChild(confirmed.id));
      enqueue.assign({
        entries,
        pending: confirmed ? context.pending.filter((pending) => pending !== confirmed) : context.pending,
      });
    }),
    'remember line being sent': assign({
      sendingId: ({ context }) => context.pending.find(isWaiting)?.id ?? null,
    }),
    'mark line accepted': assign({
      pending: ({ context }) =>
        context.pending.map((pending) =>
          pending.id === context.sendingId ? { ...pending, accepted: true, failed: false } : pending,
        ),
    }),
    'mark line failed': enqueueActions(({ context, enqueue }, { id }: { id: string | null }) => {
      const line = context.pending.find((pending) => pending.id === id);
      if (!line || line.accepted) return;
      enqueue(stopChild(line.id));
      enqueue.assign({
        pending: context.pending.map((pending) =>
          pending === line ? { ...pending, failed: true } : pending,
        ),
      });
      enqueue.assign({ alert: chatFailures.send });
      enqueue.raise({ type: 'notice.shown' });
    }),
    'send failed line again': enqueueActions(({ context, enqueue }, { id }: { id: string }) => {
      const line = context.pending.find((pending) => pending.id === id && pending.failed);
      if (!line) return;
      // A fresh id: the failed line's actor is gone, and its id may still name it.
      const fresh = `pending-${context.sentCount + 1}`;
      enqueue.assign({
        sentCount: context.sentCount + 1,
        pending: context.pending.map((pending) =>
          pending === line ? { ...pending, id: fresh, failed: false } : pending,
        ),
      });
      enqueue(spawnChild('pending message', { id: fresh, input: { id: fresh } }));
    }),
    'drop line being sent': enqueueActions(({ context, enqueue }) => {
      const id = context.sendingId;
      if (!context.pending.some((pending) => pending.id === id)) return;
      enqueue(stopChild(id!));
      enqueue.assign({ pending: context.pending.filter((pending) => pending.id !== id) });
    }),
    'drop pending message': enqueueActions(({ context, enqueue }, { id }: { id: string }) => {
      if (!context.pending.some((pending) => pending.id === id)) return;
      enqueue(stopChild(id));
      enqueue.assign({ pending: context.pending.filter((pending) => pending.id !== id) });
    }),
    alert: enqueueActions(({ enqueue }, { text }: { text: string }) => {
      enqueue.assign({ alert: text });
      enqueue.raise({ type: 'notice.shown' });
    }),
    'dismiss alert': assign({ alert: null }),
    'toggle panel': assign({ collapsed: ({ context }) => !context.collapsed }),
    'toggle voice': assign({ voice: ({ context }) => !context.voice }),
    'set roll mode': assign({ rollMode: (_, { mode }: { mode: RollMode | null }) => mode }),
    'show skill bonuses': assign({
      skillBonuses: (_, bonuses: Partial<Record<SkillName, number>>) => bonuses,
    }),
    'note takeover': assign({
      resyncEpoch: ({ event }) => (event.type === 'table.resynced' ? event.epoch : 0),
    }),
    /** Effects: the browser's speech synthesis and vibration. */
    'read aloud': (_, _params: { text: string }) => {},
    'stop reading': (_) => {},
    vibrate: (_) => {},
  },
  guards: {
    'draft is too long': ({ event }) =>
      event.type === 'chat.draft.change' && event.text.length > MESSAGE_MAX_LENGTH,
    'a line is waiting to be sent': ({ context }) => context.pending.some(isWaiting),
    'expired line was accepted': ({ context, event }) =>
      event.type === 'pending.expired' &&
      context.pending.some((pending) => pending.id === event.id && pending.accepted),
    'speech is supported': ({ context }) => context.speechSupported,
    'voice is on': ({ context }) => context.voice,
    'event is new': ({ context, event }) =>
      event.type === 'chat.event.received' && !context.entries.some((entry) => entry.seq === event.event.seq),
    'event comes from someone else': ({ context, event }) =>
      event.type === 'chat.event.received' && event.event.userId !== context.userId,
    'speaks as a character': ({ context }) => context.role === 'player' && context.playerId !== null,
  },
}).createMachine({
  id: 'gameChat',
  context: ({ input }) => ({
    ...input,
    entries: [],
    pending: [],
    sentCount: 0,
    sendingId: null,
    draft: '',
    alert: null,
    loadError: null,
    collapsed: false,
    voice: false,
    skillBonuses: null,
    resyncEpoch: 0,
    rollMode: null,
  }),
  invoke: [
    {
      id: 'chatEvents',
      src: 'listen to game chat',
      input: ({ context }) => ({ gameId: context.gameId }),
    },
    { id: 'whisperNames', src: 'whisper names', input: ({ context }) => ({ gameId: context.gameId }) },
  ],
  on: {
    'chat.event.received': [
      {
        guard: and(['event is new', 'voice is on', 'event comes from someone else']),
        actions: [
          'take event in',
          { type: 'read aloud', params: ({ event }) => ({ text: spokenText(event.event.payload) }) },
        ],
      },
      { actions: 'take event in' },
    ],
    'panel.toggle': { actions: 'toggle panel' },
    'voice.toggle': [
      { guard: not('speech is supported'), actions: { type: 'alert', params: { text: voiceUnsupported } } },
      { guard: 'voice is on', actions: ['toggle voice', 'stop reading'] },
      { actions: 'toggle voice' },
    ],
    'pending.expired': [
      {
        guard: 'expired line was accepted',
        actions: { type: 'drop pending message', params: ({ event }) => ({ id: event.id }) },
      },
      { actions: { type: 'mark line failed', params: ({ event }) => ({ id: event.id }) } },
    ],
    'chat.retry': { actions: { type: 'send failed line again', params: ({ event }) => ({ id: event.id }) } },
    'chat.discard': { actions: { type: 'drop pending message', params: ({ event }) => ({ id: event.id }) } },
    'chat.send': { actions: 'add pending message' },
    'chat.say': { actions: 'add pending message' },
    'dice.form.submit': { actions: 'add pending message' },
    'skill.roll': { actions: 'add pending message' },
    'rollMode.change': { actions: { type: 'set roll mode', params: ({ event }) => ({ mode: event.mode }) } },
  },
  type: 'parallel',
  states: {
    history: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'load messages',
            input: ({ context }) => ({ gameId: context.gameId, afterSeq: null }),
            onDone: {
              target: 'ready',
              actions: { type: 'show history', params: ({ event }) => ({ entries: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'show load failure', params: ({ event }) => event },
            },
          },
        },
        failed: { on: { 'chat.reload': 'loading', 'socket.reconnected': 'loading' } },
        ready: { on: { 'socket.reconnected': 'catchingUp', 'table.resynced': resync } },
        resyncing: {
          on: { 'table.resynced': { ...resync, reenter: true } },
          invoke: {
            src: 'load messages',
            input: ({ context }) => ({ gameId: context.gameId, afterSeq: null }),
            onDone: {
              target: 'ready',
              actions: assign({
                entries: ({ context, event }) =>
                  resyncedEntries(context.entries, event.output, context.resyncEpoch),
              }),
            },
            onError: { target: 'ready', actions: { type: 'alert', params: { text: chatFailures.load } } },
          },
        },
        catchingUp: {
          on: { 'table.resynced': resync },
          invoke: {
            src: 'load messages',
            input: ({ context }) => ({ gameId: context.gameId, afterSeq: lastSeqOf(context.entries) }),
            onDone: {
              target: 'ready',
              actions: { type: 'show history', params: ({ event }) => ({ entries: event.output }) },
            },
            // What was missed stays missing until the next reconnection or reload; the live lines go on.
            onError: { target: 'ready', actions: { type: 'alert', params: { text: chatFailures.load } } },
          },
        },
      },
    },
    sending: {
      initial: 'idle',
      states: {
        idle: { always: { guard: 'a line is waiting to be sent', target: 'sending' } },
        sending: {
          entry: 'remember line being sent',
          invoke: {
            src: 'send game message',
            input: ({ context }) => ({
              gameId: context.gameId,
              playerId: context.playerId,
              content: context.pending.find((pending) => pending.id === context.sendingId)!.content,
            }),
            onDone: [
              {
                guard: ({ event }) => event.output.ok,
                target: 'idle',
                actions: ['mark line accepted', 'dismiss alert'],
              },
              {
                target: 'idle',
                actions: [
                  'drop line being sent',
                  {
                    type: 'alert',
                    params: ({ event }) => ({ text: event.output.ok ? '' : event.output.error }),
                  },
                ],
              },
            ],
            onError: {
              target: 'idle',
              actions: { type: 'mark line failed', params: ({ context }) => ({ id: context.sendingId }) },
            },
          },
        },
      },
    },
    notice: {
      initial: 'none',
      on: {
        'notice.shown': { target: '.shown', reenter: true },
        'chat.alert.dismiss': { target: '.none', actions: 'dismiss alert' },
      },
      states: {
        none: {},
        shown: { after: { noticeLifetime: { target: 'none', actions: 'dismiss alert' } } },
      },
    },
    input: {
      initial: 'steady',
      states: {
        steady: {
          on: {
            'chat.draft.change': [
              { guard: 'draft is too long', target: 'shaking' },
              { actions: { type: 'set draft', params: ({ event }) => ({ text: event.text }) } },
            ],
          },
        },
        shaking: {
          entry: 'vibrate',
          after: { shake: 'steady' },
          on: {
            'chat.draft.change': [
              { guard: 'draft is too long' },
              { actions: { type: 'set draft', params: ({ event }) => ({ text: event.text }) } },
            ],
          },
        },
      },
    },
    skills: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'speaks as a character', target: 'loading' }, { target: 'none' }] },
        loading: {
          invoke: {
            src: 'load skill bonuses',
            input: ({ context }) => ({ gameId: context.gameId, playerId: context.playerId ?? '' }),
            onDone: {
              target: 'ready',
              actions: { type: 'show skill bonuses', params: ({ event }) => event.output },
            },
            onError: 'none',
          },
        },
        ready: {},
        none: {},
      },
    },
  },
});
