import { type ErrorCode, errorStatus, errorTitle, type FieldError } from '@fieldplan/shared';
import { type LocalText, localText, type Texted, texted } from './local-text.js';
import { forbiddenTexts, missingTexts, partText } from './problem-texts.js';

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
    /** The detail in another language, when `detail` is its English. */
    text?: LocalText,
  ) {
    super(typeof detail === 'string' ? detail : (detail?.english ?? errorTitle[code]));
    const own = typeof detail === 'function' ? detail : text;
    if (own) this.text = own;
    this.status = errorStatus[code];
  }
}

/**
 * A 400 naming each field's problem; the detail joins their messages, each in the request's language
 * when it carries its text (http/problem-text.ts), else in English.
 */
export function invalidFields(errors: FieldError[]): AppError {
  const english = errors.map((e) => e.message).join('; ');
  const inLanguage: LocalText = (intl) =>
    errors.map((e: Texted<FieldError>) => e[localText]?.(intl) ?? e.message).join('; ');
  return new AppError('validation_failed', english, { errors }, inLanguage);
}

/**
 * A 400 on one field, with a message that names it (a LocalText: in the request's language; `english`,
 * when given, is its English for logs and the error's own message).
 */
export function fieldError(path: string, message: string | LocalText, english?: string): AppError {
  if (typeof message === 'string') return new AppError('validation_failed', message, { errors: [{ path, message }] });
  const error = texted({ path, message: english ?? message.english ?? '' }, message);
  return new AppError('validation_failed', english ?? message, { errors: [error] }, message);
}

/** 404 "<what> was not found", in the request's language when errors/problem-texts.ts has its sentence. */
export const notFound = (what = 'This resource') =>
  new AppError('not_found', `${what} was not found`, {}, partText(missingTexts, what));

/** 403 "You don't have permission to <action>", in the request's language like notFound. */
export const forbidden = (action: string) =>
  new AppError('forbidden', `You don't have permission to ${action}`, {}, partText(forbiddenTexts, action));
