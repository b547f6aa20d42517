import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { listenToChannel, type Listening } from '../../db/notifications';
import { announceAccountChange, onAccountChange } from './account-changes';

/** What an authenticated call needs of its session's account. */
export type SessionAccount = Pick<
  UserRow,
  'id' | 'email' | 'displayName' | 'username' | 'role' | 'createdAt'
>;

export function sessionAccountOf(user: UserRow): SessionAccount {
  const { id, email, displayName, username, role, createdAt } = user;
  return { id, email, displayName, username, role, createdAt };
}

export interface SessionView {
  /** The session's account, from memory when it is known to be current, else from `load`. */
  account(sid: string, load: () => Promise<SessionAccount | null>): Promise<SessionAccount | null>;
  /**
   * A number that moves whenever some account or session may have changed; null while the view
   * is not listening and so cannot tell. An account read under a stamp that has not moved since
   * is still current.
   */
  stamp(): number | null;
  close(): Promise<void>;
}

/** Set by migration 0006's triggers on `users` and `sessions`, with the user's id. */
const CHANNEL = 'account_changed';
const MAX_SESSIONS = 10_000;
/** A safety net only: every change is announced, and a lost connection empties the view. */
const ENTRY_TTL_MS = 5 * 60_000;

interface Entry {
  account: SessionAccount;
  storedAt: number;
}

/**
 * Asking the database who a session belongs to on every authenticated call makes a session check
 * cost ten times a bare route. The view keeps live sessions in memory and stays
 * exact on every process: any change of an account or a session (a route, the role CLI, another
 * process, an operator's SQL) fires a notification with the user's id, relayed to every reader of
 * `onAccountChange` (the view forgets that user's sessions, the sockets read their account again);
 * a change made here is also announced at once, since the notification reaches this process's own
 * listener only after the write has returned. While the listening connection is down the view is
 * empty and every call reads the database.
 */
export async function createSessionView(db: Db, log?: FastifyBaseLogger): Promise<SessionView> {
  const entries = new Map<string, Entry>();
  let live = false;
  // Bumped by every forget: a read that started before a change must not store what it read.
  let generation = 0;

  const forgetUser = (userId: string) => {
    generation++;
    for (const [sid, entry] of entries) if (entry.account.id === userId) entries.delete(sid);
  };
  const forgetAll = () => {
    generation++;
    entries.clear();
  };

  // The stamp moves at least this often too: an account read under it is trusted no longer than an entry.
  const ageing = setInterval(() => generation++, ENTRY_TTL_MS);
  ageing.unref();

  const stopAnnouncements = onAccountChange(db, forgetUser);
  let listening: Listening;
  try {
    listening = await listenToChannel(
      db,
      CHANNEL,
      {
        // Heard from the database: every reader of this handle learns it, not only the view.
        message: (userId) => announceAccountChange(db, userId),
        interrupted: () => {
          live = false;
          forgetAll();
        },
        listening: () => {
          forgetAll();
          live = true;
        },
      },
      log,
    );
  } catch (error) {
    clearInterval(ageing);
    stopAnnouncements();
    throw error;
  }

  return {
    async account(sid, load) {
      const known = entries.get(sid);
      if (known && Date.now() - known.storedAt < ENTRY_TTL_MS) return known.account;
      if (known) entries.delete(sid);
      const startedAt = generation;
      const account = await load();
      if (account && live && generation === startedAt) {
        if (entries.size >= MAX_SESSIONS) {
          // Maps keep insertion order: the oldest entry goes first.
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        entries.set(sid, { account, storedAt: Date.now() });
      }
      return account;
    },
    stamp: () => (live ? generation : null),
    async close() {
      clearInterval(ageing);
      stopAnnouncements();
      live = false;
      entries.clear();
      await listening.stop();
    },
  };
}
