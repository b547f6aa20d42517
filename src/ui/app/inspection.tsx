import type { ComponentType } from 'react';
import type { Inspect } from './app-actors';

export interface Inspection {
  /** Given to every actor; undefined when nothing watches. */
  inspect: Inspect | undefined;
  /** The development journal's export button. */
  DevTools: ComponentType | undefined;
}

/**
 * `?inspect` in the address opens the Stately inspector on every actor; in development an
 * in-app journal records every event too. Both load on demand: the inspector is a chunk fetched
 * only with `?inspect`, and the journal is compiled out of production builds.
 */
export async function startInspection(search: string): Promise<Inspection> {
  const watchers: Inspect[] = [];
  let DevTools: ComponentType | undefined;

  if (new URLSearchParams(search).has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    const inspector = createBrowserInspector();
    watchers.push((event) => inspector.inspect.next?.(event));
  }

  if (import.meta.env.DEV) {
    const [{ createEventLog }, { EventLogButton }] = await Promise.all([
      import('./event-log'),
      import('./EventLogButton'),
    ]);
    const log = createEventLog();
    watchers.push(log.record);
    DevTools = () => <EventLogButton log={log} />;
  }

  return {
    inspect: watchers.length === 0 ? undefined : (event) => watchers.forEach((watch) => watch(event)),
    DevTools,
  };
}
