import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { FieldShell, useFieldIds } from './Field';

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input with its message underneath. */
export function TextArea({ label, hint, error, optional, id, className, ref, ...input }: TextAreaProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} optional={optional} className={className}>
      <textarea
        ref={ref}
        id={ids.inputId}
        className="input textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...input}
      />
    </FieldShell>
  );
}
