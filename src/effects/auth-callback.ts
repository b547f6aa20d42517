import { fromPromise } from 'xstate';
import { identify } from '../api/auth';
import {
  authCallbackMachine,
  type CallbackTokens,
  type OfferedAccount,
} from '../machines/auth-callback.machine';

/** The callback page's effects: the server says whose the tokens are; the session takes them on a yes. */
export function authCallbackLogic({
  handTokens,
  goHome,
}: {
  handTokens: (tokens: CallbackTokens) => void;
  goHome: () => void;
}) {
  return authCallbackMachine.provide({
    actors: {
      'identify account': fromPromise<OfferedAccount, CallbackTokens>(async ({ input, signal }) => {
        const { user } = await identify(input.token, signal);
        return { displayName: user.display_name, email: user.email };
      }),
    },
    actions: {
      'hand tokens to session': (_, tokens) => handTokens(tokens),
      'log failure': (_, text) => console.error(text),
      'go home': goHome,
    },
  });
}
