import { type ErrorCode, errorStatus, errorTitle, type FieldError } from '@fieldplan/shared';

/** An expected failure with a catalogue code; the error handler turns it into problem+json. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    detail?: string,
    readonly extra: { errors?: FieldError[]; retryAfter?: number; currentVersion?: number } = {},
  ) {
    super(detail ?? errorTitle[code]);
    this.status = errorStatus[code];
  }
}

/** A 400 on one field, with a message that names it. */
export function fieldError(path: string, message: string): AppError {
  return new AppError('validation_failed', message, { errors: [{ path, message }] });
}

export const notFound = (what = 'This resource') => new AppError('not_found', `${what} was not found`);
export const forbidden = (action: string) => new AppError('forbidden', `You don't have permission to ${action}`);
