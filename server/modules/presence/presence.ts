import type { FastifyBaseLogger } from 'fastify';
import type { UserStatusChange } from '#shared/wire/friends';
import { reportInternalError } from '../../lib/errors';
import { rooms } from '../../realtime/rooms';
import type { Realtime, RealtimeSocket } from '../../realtime/types';

export interface PresenceOptions {
  realtime: Realtime;
  /** Whom a user's status concerns: their friends, and nobody else. */
  friendIdsOf(userId: string): Promise<string[]>;
  log: FastifyBaseLogger;
}

/**
 * Online means at least one open socket in the user's room, on any process (socket.io's
 * `fetchSockets` asks every process through the Redis adapter). Friends hear
 * `userStatusChange {userId, isOnline}` when that flips, never a third user.
 *
 * Several tabs count once: a new socket announces "online" only when it is the oldest of the
 * user's sockets, so two tabs opening together cannot both stay silent (the older one speaks)
 * nor both speak. A closing socket announces "offline" only when none is left, then looks again:
 * a tab that opened while the "offline" was on its way gets its "online" re-said after it.
 */
export function createPresence({ realtime, friendIdsOf, log }: PresenceOptions) {
  let stopped = false;
  const inFlight = new Set<Promise<void>>();

  /** A closing server answers no more questions: its Redis clients may already be gone. */
  class ShuttingDown extends Error {}
  const socketsOf = async (userId: string) => {
    if (stopped) throw new ShuttingDown();
    return realtime.io.in(rooms.user(userId)).fetchSockets();
  };

  async function announce(userId: string, isOnline: boolean): Promise<void> {
    const friendIds = await friendIdsOf(userId);
    if (friendIds.length === 0) return;
    const change: UserStatusChange = { userId, isOnline };
    realtime.io.to(friendIds.map(rooms.user)).emit('userStatusChange', change);
  }

  async function connected(socket: RealtimeSocket, userId: string): Promise<void> {
    // The realtime core joins this room too; joining here first lets the count include this socket.
    await socket.join(rooms.user(userId));
    const sockets = await socketsOf(userId);
    const oldest = sockets.toSorted(
      (a, b) => a.handshake.issued - b.handshake.issued || a.id.localeCompare(b.id),
    )[0];
    if (oldest?.id === socket.id) await announce(userId, true);
  }

  async function disconnected(userId: string): Promise<void> {
    if ((await socketsOf(userId)).length > 0) return;
    await announce(userId, false);
    if ((await socketsOf(userId)).length > 0) await announce(userId, true);
  }

  const run = (work: Promise<void>) => {
    const tracked = work.catch((error: unknown) => {
      if (!(error instanceof ShuttingDown)) reportInternalError(log, error);
    });
    inFlight.add(tracked);
    void tracked.finally(() => inFlight.delete(tracked));
  };

  return {
    isOnline: (userId: string) => realtime.isOnline(userId),

    /** Which of these users are online, as a set. */
    async onlineAmong(userIds: string[]): Promise<Set<string>> {
      const online = await Promise.all(userIds.map((id) => realtime.isOnline(id)));
      return new Set(userIds.filter((_, index) => online[index]));
    },

    /**
     * Before the sockets close for a shutdown: those are not users leaving, so nothing more is
     * asked or said, and what is under way finishes while the Redis clients are still open.
     */
    async stop(): Promise<void> {
      stopped = true;
      await Promise.all(inFlight);
    },

    /** Follows every socket's opening and closing; call once at start. */
    track(): void {
      realtime.onConnection((socket) => {
        const userId = socket.data.user.id;
        run(connected(socket, userId));
        socket.on('disconnect', () => {
          run(disconnected(userId));
        });
      });
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;
