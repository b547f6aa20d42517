import { adminMessages } from './messages';

const text = adminMessages.gate;

export type GateState = 'starting' | 'checking' | 'granted' | 'noGame' | 'denied' | 'leaving';

/** The per-game admin page's gate (table.md §2): checking, refused, or no game given. */
export function PermissionOverlay({ state, refusal }: { state: GateState; refusal: string | null }) {
  if (state === 'checking' || state === 'starting') {
    return (
      <div className="admin-overlay" role="status" aria-live="polite">
        <div className="admin-overlay__panel">
          <h1>{text.checking}</h1>
          <p>{text.checkingExplanation}</p>
        </div>
      </div>
    );
  }
  if (state === 'noGame') {
    return (
      <div className="admin-overlay">
        <div className="admin-overlay__panel" role="alert">
          <h1>{text.noGame}</h1>
          <p>{text.goingHome}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="admin-overlay">
      <div className="admin-overlay__panel admin-overlay__panel--denied" role="alert">
        <h1>{text.deniedTitle}</h1>
        <p>{text.deniedText}</p>
        {refusal && <p className="admin-error">{refusal}</p>}
        <p>{text.goingHome}</p>
      </div>
    </div>
  );
}
