import type { Problem } from '@fieldplan/shared';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Puts the server's field errors (`problem.errors[].path`, dotted like RHF names) under the form's
 * own fields. Returns the problems that belong to no field, for the form's alert.
 */
export function applyFieldErrors<T extends FieldValues>(
  problem: Problem,
  setError: UseFormSetError<T>,
  fieldNames: readonly string[],
): string[] {
  const leftover: string[] = [];
  let focused = false;
  for (const error of problem.errors ?? []) {
    const name = fieldNames.find((field) => error.path === field || error.path.startsWith(`${field}.`));
    if (name === undefined) {
      leftover.push(error.message);
      continue;
    }
    // The deepest matching name the form knows: `workingHours.end` rather than `workingHours`.
    const target = fieldNames.includes(error.path) ? error.path : name;
    setError(target as Path<T>, { type: 'server', message: error.message }, { shouldFocus: !focused });
    focused = true;
  }
  return leftover;
}
