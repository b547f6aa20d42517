import './effects/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { authSessionEffects } from './effects/auth-session';
import { createSocketSession } from './effects/socket-session';
import { startWebVitalsReporting } from './effects/web-vitals';
import { createAppActors } from './ui/app/app-actors';
import { AppActorsProvider } from './ui/app/AppActorsContext';
import { AppRouter } from './ui/app/AppRouter';
import { startInspection, type Inspection } from './ui/app/inspection';
import './ui/app/app.css';
// The app shell in index.html wears the landing scene's classes: their styles come with the page.
import './ui/landing/scene/LandingScene.css';
import './ui/landing/scene/CentralLogo.css';

async function start(): Promise<void> {
  const { inspect, DevTools } = await startInspection(window.location.search).catch(
    (error: unknown): Inspection => {
      // Watching is optional: the app starts without it.
      console.error("L'inspection n'a pas pu démarrer", error);
      return { inspect: undefined, DevTools: undefined };
    },
  );
  const actors = createAppActors({ auth: authSessionEffects, socket: createSocketSession() }, { inspect });
  const container = document.getElementById('root');
  if (container === null) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <AppActorsProvider actors={actors}>
        <AppRouter />
        {DevTools && <DevTools />}
      </AppActorsProvider>
    </StrictMode>,
  );
  // For the page's whole life: it reports each time the page is hidden.
  startWebVitalsReporting();
}

void start();
