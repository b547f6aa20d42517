import { Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { hasRole, type SessionUser } from '../../domain/roles';
import { useAppActors } from '../app/AppActorsContext';
import { landingMessages } from './messages';
import { topBarButtons } from './top-bar-buttons';

export function TopBar({ user }: { user: SessionUser }) {
  const actors = useAppActors();
  const navigate = useNavigate();
  return (
    <nav className="top-bar" aria-label={landingMessages.topBar}>
      <p className="top-bar__user">
        {landingMessages.signedInAs} <strong>{user.displayName}</strong>
      </p>
      <ul className="top-bar__buttons">
        {topBarButtons
          .filter((button) => hasRole(user, button.requires))
          .map((button) => (
            <li key={button.id}>
              {'View' in button ? (
                // The button's own place while its code loads: nothing shifts under a click meanwhile.
                <Suspense
                  fallback={
                    <button type="button" className="secondary" disabled>
                      {button.label}
                    </button>
                  }
                >
                  <button.View />
                </Suspense>
              ) : (
                <button
                  type="button"
                  className="secondary"
                  onClick={() => button.press({ actors, navigate })}
                >
                  {button.label}
                </button>
              )}
            </li>
          ))}
      </ul>
    </nav>
  );
}
