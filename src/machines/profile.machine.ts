import { assign, sendTo, setup } from 'xstate';
import type { PublicUser } from '../api/schemas/auth';
import { accountMessages, displayNameError, PASSWORD_MIN } from '../domain/account';
import { displayNameAvailabilityMachine } from './display-name-availability.machine';
import { failureText } from './failure-text';
import { unprovidedPromise } from './unprovided';

/** platform.md §8: shown when the server gives no text of its own. */
export const profileFailures = {
  load: 'Échec de la récupération du profil',
  update: 'Échec de la mise à jour du profil',
  password: 'Échec de la modification du mot de passe',
  deletion: 'Échec de la suppression du compte',
  data: 'Échec du téléchargement de vos données',
} as const;

export const profileSuccesses = {
  data: 'Vos données ont été téléchargées.',
} as const;

export interface ProfileFeedback {
  tone: 'success' | 'error';
  text: string;
}

export type ProfileEvent =
  /** `currentPassword` is asked for, and sent, only when the e-mail changes. */
  | { type: 'profile.save'; displayName: string; email: string; currentPassword: string }
  | { type: 'password.change'; currentPassword: string; newPassword: string; confirmation: string }
  | { type: 'account.delete.ask'; password: string }
  | { type: 'account.delete.confirm' }
  | { type: 'account.delete.cancel' }
  | { type: 'data.download' };

export interface ProfileContext {
  displayName: string;
  email: string;
  details: ProfileFeedback | null;
  password: ProfileFeedback | null;
  deletion: ProfileFeedback | null;
  data: ProfileFeedback | null;
  /** Kept between the password step and the confirmation modal. */
  deletionPassword: string;
}

type UpdateAnswer = { user: PublicUser; token: string; message: string };
export type ProfileUpdate = { displayName: string; email: string; currentPassword?: string };

/** The address as the server will store it (trimmed, lower case), to tell a real change from a restyle. */
const storedForm = (email: string) => email.trim().toLowerCase();

export function emailChanges(context: Pick<ProfileContext, 'email'>, email: string): boolean {
  return storedForm(email) !== storedForm(context.email);
}

/** The first broken rule of the details form, or null: the name's rules, then the password an e-mail change asks. */
export function detailsError(
  context: Pick<ProfileContext, 'email'>,
  save: { displayName: string; email: string; currentPassword: string },
): string | null {
  const nameError = displayNameError(save.displayName);
  if (nameError) return nameError;
  if (emailChanges(context, save.email) && save.currentPassword === '') {
    return accountMessages.emailChangeNeedsPassword;
  }
  return null;
}

/** The first broken rule of a password change (platform.md §5 "New password"), or null. */
export function passwordChangeError(change: {
  currentPassword: string;
  newPassword: string;
  confirmation: string;
}): string | null {
  if (!change.currentPassword || !change.newPassword || !change.confirmation) {
    return accountMessages.allFieldsRequired;
  }
  if (change.newPassword.length < PASSWORD_MIN) return accountMessages.newPasswordTooShort;
  if (change.newPassword !== change.confirmation) return 'Les mots de passe ne correspondent pas';
  return null;
}

/**
 * The profile modal (platform.md §2 "Modals", §4, §5): display name (with its availability) and
 * e-mail, read from the server when the modal opens (the token's copy may be older: another tab
 * may have changed them), password change, account deletion. The e-mail is the login: changing it
 * asks for the current password, as the server does, so a borrowed session cannot take the account. Each part has its own lifecycle and its own message,
 * so they run side by side. A saved profile brings a new token, which replaces the stored one so
 * the whole app follows the new name. A deleted account is said so, then after 2 s the stored
 * credentials are cleared and the user goes home. « Télécharger mes données » reads everything
 * the account holds and saves it as a JSON file (the RGPD's access and portability).
 */
