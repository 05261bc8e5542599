import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldShell, useFieldIds } from './Field';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its message underneath (aria-invalid, aria-describedby). */
export function TextField({ label, hint, error, optional, id, className, ref, ...input }: TextFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} optional={optional} className={className}>
      <input
        ref={ref}
        id={ids.inputId}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...input}
      />
    </FieldShell>
  );
}
