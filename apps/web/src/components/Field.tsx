import { type ReactNode, type Ref, useId } from 'react';
import { Message } from '../lib/i18n';
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
        {optional && (
          <span className="field-optional">
            {' '}
            <Message id="components.field.optional" />
          </span>
        )}
      </label>
      {children}
      {error && <FieldError id={ids.errorId} error={error} />}
      {hint && (
        <p className="field-hint" id={ids.hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** What every labelled field takes besides its control's own attributes. */
export interface LabelledProps<E> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Shows "optional" beside the label. */
  optional?: boolean;
  ref?: Ref<E>;
}

/** The attributes that tie a control to its label and messages. */
export interface ControlAria {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface LabelledFieldProps extends Omit<LabelledProps<never>, 'ref'> {
  id: string | undefined;
  className: string | undefined;
  /** Draws the control, given its id and aria attributes. */
  control: (aria: ControlAria) => ReactNode;
}

/** A field (label, control, error or hint) around a control drawn by `control`. */
export function LabelledField({ id, label, hint, error, optional, className, control }: LabelledFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} optional={optional} className={className}>
      {control({ id: ids.inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': ids.describedBy })}
    </FieldShell>
  );
}

/** A field's error message, which its control names in `aria-describedby`. */
function FieldError({ id, error }: { id: string | undefined; error: string }) {
  return (
    <p className="field-error" id={id}>
      {error}
    </p>
  );
}

interface FieldsetFieldProps {
  className: string;
  legend: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}

/** A group of controls (checkboxes) under one legend, with the group's error underneath. */
export function FieldsetField({ className, legend, error, children }: FieldsetFieldProps) {
  const errorId = useId();
  return (
    <fieldset
      className={className}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="field-label">{legend}</legend>
      {children}
      {error && <FieldError id={errorId} error={error} />}
    </fieldset>
  );
}
