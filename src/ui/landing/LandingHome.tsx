import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useState, type ComponentType } from 'react';
import { useAppActors } from '../app/AppActorsContext';
import type { AuthOverlayKind } from './AuthOverlay';
import type { LandingSceneProps } from './scene/LandingScene';
import './landing.css';

// A first visit shows the sky and the emblem only: the forms load when the entrance starts, the
// lobby once someone is signed in.
const loadAuthOverlay = () => import('./AuthOverlay');
const AuthOverlay = lazy(() => loadAuthOverlay().then((module) => ({ default: module.AuthOverlay })));
const SignedInHome = lazy(() => import('./SignedInHome'));

/**
 * The home screen over the landing scene. Visitors enter through the logo into the login overlay;
 * signed-in users get the top bar and the mode choice. Which overlay is open is the only state
 * held here: it is how the screen looks, not what the session is.
 */
export function LandingHome({ Scene }: { Scene: ComponentType<LandingSceneProps> }) {
  const { auth, modeChoice } = useAppActors();
  const user = useSelector(auth, (snapshot) =>
    snapshot.matches('authenticated') ? snapshot.context.user : null,
  );
  const [overlay, setOverlay] = useState<AuthOverlayKind | null>(null);

  // Signing in or out closes whatever overlay was open.
  const [signedIn, setSignedIn] = useState(user !== null);
  if (signedIn !== (user !== null)) {
    setSignedIn(user !== null);
    setOverlay(null);
  }

  const showOverlay = useCallback(
    (next: AuthOverlayKind | null) => {
      // An error shown in one overlay does not belong in the next.
      auth.send({ type: 'auth.feedback.dismiss' });
      setOverlay(next);
    },
    [auth],
  );
  const closeOverlay = useCallback(() => showOverlay(null), [showOverlay]);

  const backToChoice = () => modeChoice.send({ type: 'mode.back' });
  const join = () => (user ? backToChoice() : showOverlay('login'));

  return (
    <Scene
      onJoin={join}
      playerName={user?.displayName ?? null}
      onBack={user ? backToChoice : undefined}
      invite={!user && !overlay}
      onEntranceStart={user ? undefined : loadAuthOverlay}
    >
      {/* Not the page's boundary: the sky stays while these arrive. */}
      <Suspense fallback={null}>
        {user && <SignedInHome user={user} />}
        {!user && overlay && (
          <AuthOverlay
            kind={overlay}
            onSwitch={() => showOverlay(overlay === 'login' ? 'register' : 'login')}
            onClose={closeOverlay}
          />
        )}
      </Suspense>
    </Scene>
  );
}
