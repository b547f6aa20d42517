/**
 * Accept and decline side by side: a game invitation in the lobby and a friend request in the
 * friends menu answer the same way. The parent decides where they sit (a card's row, a list row).
 */
export function AnswerButtons({
  busy,
  accept,
  decline,
  onAccept,
  onDecline,
}: {
  busy: boolean;
  accept: string;
  decline: string;
  onAccept: () => void;
  onDecline: () => void;
}) {
  return (
    <>
      <button type="button" disabled={busy} onClick={onAccept}>
        {accept}
      </button>
      <button type="button" className="secondary" disabled={busy} onClick={onDecline}>
        {decline}
      </button>
    </>
  );
}
