import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { DISPLAY_NAME_MAX } from '../../domain/account';
import type { SessionUser } from '../../domain/roles';
import { profileLogic } from '../../effects/profile';
import type { displayNameAvailabilityMachine } from '../../machines/display-name-availability.machine';
import { emailChanges, type ProfileFeedback } from '../../machines/profile.machine';
import { useAppActors } from '../app/AppActorsContext';
import { Dialog } from '../components/Dialog';
import { OutcomeNotice } from '../components/Notice';
import { homeMessages } from '../home/messages';
import { Field } from '../landing/Field';
import { profileMessages as texts } from './messages';

type AvailabilityRef = ActorRefFrom<typeof displayNameAvailabilityMachine>;

function AvailabilityHint({ availability }: { availability: AvailabilityRef | undefined }) {
  const state = useSelector(availability, (snapshot) => snapshot?.value);
  const message = useSelector(availability, (snapshot) => snapshot?.context.message ?? null);
  return (
    <p
      className={`feedback ${state === 'available' ? 'feedback--success' : 'feedback--error'}`}
      aria-live="polite"
    >
      {state === 'checking' && texts.checking}
      {state === 'available' && texts.available}
      {(state === 'unavailable' || state === 'idle') && message}
    </p>
  );
}

const fieldsOf = (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault();
  return Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
};

/**
 * Display name and e-mail: the fields are the reader's until saved; the machine has what is stored.
 * A new e-mail brings the current-password field, which goes again with the change.
 */
function DetailsForm({
  initial,
  storedEmail,
  loading,
  saving,
  nameTaken,
  feedback,
  availability,
  onSave,
}: {
  initial: { displayName: string; email: string };
  storedEmail: string;
  loading: boolean;
  saving: boolean;
  nameTaken: boolean;
  feedback: ProfileFeedback | null;
  availability: AvailabilityRef | undefined;
  onSave: (displayName: string, email: string, currentPassword: string) => void;
}) {
  const [displayName, setDisplayName] = useState(initial.displayName);
  const [email, setEmail] = useState(initial.email);
  const asksPassword = emailChanges({ email: storedEmail }, email);
  return (
    <section aria-label={texts.details} aria-busy={loading}>
      <h3>{texts.details}</h3>
      <form
        aria-label={texts.details}
        onSubmit={(event) => onSave(displayName, email, fieldsOf(event).currentPassword ?? '')}
      >
        <fieldset disabled={loading} className="dialog__fieldset">
          <Field
            label={texts.displayName}
            value={displayName}
            maxLength={DISPLAY_NAME_MAX}
            onChange={(event) => {
              setDisplayName(event.target.value);
              availability?.send({ type: 'name.typed', name: event.target.value });
            }}
          />
          <AvailabilityHint availability={availability} />
          <Field
            label={texts.email}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          {asksPassword && (
            <>
              <p className="game-card__meta">{texts.emailPasswordHint}</p>
              <Field
                label={texts.emailPassword}
                name="currentPassword"
                type="password"
                autoComplete="current-password"
              />
            </>
          )}
        </fieldset>
        <OutcomeNotice outcome={feedback} />
        <div className="dialog__actions">
          <button type="submit" disabled={loading || saving || nameTaken}>
            {texts.save}
          </button>
        </div>
      </form>
    </section>
  );
}

