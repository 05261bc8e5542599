import { type ReactNode, useId } from 'react';
import './Field.css';

export interface FieldIds {
  inputId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  /** For `aria-describedby`: the hint and the error, when present. */
  describedBy: string | undefined;
}

/** Ids that tie an input to its label, hint and error message. */
export function useFieldIds(id: string | undefined, hint: unknown, error: unknown): FieldIds {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return { inputId, hintId, errorId, describedBy };
}

interface FieldShellProps {
  ids: FieldIds;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Shows "optional" beside the label. */
  optional?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label above, control, then the error (or the hint) below — the layout of every form field. */
export function FieldShell({ ids, label, hint, error, optional, className, children }: FieldShellProps) {
  return (
    <div className={['field', error ? 'field-invalid' : '', className].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={ids.inputId}>
        {label}
        {optional && <span className="field-optional"> optional</span>}
      </label>
      {children}
      {error && (
        <p className="field-error" id={ids.errorId}>
          {error}
        </p>
      )}
      {hint && (
        <p className="field-hint" id={ids.hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
