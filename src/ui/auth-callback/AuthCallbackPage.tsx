import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { authCallbackLogic } from '../../effects/auth-callback';
import { useAppActors } from '../app/AppActorsContext';
import { Dialog } from '../components/Dialog';
import { homeMessages } from '../home/messages';
import { authCallbackMessages as texts } from './messages';

/**
 * Where an external sign-in returns (platform.md §2): the account the link's tokens belong to is
 * named, and they go to the session (stored as jwt and refresh_token, then checked) only if the
 * visitor says yes. Home follows either way.
 */
export default function AuthCallbackPage() {
  const { auth, inspect } = useAppActors();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const logic = useMemo(
    () =>
      authCallbackLogic({
        handTokens: (tokens) => auth.send({ type: 'auth.tokens.received', ...tokens }),
        goHome: () => navigate('/', { replace: true }),
      }),
    [auth, navigate],
  );
  const callback = useActorRef(logic, {
    input: { token: query.get('access_token'), refreshToken: query.get('refresh_token') },
    inspect,
  });
  const account = useSelector(callback, (snapshot) =>
    snapshot.matches('asking') ? snapshot.context.account : null,
  );
  if (account === null) return null;

  const decline = () => callback.send({ type: 'callback.decline' });
  return (
    <Dialog title={texts.title} closeLabel={homeMessages.close} onClose={decline}>
      <p>{texts.question(account.displayName)}</p>
      <p className="game-card__meta">{account.email}</p>
      <div className="dialog__actions">
        <button type="button" className="secondary" onClick={decline}>
          {texts.decline}
        </button>
        <button type="button" onClick={() => callback.send({ type: 'callback.accept' })}>
          {texts.accept}
        </button>
      </div>
    </Dialog>
  );
}
