import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-invalid:border-red-500';

/** A labelled form field with its error under it; the control gets the id and aria wiring. */
export function Field({
  label,
  error,
  children,
  className,
}: {
  label: string;
  error?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
  className?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
      {error ? (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled one-line text field (text, e-mail, password...) with its error under it. */
export function TextField({
  label,
  error,
  value,
  onChange,
  type = 'text',
  autoComplete,
}: {
  label: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
}) {
  return (
    <Field label={label} error={error}>
      {(props) => (
        <input
          {...props}
          type={type}
          className={inputClass}
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
