import { useEffect, useId } from 'react';
import { LoginForm } from './LoginForm';
import { landingMessages } from './messages';
import { RegisterForm } from './RegisterForm';
import { CloseButton } from '../components/CloseButton';

export type AuthOverlayKind = 'login' | 'register';

/** The login or registration dialog over the landing sky; Escape or the close button leaves it. */
export function AuthOverlay({
  kind,
  onSwitch,
  onClose,
}: {
  kind: AuthOverlayKind;
  onSwitch: () => void;
  onClose: () => void;
}) {
  const titleId = useId();

  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [onClose]);

  const texts = kind === 'login' ? landingMessages.login : landingMessages.register;
  const switchLabel =
    kind === 'login' ? landingMessages.login.switchToRegister : landingMessages.register.switchToLogin;

  return (
    <div className="auth-overlay">
      <section className="auth-overlay__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <CloseButton className="auth-overlay__close" label={landingMessages.close} onClose={onClose} />
        <h2 id={titleId}>{texts.title}</h2>
        {kind === 'login' ? (
          <LoginForm key="login" titleId={titleId} />
        ) : (
          <RegisterForm key="register" titleId={titleId} />
        )}
        <button type="button" className="auth-overlay__switch secondary" onClick={onSwitch}>
          {switchLabel}
        </button>
      </section>
    </div>
  );
}
