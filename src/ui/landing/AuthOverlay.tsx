import { useId } from 'react';
import { LoginForm } from './LoginForm';
import { landingMessages } from './messages';
import { RegisterForm } from './RegisterForm';
import { Dialog } from '../components/Dialog';

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

  const texts = kind === 'login' ? landingMessages.login : landingMessages.register;
  const switchLabel =
    kind === 'login' ? landingMessages.login.switchToRegister : landingMessages.register.switchToLogin;

  return (
    <Dialog
      title={texts.title}
      titleId={titleId}
      closeLabel={landingMessages.close}
      onClose={onClose}
      size="small"
    >
      {kind === 'login' ? (
        <LoginForm key="login" titleId={titleId} />
      ) : (
        <RegisterForm key="register" titleId={titleId} />
      )}
      <button type="button" className="auth-overlay__switch secondary" onClick={onSwitch}>
        {switchLabel}
      </button>
    </Dialog>
  );
}
