import { socialMessages } from './messages';

/** An alert of the friends menu or the chat window, with its button to dismiss it. */
export function SocialAlert({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  return (
    <p className="social-alert" role="alert">
      {text}{' '}
      <button type="button" className="secondary" onClick={onDismiss}>
        {socialMessages.dismiss}
      </button>
    </p>
  );
}