export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as { displayName: string; email: string },
  },
  actors: {
    availability: displayNameAvailabilityMachine,
    'load profile': unprovidedPromise<PublicUser>('load profile'),
    'update profile': unprovidedPromise<UpdateAnswer, ProfileUpdate>('update profile'),
    'change password': unprovidedPromise<
      { message: string },
      { currentPassword: string; newPassword: string }
    >('change password'),
    'delete account': unprovidedPromise<{ message: string }, { password: string }>('delete account'),
    /** Reads the account's data and hands it to the browser as a file. */
    'download account data': unprovidedPromise<void>('download account data'),
  },
  actions: {
    'show details feedback': assign({ details: (_, feedback: ProfileFeedback) => feedback }),
    'show details failure': assign({
      details: (_, { error, fallback }: { error: unknown; fallback: string }): ProfileFeedback => ({
        tone: 'error',
        text: failureText(error, fallback),
      }),
    }),
    'show password feedback': assign({ password: (_, feedback: ProfileFeedback) => feedback }),
    'show deletion feedback': assign({ deletion: (_, feedback: ProfileFeedback | null) => feedback }),
    'show data feedback': assign({ data: (_, feedback: ProfileFeedback | null) => feedback }),
    'adopt user': assign({
      displayName: (_, user: PublicUser) => user.display_name,
      email: (_, user: PublicUser) => user.email,
    }),
    'keep deletion password': assign({ deletionPassword: (_, password: string) => password }),
    'forget deletion password': assign({ deletionPassword: '' }),
    'tell availability the new name': sendTo('availability', ({ context }) => ({
      type: 'name.current' as const,
      name: context.displayName,
    })),
    /** The new access token replaces the stored one; the session follows it. */
    'store new token': (_, _token: string) => {},
    /** Stored tokens and identity removed: the user is signed out. */
    'clear stored credentials': () => {},
    'go home': () => {},
  },
  guards: {
    'details are refused': ({ context, event }) =>
      event.type === 'profile.save' && detailsError(context, event) !== null,
    'password change is refused': ({ event }) =>
      event.type === 'password.change' && passwordChangeError(event) !== null,
    'deletion password is missing': ({ event }) =>
      event.type === 'account.delete.ask' && event.password === '',
  },
  delays: {
    /** platform.md §9: redirect delay after deleting. */
    homeRedirect: 2000,
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({
    displayName: input.displayName,
    email: input.email,
    details: null,
    password: null,
    deletion: null,
    data: null,
    deletionPassword: '',
  }),
  invoke: {
    id: 'availability',
    src: 'availability',
    input: ({ context }) => ({ current: context.displayName }),
  },
  type: 'parallel',
  states: {
    details: {
      initial: 'loading',
      states: {
        /** The token's name and e-mail are shown meanwhile; a failure leaves them, with the spec's text. */
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'profile',
            src: 'load profile',
            onDone: {
              target: 'editing',
              actions: [
                { type: 'adopt user', params: ({ event }) => event.output },
                'tell availability the new name',
              ],
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'show details failure',
                params: ({ event }) => ({ error: event.error, fallback: profileFailures.load }),
              },
            },
          },
        },
        editing: {
          on: {
            'profile.save': [
              {
                guard: 'details are refused',
                actions: {
                  type: 'show details feedback',
                  params: ({ context, event }) => ({
                    tone: 'error',
                    text: detailsError(context, event) ?? '',
                  }),
                },
              },
              { target: 'saving' },
            ],
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'update',
            src: 'update profile',
            input: ({ context, event }): ProfileUpdate => {
              if (event.type !== 'profile.save') return { displayName: '', email: '' };
              const update = { displayName: event.displayName.trim(), email: event.email.trim() };
              return emailChanges(context, event.email)
                ? { ...update, currentPassword: event.currentPassword }
                : update;
            },
            onDone: {
              target: 'editing',
              actions: [
                { type: 'adopt user', params: ({ event }) => event.output.user },
                { type: 'store new token', params: ({ event }) => event.output.token },
                {
                  type: 'show details feedback',
                  params: ({ event }) => ({ tone: 'success', text: event.output.message }),
                },
                'tell availability the new name',
              ],
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'show details failure',
                params: ({ event }) => ({ error: event.error, fallback: profileFailures.update }),
              },
            },
          },
        },
      },
    },
    password: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'password.change': [
              {
                guard: 'password change is refused',
                actions: {
                  type: 'show password feedback',
                  params: ({ event }) => ({ tone: 'error', text: passwordChangeError(event) ?? '' }),
                },
              },
              { target: 'changing' },
            ],
          },
        },
        changing: {
          tags: ['busy'],
          invoke: {
            id: 'password',
            src: 'change password',
            input: ({ event }) =>
              event.type === 'password.change'
                ? { currentPassword: event.currentPassword, newPassword: event.newPassword }
                : { currentPassword: '', newPassword: '' },
            onDone: {
              target: 'editing',
              actions: {
                type: 'show password feedback',
                params: ({ event }) => ({ tone: 'success', text: event.output.message }),
              },
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'show password feedback',
                params: ({ event }) => ({
                  tone: 'error',
                  text: failureText(event.error, profileFailures.password),
                }),
              },
            },
          },
        },
      },
    },
    data: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'data.download': { target: 'downloading', actions: { type: 'show data feedback', params: null } },
          },
        },
        downloading: {
          tags: ['busy'],
          invoke: {
            src: 'download account data',
            onDone: {
              target: 'idle',
              actions: {
                type: 'show data feedback',
                params: { tone: 'success', text: profileSuccesses.data },
              },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'show data feedback',
                params: ({ event }) => ({
                  tone: 'error',
                  text: failureText(event.error, profileFailures.data),
                }),
              },
            },
          },
        },
      },
    },
    deletion: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'account.delete.ask': [
              {
                guard: 'deletion password is missing',
                actions: {
                  type: 'show deletion feedback',
                  params: { tone: 'error', text: accountMessages.deletionPasswordRequired },
                },
              },
              {
                target: 'confirming',
                actions: [
                  { type: 'keep deletion password', params: ({ event }) => event.password },
                  { type: 'show deletion feedback', params: null },
                ],
              },
            ],
          },
        },
        /** The confirmation modal. */
        confirming: {
          on: {
            'account.delete.confirm': { target: 'deleting' },
            'account.delete.cancel': { target: 'idle', actions: 'forget deletion password' },
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'deletion',
            src: 'delete account',
            input: ({ context }) => ({ password: context.deletionPassword }),
            onDone: {
              target: 'deleted',
              actions: [
                'forget deletion password',
                {
                  type: 'show deletion feedback',
                  params: ({ event }) => ({ tone: 'success', text: event.output.message }),
                },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                'forget deletion password',
                {
                  type: 'show deletion feedback',
                  params: ({ event }) => ({
                    tone: 'error',
                    text: failureText(event.error, profileFailures.deletion),
                  }),
                },
              ],
            },
          },
        },
        deleted: {
          after: { homeRedirect: { target: 'gone', actions: ['clear stored credentials', 'go home'] } },
        },
        gone: { type: 'final' },
      },
    },
  },
});