/** platform.md §2 "Modals" — profile management: details, password, account deletion. */
export function ProfileModal({ user, onClose }: { user: SessionUser; onClose: () => void }) {
  const { inspect } = useAppActors();
  const navigate = useNavigate();
  const logic = useMemo(() => profileLogic(() => navigate('/')), [navigate]);
  const profile = useActorRef(logic, {
    input: { displayName: user.displayName, email: user.email },
    inspect,
  });
  const availability = useSelector(
    profile,
    (snapshot) => snapshot.children.availability as AvailabilityRef | undefined,
  );
  const nameTaken = useSelector(availability, (snapshot) => snapshot?.matches('unavailable') ?? false);
  const context = useSelector(profile, (snapshot) => snapshot.context);
  const saving = useSelector(profile, (snapshot) => snapshot.matches({ details: 'saving' }));
  const changing = useSelector(profile, (snapshot) => snapshot.matches({ password: 'changing' }));
  const confirming = useSelector(
    profile,
    (snapshot) => snapshot.matches({ deletion: 'confirming' }) || snapshot.matches({ deletion: 'deleting' }),
  );
  const deleted = useSelector(
    profile,
    (snapshot) => snapshot.matches({ deletion: 'deleted' }) || snapshot.matches({ deletion: 'gone' }),
  );
  const loading = useSelector(profile, (snapshot) => snapshot.matches({ details: 'loading' }));
  const downloading = useSelector(profile, (snapshot) => snapshot.matches({ data: 'downloading' }));

  return (
    <Dialog title={texts.title} closeLabel={homeMessages.close} onClose={onClose} size="wide">
      <DetailsForm
        // Mounted again once the server's profile is read, so the fields start from it.
        key={loading ? 'token' : 'server'}
        initial={{ displayName: context.displayName, email: context.email }}
        storedEmail={context.email}
        loading={loading}
        saving={saving}
        nameTaken={nameTaken}
        feedback={context.details}
        availability={availability}
        onSave={(displayName, email, currentPassword) =>
          profile.send({ type: 'profile.save', displayName, email, currentPassword })
        }
      />
      <section aria-label={texts.password}>
        <h3>{texts.password}</h3>
        <form
          aria-label={texts.password}
          onSubmit={(event) => {
            const fields = fieldsOf(event);
            profile.send({
              type: 'password.change',
              currentPassword: fields.currentPassword ?? '',
              newPassword: fields.newPassword ?? '',
              confirmation: fields.confirmation ?? '',
            });
          }}
        >
          <Field
            label={texts.currentPassword}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
          />
          <Field label={texts.newPassword} name="newPassword" type="password" autoComplete="new-password" />
          <Field label={texts.confirmation} name="confirmation" type="password" autoComplete="new-password" />
          <OutcomeNotice outcome={context.password} />
          <div className="dialog__actions">
            <button type="submit" disabled={changing}>
              {texts.changePassword}
            </button>
          </div>
        </form>
      </section>
      <section aria-label={texts.data}>
        <h3>{texts.data}</h3>
        <p className="game-card__meta">{texts.dataHint}</p>
        <OutcomeNotice outcome={context.data} />
        <div className="dialog__actions">
          <button
            type="button"
            disabled={downloading}
            onClick={() => profile.send({ type: 'data.download' })}
          >
            {texts.downloadData}
          </button>
        </div>
      </section>
      <section aria-label={texts.deletion}>
        <h3>{texts.deletion}</h3>
        <form
          aria-label={texts.deletion}
          onSubmit={(event) =>
            profile.send({ type: 'account.delete.ask', password: fieldsOf(event).password ?? '' })
          }
        >
          <p className="game-card__meta">{texts.deletionHint}</p>
          <Field
            label={texts.deletionPassword}
            name="password"
            type="password"
            autoComplete="current-password"
          />
          <OutcomeNotice outcome={context.deletion} />
          <div className="dialog__actions">
            <button type="submit" className="danger-fill" disabled={deleted}>
              {texts.deleteAccount}
            </button>
          </div>
        </form>
      </section>
      {confirming && (
        <Dialog
          title={texts.confirmTitle}
          closeLabel={homeMessages.close}
          onClose={() => profile.send({ type: 'account.delete.cancel' })}
        >
          <p>{texts.confirmText}</p>
          <div className="dialog__actions">
            <button
              type="button"
              className="secondary"
              onClick={() => profile.send({ type: 'account.delete.cancel' })}
            >
              {texts.cancel}
            </button>
            <button
              type="button"
              className="danger-fill"
              onClick={() => profile.send({ type: 'account.delete.confirm' })}
            >
              {texts.confirm}
            </button>
          </div>
        </Dialog>
      )}
    </Dialog>
  );
}
