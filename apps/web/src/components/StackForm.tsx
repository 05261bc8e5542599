import type { FormEventHandler, ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';

interface StackFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Why the last submit was refused, beyond what stands under the fields. */
  message: string | null;
  submitting: boolean;
  /** The submit button's words. */
  submit: ReactNode;
  children: ReactNode;
  /** Anything under the submit button (a second way on). */
  after?: ReactNode;
}

/** A card page's form: the refusal on top, the fields one under another, one full-width submit button. */
export function StackForm({ onSubmit, message, submitting, submit, children, after }: StackFormProps) {
  return (
    <form className="form-stack" onSubmit={onSubmit} noValidate>
      {message && <Alert>{message}</Alert>}
      {children}
      <Button type="submit" variant="primary" className="btn-block" loading={submitting}>
        {submit}
      </Button>
      {after}
    </form>
  );
}
