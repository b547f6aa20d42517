import type { InspectionEvent } from 'xstate';

/** Enough for a long play session while staying a few megabytes at most. */
export const EVENT_LOG_CAPACITY = 2000;

export interface LoggedEvent {
  at: string;
  /** The receiving actor's id and its session id (unique among actors of the same machine). */
  actor: string;
  from: string | null;
  event: unknown;
}

// An exported journal gets attached to bug reports: it must not carry anyone's secrets.
const secretKeys = new Set([
  'password',
  'confirmPassword',
  'currentPassword',
  'newPassword',
  'token',
  'refreshToken',
]);
const MAX_DEPTH = 6;

function loggable(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? '[fonction]' : value;
  if (depth >= MAX_DEPTH) return '[…]';
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (Array.isArray(value)) return value.map((item) => loggable(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      secretKeys.has(key) ? '[masqué]' : loggable(item, depth + 1),
    ]),
  );
}

/** An invoked actor goes by its invoke id, a root actor by its machine's id; the session id tells apart two of a kind. */
function actorName(actor: { sessionId: string } | undefined): string | null {
  if (actor === undefined) return null;
  const { id, logic } = actor as { id?: unknown; logic?: { id?: unknown } };
  const name = [id, logic?.id].find(
    (candidate) => typeof candidate === 'string' && candidate !== actor.sessionId,
  );
  return name === undefined ? actor.sessionId : `${String(name)} (${actor.sessionId})`;
}

/**
 * The development journal: every event any actor receives, oldest first, keeping the last
 * `capacity` so a long session never grows without bound.
 */
export function createEventLog(capacity: number = EVENT_LOG_CAPACITY, now: () => Date = () => new Date()) {
  const ring: LoggedEvent[] = [];
  let next = 0;

  return {
    record(inspection: InspectionEvent): void {
      if (inspection.type !== '@xstate.event') return;
      const entry: LoggedEvent = {
        at: now().toISOString(),
        actor: actorName(inspection.actorRef) ?? '',
        from: actorName(inspection.sourceRef),
        event: loggable(inspection.event),
      };
      if (ring.length < capacity) ring.push(entry);
      else ring[next] = entry;
      next = (next + 1) % capacity;
    },
    entries(): LoggedEvent[] {
      return ring.length < capacity ? [...ring] : [...ring.slice(next), ...ring.slice(0, next)];
    },
  };
}

export type EventLog = ReturnType<typeof createEventLog>;
