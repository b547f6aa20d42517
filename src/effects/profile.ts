import { fromPromise } from 'xstate';
import {
  changePassword,
  checkDisplayName,
  deleteAccount,
  getAccountData,
  getProfile,
  updateProfile,
} from '../api/auth';
import { saveJsonFile } from './save-file';
import { displayNameAvailabilityMachine } from '../machines/display-name-availability.machine';
import { profileMachine, type ProfileUpdate } from '../machines/profile.machine';
import { storage } from '../api/storage';

/**
 * The profile modal's effects. A new token goes to storage, whose change the auth machine follows
 * (the same path as a renewal), so the top bar and the socket pick up the new name by themselves.
 */
export function profileLogic(goHome: () => void) {
  return profileMachine.provide({
    actors: {
      availability: displayNameAvailabilityMachine.provide({
        actors: {
          'check display name': fromPromise(
            async ({ input, signal }: { input: { name: string }; signal: AbortSignal }) =>
              (await checkDisplayName(input.name, signal)).isAvailable,
          ),
        },
      }),
      'load profile': fromPromise(({ signal }) => getProfile(signal)),
      'update profile': fromPromise(({ input }: { input: ProfileUpdate }) => updateProfile(input)),
      'change password': fromPromise(
        ({ input }: { input: { currentPassword: string; newPassword: string } }) => changePassword(input),
      ),
      'delete account': fromPromise(({ input }: { input: { password: string } }) =>
        deleteAccount(input.password),
      ),
      'download account data': fromPromise(async () => {
        const data = await getAccountData();
        saveJsonFile(
          `shattered-realms-mes-donnees-${data.exportedAt.slice(0, 10)}.json`,
          JSON.stringify(data, null, 2),
        );
      }),
    },
    actions: {
      'store new token': (_, token) => storage.set('jwt', token),
      'clear stored credentials': () => storage.remove('jwt', 'userId', 'displayName', 'refresh_token'),
      'go home': goHome,
    },
  });
}
