import './effects/zod-without-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { authSessionEffects } from './effects/auth-session';
import { afterThisTask } from './effects/next-task';
import { rememberedModeEffects } from './effects/remembered-mode';
import { createSocketSession } from './effects/socket-session';
import { createAppActors } from './ui/app/app-actors';
import { AppActorsProvider } from './ui/app/AppActorsContext';
import { AppRouter } from './ui/app/AppRouter';
import { startInspection, type Inspection } from './ui/app/inspection';

/** The whole app: its actors, then the screens over them. The boot module decides when. */
export async function startApp(): Promise<void> {
  const { inspect, DevTools } = await startInspection(window.location.search).catch(
    (error: unknown): Inspection => {
      // Watching is optional: the app starts without it.
      console.error("L'inspection n'a pas pu démarrer", error);
      return { inspect: undefined, DevTools: undefined };
    },
  );
  const actors = createAppActors(
    { auth: authSessionEffects, modeChoice: rememberedModeEffects, socket: createSocketSession() },
    { inspect },
  );
  // The actors' start and the first render were one task of 100–150 ms on Lighthouse's phone: the
  // render goes to a task of its own, and as a transition React yields to the page every few ms.
  await afterThisTask(undefined);
  const container = document.getElementById('root');
  if (container === null) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppActorsProvider actors={actors}>
          <AppRouter />
          {DevTools && <DevTools />}
        </AppActorsProvider>
      </StrictMode>,
    ),
  );
}
