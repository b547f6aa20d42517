import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppActors } from '../app/AppActorsContext';
import { authCallbackMessages } from './messages';

/**
 * Where an external sign-in returns: hands both tokens to the session (which stores them as jwt and
 * refresh_token and checks them), then goes home either way.
 */
export default function AuthCallbackPage() {
  const { auth } = useAppActors();
  const [query] = useSearchParams();
  const navigate = useNavigate();

  useEffect(() => {
    const token = query.get('access_token');
    const refreshToken = query.get('refresh_token');
    if (token && refreshToken) auth.send({ type: 'auth.tokens.received', token, refreshToken });
    else console.error(authCallbackMessages.missingTokens);
    navigate('/', { replace: true });
  }, [auth, query, navigate]);

  return null;
}
