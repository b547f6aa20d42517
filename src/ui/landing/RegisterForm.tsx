import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { DISPLAY_NAME_MAX } from '../../domain/account';
import { normalizeDisplayName } from '../../domain/display-name';
import { useAppActors } from '../app/AppActorsContext';
import { Field } from './Field';
import { landingMessages } from './messages';

const { fields, register } = landingMessages;

export function RegisterForm({ titleId }: { titleId: string }) {
  const { auth } = useAppActors();
  const authError = useSelector(auth, (snapshot) => snapshot.context.authError);
  const registrationMessage = useSelector(auth, (snapshot) => snapshot.context.registrationMessage);
  const busy = useSelector(auth, (snapshot) => snapshot.hasTag('busy'));
  // The name is counted as the rules count it; a longer one is kept whole and refused on submit.
  const [nameLength, setNameLength] = useState(0);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    auth.send({
      type: 'auth.register',
      email: String(form.get('email')),
      displayName: String(form.get('displayName')),
      password: String(form.get('password')),
      confirmPassword: String(form.get('confirmPassword')),
    });
  };

  return (
    <form className="auth-form" aria-labelledby={titleId} onSubmit={submit}>
      <Field label={fields.email} name="email" type="email" autoComplete="email" required autoFocus />
      <Field
        label={fields.displayName}
        name="displayName"
        autoComplete="nickname"
        required
        aria-invalid={nameLength > DISPLAY_NAME_MAX}
        onInput={(event) => setNameLength(normalizeDisplayName(event.currentTarget.value).length)}
        hint={register.nameCount(nameLength, DISPLAY_NAME_MAX)}
      />
      <Field label={fields.password} name="password" type="password" autoComplete="new-password" required />
      <Field
        label={fields.confirmPassword}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
      />
      <p className="auth-form__error" role="alert" aria-live="assertive">
        {authError}
      </p>
      <p className="auth-form__success" role="status" aria-live="polite">
        {registrationMessage}
      </p>
      <button type="submit" disabled={busy}>
        {register.submit}
      </button>
    </form>
  );
}
