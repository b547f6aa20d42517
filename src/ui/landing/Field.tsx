import { useId, type InputHTMLAttributes } from 'react';

/**
 * A labelled input: the label is bound to it, so clicking or reading the label finds the field.
 * A hint under it (a counter, a rule) describes the input to a screen reader too.
 */
export function Field({
  label,
  hint,
  ...input
}: { label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={hint === undefined ? undefined : `${id}-hint`} {...input} />
      {hint !== undefined && (
        <p id={`${id}-hint`} className="field__hint" aria-live="polite">
          {hint}
        </p>
      )}
    </div>
  );
}
