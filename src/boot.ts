import { BASE_PATH } from './api/paths';
import { afterFirstPaint } from './effects/after-first-paint';
import { afterThisTask } from './effects/next-task';
import { hasStoredSession } from './effects/stored-session';
import { openFirstVisit } from './ui/landing/first-visit/first-visit-shell';
import './ui/app/app.css';
// The app shell in index.html wears the landing scene's classes: their styles come with the page.
import './ui/landing/scene/LandingScene.css';
import './ui/landing/scene/CentralLogo.css';

let starting: Promise<void> | null = null;

/** Fetches and starts the app once; a failed fetch is logged and the next gesture tries again. */
function startApp(): void {
  starting ??= import('./app')
    .then(afterThisTask)
    .then(({ startApp: start }) => start())
    .catch((error: unknown) => {
      starting = null;
      console.error("L'application n'a pas pu démarrer", error);
    });
}

// For the page's whole life, a first visit that never clicks included: it reports each time the
// page is hidden. After the shell's first paint, like the app, so that its paint never waits on
// their requests.
afterFirstPaint(() => {
  void import('./effects/web-vitals').then(({ startWebVitalsReporting }) => startWebVitalsReporting());
});

const onLanding = [BASE_PATH, `${BASE_PATH}/`].includes(window.location.pathname);
// `?inspect` watches the landing's actors from the start: they must run.
const watched = new URLSearchParams(window.location.search).has('inspect');

/** The app and the landing's own screen, fetched side by side rather than one after the other. */
function startLanding(): void {
  startApp();
  void import('./ui/landing/LandingPage');
}

// A first visit to the landing shows its sky, emblem, invitation and music controls without the
// app's code, which comes with the visitor's first gesture. Anyone else gets the app at once (once
// the shell has painted).
if (!onLanding) afterFirstPaint(startApp);
else if (watched || hasStoredSession()) afterFirstPaint(startLanding);
else openFirstVisit({ onGesture: startLanding });
