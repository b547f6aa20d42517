import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { homeMessages } from './messages';
import { CloseButton } from '../components/CloseButton';
import './modal.css';

/** Open modals, innermost last: Escape belongs to the innermost. */
const openModals: symbol[] = [];

/**
 * A modal dialog over the home screen: labelled by its title, closed by Escape or its close
 * button, focus moved inside on opening and given back on closing. Escape closes only the topmost
 * one (a confirmation over the profile).
 */
export function Modal({
  title,
  onClose,
  children,
  wide = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const titleId = useId();
  const dialog = useRef<HTMLElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = dialog.current?.querySelector<HTMLElement>(
      'input, select, textarea, button:not(.modal__close)',
    );
    (first ?? dialog.current)?.focus();
    const token = Symbol('modal');
    openModals.push(token);
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && openModals.at(-1) === token) onCloseRef.current();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      openModals.splice(openModals.indexOf(token), 1);
      opener?.focus();
    };
  }, []);

  // On the body: a transformed ancestor (the mode panel) would otherwise hold the fixed overlay.
  return createPortal(
    <div className="modal">
      <section
        ref={dialog}
        tabIndex={-1}
        className={wide ? 'modal__dialog modal__dialog--wide' : 'modal__dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <CloseButton className="modal__close" label={homeMessages.close} onClose={onClose} />
        <h2 id={titleId}>{title}</h2>
        {children}
      </section>
    </div>,
    document.body,
  );
}

/** A message region read out when it changes. */
export function Feedback({
  feedback,
}: {
  feedback: { tone: 'success' | 'error' | 'info'; text: string } | null;
}) {
  return (
    <p
      className={`feedback feedback--${feedback?.tone ?? 'none'}`}
      role={feedback?.tone === 'error' ? 'alert' : 'status'}
      aria-live="polite"
    >
      {feedback?.text ?? ''}
    </p>
  );
}
