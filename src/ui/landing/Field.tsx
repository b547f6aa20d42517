import { useId, type InputHTMLAttributes } from 'react';

/** A labelled input: the label is bound to it, so clicking or reading the label finds the field. */
export function Field({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
    </div>
  );
}
