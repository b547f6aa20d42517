import type { ReactNode } from 'react';
import { CloseButton } from './CloseButton';
import './notice.css';

export type NoticeTone = 'success' | 'error' | 'info';

/**
 * The line a screen says its outcome with. An error is an alert (read out at once); a success or a
 * piece of news is a status (read out when the reader is free). Without a tone it is an empty
 * status, kept in the page so a text that arrives later is read out. `onDismiss` adds a « × » named
 * `dismissLabel`.
 */
export function Notice({
  tone,
  children,
  className,
  onDismiss,
  dismissLabel,
}: {
  tone?: NoticeTone;
  children?: ReactNode;
  className?: string;
  onDismiss?: () => void;
  dismissLabel?: string;
}) {
  return (
    <p
      className={['notice', tone && `notice--${tone}`, className].filter(Boolean).join(' ')}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {children}
      {onDismiss && dismissLabel && (
        <CloseButton className="notice__dismiss" label={dismissLabel} onClose={onDismiss} />
      )}
    </p>
  );
}

/** A notice from an outcome a machine holds (`null` while there is none). */
export function OutcomeNotice({
  outcome,
  className,
}: {
  outcome: { tone: NoticeTone; text: string } | null;
  className?: string;
}) {
  return (
    <Notice tone={outcome?.tone} className={className}>
      {outcome?.text}
    </Notice>
  );
}
