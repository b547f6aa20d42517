import { createContext, use, type ReactNode } from 'react';
import type { AppActors } from './app-actors';

const AppActorsContext = createContext<AppActors | null>(null);

export function AppActorsProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <AppActorsContext value={actors}>{children}</AppActorsContext>;
}

/** The running app actors; every screen reads them from here rather than creating its own. */
export function useAppActors(): AppActors {
  const actors = use(AppActorsContext);
  if (actors === null) throw new Error('useAppActors needs an <AppActorsProvider> above it');
  return actors;
}
