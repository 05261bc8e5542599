import { useCallback, useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { applyFieldErrors } from './apply-field-errors';
import { problemMessage, toProblem } from './problem';

/**
 * A form's handling of a refused submit: field errors go under their fields, everything else
 * becomes one message for the form's alert (`message`).
 */
export function useFormProblem<T extends FieldValues>(setError: UseFormSetError<T>, fieldNames: readonly string[]) {
  const [message, setMessage] = useState<string | null>(null);
  const report = useCallback(
    (error: unknown) => {
      const problem = toProblem(error);
      const leftover = applyFieldErrors(problem, setError, fieldNames);
      const placed = (problem.errors?.length ?? 0) - leftover.length;
      if (placed > 0 && leftover.length === 0) setMessage(null);
      else setMessage(leftover.length > 0 ? leftover.join(' ') : problemMessage(problem));
    },
    [setError, fieldNames],
  );
  const clear = useCallback(() => setMessage(null), []);
  return { message, report, clear };
}
