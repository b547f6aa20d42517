import './close-button.css';

/**
 * The « × » that closes a dialog or dismisses a notice. It has no text a screen reader could read,
 * so its name (`label`) says what it closes; `className` places it in its parent's layout.
 */
export function CloseButton({
  label,
  onClose,
  className,
}: {
  label: string;
  onClose: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={className ? `close-button secondary ${className}` : 'close-button secondary'}
      aria-label={label}
      onClick={onClose}
    >
      ×
    </button>
  );
}
