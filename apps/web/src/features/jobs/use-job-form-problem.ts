import { useCallback, useState } from 'react';
import { applyFieldErrors } from '../../lib/apply-field-errors';
import { problemMessage, toProblem } from '../../lib/problem';
import type { JobFormApi } from './JobForm';
import { formPath, jobFieldNames } from './job-form-schema';

/**
 * A refused job write: each field error goes under its field (`rrule` under the part of the
 * repeat editor it concerns), with the server's own words; anything else becomes the form's alert.
 */
export function useJobFormProblem() {
  const [message, setMessage] = useState<string | null>(null);
  const report = useCallback((error: unknown, form: JobFormApi) => {
    const problem = toProblem(error);
    const errors = (problem.errors ?? []).map((e) => ({ ...e, path: formPath(e.path) }));
    const leftover = applyFieldErrors({ ...problem, errors }, form.setError, jobFieldNames);
    const placed = errors.length - leftover.length;
    setMessage(
      placed > 0 && leftover.length === 0 ? null : leftover.length > 0 ? leftover.join(' ') : problemMessage(problem),
    );
  }, []);
  const clear = useCallback(() => setMessage(null), []);
  return { message, report, clear };
}
