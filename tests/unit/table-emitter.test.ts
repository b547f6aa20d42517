import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTableEmitter, type Transition } from '../../server/modules/table/emitter';
import { rooms } from '../../server/realtime/rooms';
import { envelopesOf, socketEventOf } from '../../src/api/schemas/table';
import type { Realtime } from '../../server/realtime/types';
import type { TableActor, TableEvent } from '../../src/domain/table/types';
import { projectEvent } from '../../src/domain/table/visibility';
import { ana, bob, mj, preparedSession, runServer, type Logged } from './table-fixtures';

const GAME = 'g-1';

/** One emit: the rooms it went to, the rooms it left out, under which name, what it carried. */
interface Sent {
  to: string[];
  except: string[];
  name: string;
  message: TableEvent | TableEvent[];
}

/** A socket.io server that writes down its broadcasts instead of sending them. */
function recordingRealtime(sent: Sent[]): Realtime {
  const operator = (to: string[], except: string[]) => ({
    except: (more: string | string[]) => operator(to, [...except, ...[more].flat()]),
    emit: (name: string, message: TableEvent | TableEvent[]) => void sent.push({ to, except, name, message }),
  });
  return { io: { to: (room: string | string[]) => operator([room].flat(), []) } } as unknown as Realtime;
}

/** The rooms a reader's socket is in once caught up: the managers', or the players' and their own. */
const roomsOf = (actor: TableActor) =>
  actor.role === 'player'
    ? [rooms.tablePlayers(GAME), rooms.tablePlayer(GAME, actor.userId)]
    : [rooms.tableManagers(GAME)];

/** The messages a reader received of these emits, as socket.io delivers them. */
function messagesTo(actor: TableActor, sent: readonly Sent[]): Sent[] {
  const own = roomsOf(actor);
  return sent.filter(
    ({ to, except }) => own.some((room) => to.includes(room)) && !own.some((room) => except.includes(room)),
  );
}

/** The envelopes a reader received, in the order they came. */
const receivedBy = (actor: TableActor, sent: readonly Sent[]): TableEvent[] =>
  messagesTo(actor, sent).flatMap(({ message }) => envelopesOf(message));

/** How many runs of envelopes under one socket event name these events make. */
const runsOf = (events: readonly TableEvent[]) =>
  events.filter(
    (event, index) => index === 0 || socketEventOf(event.type) !== socketEventOf(events[index - 1]!.type),
  ).length;

/** The log cut where each command's events end: the emitter is handed one command's at a time. */
function commandsOf(log: readonly Logged[]): Transition[][] {
  const batches: Transition[][] = [];
  log.forEach((logged, index) => {
    if (index === 0 || logged.command !== log[index - 1]!.command) batches.push([]);
    batches.at(-1)!.push(logged);
  });
  return batches;
}

/**
 * Runs random sessions through the emitter, one command at a time, and hands `check` what each
 * reader should hold of the command (its events as projected for them) and what the emitter sent.
 */
async function everyCommand(
  check: (actor: TableActor, own: readonly TableEvent[], sent: readonly Sent[]) => void,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(preparedSession, async (steps) => {
      const { log } = runServer(steps);
      const sent: Sent[] = [];
      const emit = createTableEmitter(recordingRealtime(sent), () => Promise.resolve([ana, bob]));
      for (const batch of commandsOf(log)) {
        sent.length = 0;
        await emit(GAME, batch);
        for (const actor of [mj, ana, bob])
          check(
            actor,
            batch.map(({ event, before, after }) => projectEvent(event, before, after, actor)),
            sent,
          );
      }
    }),
    { numRuns: 150 },
  );
}

describe('the table’s emitter', { timeout: 60_000 }, () => {
  it('gives each reader every event once, as projected for them, fog or not', async () => {
    await everyCommand((actor, own, sent) => expect(receivedBy(actor, sent)).toEqual(own));
  });

  // Each message is a packet written to every socket it reaches: a command of several events sent
  // as one message per event was as many writes per reader (decision 0042).
  it('sends each reader one message per command and socket event name', async () => {
    await everyCommand((actor, own, sent) => {
      const messages = messagesTo(actor, sent);
      expect(messages).toHaveLength(runsOf(own));
      for (const { name, message } of messages)
        for (const event of envelopesOf(message)) expect(socketEventOf(event.type)).toBe(name);
    });
  });
});
