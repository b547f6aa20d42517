import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useAppActors } from '../app/AppActorsContext';
import { Field } from './Field';
import { landingMessages } from './messages';

const { fields, login } = landingMessages;

export function LoginForm({ titleId }: { titleId: string }) {
  const { auth } = useAppActors();
  const authError = useSelector(auth, (snapshot) => snapshot.context.authError);
  const busy = useSelector(auth, (snapshot) => snapshot.hasTag('busy'));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    auth.send({
      type: 'auth.login',
      email: String(form.get('email')),
      password: String(form.get('password')),
    });
  };

  return (
    <form className="auth-form" aria-labelledby={titleId} onSubmit={submit}>
      <Field label={fields.email} name="email" type="email" autoComplete="email" required autoFocus />
      <Field
        label={fields.password}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <p className="auth-form__error" role="alert" aria-live="assertive">
        {authError}
      </p>
      <button type="submit" disabled={busy}>
        {login.submit}
      </button>
    </form>
  );
}
