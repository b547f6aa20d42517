import type { Db } from '../../db/client';

type Listener = (userId: string) => void;

// Keyed by the database handle, so every service writing through one handle reaches the session
// views reading through it, without threading a callback through each service.
const listeners = new WeakMap<Db, Set<Listener>>();

/**
 * Says, once the write has committed, that a user's account or sessions changed (role, name,
 * e-mail, password, deletion, revocation). The database also notifies every process (migration
 * 0006); this is for the writer's own process, which would hear it only after it had answered.
 */
export function announceAccountChange(db: Db, userId: string): void {
  for (const listener of listeners.get(db) ?? []) listener(userId);
}

export function onAccountChange(db: Db, listener: Listener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}
