import { type ErrorCode, errorStatus, errorTitle, type FieldError } from '@fieldplan/shared';
import { type LocalText, texted } from './local-text.js';

/**
 * An expected failure with a catalogue code; the error handler turns it into problem+json. A detail
 * given as a LocalText (a catalog message) is sent in the request's language; a string is English only.
 */
export class AppError extends Error {
  readonly status: number;
  /** The detail as a message of the catalog, when it was given as one. */
  readonly text?: LocalText;
  constructor(
    readonly code: ErrorCode,
    detail?: string | LocalText,
    readonly extra: { errors?: FieldError[]; retryAfter?: number; currentVersion?: number } = {},
  ) {
    super(typeof detail === 'string' ? detail : errorTitle[code]);
    if (typeof detail === 'function') this.text = detail;
    this.status = errorStatus[code];
  }
}

/** A 400 on one field, with a message that names it (a LocalText: in the request's language). */
export function fieldError(path: string, message: string | LocalText): AppError {
  if (typeof message === 'string') return new AppError('validation_failed', message, { errors: [{ path, message }] });
  return new AppError('validation_failed', message, { errors: [texted({ path, message: '' }, message)] });
}

export const notFound = (what = 'This resource') => new AppError('not_found', `${what} was not found`);
export const forbidden = (action: string) => new AppError('forbidden', `You don't have permission to ${action}`);
