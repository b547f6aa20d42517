import { useId, useLayoutEffect, useRef, type MouseEvent, type ReactNode, type KeyboardEvent } from 'react';
import { CloseButton } from './CloseButton';
import './dialog.css';

/** What takes the focus on opening: the first field, else the first action besides « × ». */
const FIRST_STOP = 'input, select, textarea, button:not(.dialog__close)';

/**
 * A modal dialog: the native `<dialog>` opened with `showModal()`, so it sits in the browser's top
 * layer above every panel of every screen, whatever their stacking, and the page behind it is inert.
 * It is labelled by its title; Escape and « × » close it; the focus goes inside on opening and back
 * to the opener on closing; a click on the backdrop closes it only when `closeOnBackdrop` says so,
 * as a dialog holding a half-typed form must not vanish at a stray click. Taller than the screen (a
 * phone), it scrolls inside. The parent mounts it to open it and unmounts it to close it.
 */
export function Dialog({
  title,
  closeLabel,
  onClose,
  children,
  size = 'medium',
  closeOnBackdrop = false,
  titleId,
  beside,
  className,
}: {
  title: ReactNode;
  /** The name of « × », which says what it closes. */
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  size?: 'small' | 'medium' | 'wide';
  closeOnBackdrop?: boolean;
  /** The title's id, when the content names itself by it too (a form labelled by the title). */
  titleId?: string;
  /** Shown after the title in the header (a friend's presence). */
  beside?: ReactNode;
  className?: string;
}) {
  const ownTitleId = useId();
  const labelId = titleId ?? ownTitleId;
  const dialog = useRef<HTMLDialogElement>(null);

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    // A dialog opened inside it at the same time keeps the focus it took.
    if (!element.contains(document.activeElement)) {
      (element.querySelector<HTMLElement>(FIRST_STOP) ?? element).focus();
    }
    return () => {
      if (element.open) element.close();
      opener?.focus();
    };
  }, []);

  const closeOnEscape = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    // Only the innermost dialog closes, and the browser does not close it behind React's back.
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };

  const closeOnBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (!closeOnBackdrop || event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) onClose();
  };

  return (
    <dialog
      ref={dialog}
      className={['dialog', `dialog--${size}`, className].filter(Boolean).join(' ')}
      aria-labelledby={labelId}
      tabIndex={-1}
      onKeyDown={closeOnEscape}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={closeOnBackdropClick}
    >
      <header className="dialog__header">
        <h2 id={labelId}>{title}</h2>
        {beside}
        <CloseButton className="dialog__close" label={closeLabel} onClose={onClose} />
      </header>
      {children}
    </dialog>
  );
}
