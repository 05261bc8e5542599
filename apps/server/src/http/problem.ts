import { type ErrorCode, errorStatus, errorTitle, type FieldError, type Problem } from '@fieldplan/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isTransactionConflict } from '../db/errors.js';
import type { OutageTracker } from '../db/outage.js';
import { AppError } from '../errors/app-error.js';
import { intlFor } from '../i18n/index.js';
import { StorageFullError, storageFullRetryAfterSeconds } from '../storage/index.js';
import {
  problemDetails as details,
  inEnglish,
  issueText,
  type LocalText,
  localText,
  problemIn,
  requiredText,
  type Texted,
  text,
  textedFieldError,
  unknownFieldText,
} from './problem-text.js';
import { recurrenceText } from './recurrence-text.js';
import { type RequestErrorReports, requestContext } from './request-context.js';
import { requestLanguage } from './request-language.js';

/**
 * A problem+json body. `detail` given as a LocalText (http/problem-text.ts) is written in English here
 * and in the request's language when sent; given as a string, it is English in every language.
 */
export function problem(code: ErrorCode, detail: string | LocalText, extra: Partial<Problem> = {}): Texted<Problem> {
  const body: Texted<Problem> = {
    type: `https://fieldplan.dev/errors/${code}`,
    title: errorTitle[code],
    status: errorStatus[code],
    code,
    detail: inEnglish(detail),
    ...extra,
  };
  if (typeof detail !== 'string') body[localText] = detail;
  return body;
}

/**
 * Sends a problem with its detail and field messages in the request's language (the user's own
 * choice, else `Accept-Language`, else English); `code` and `title` are the same in every language.
 */
export function sendProblem(reply: FastifyReply, body: Texted<Problem>): FastifyReply {
  if (body.retryAfter !== undefined) reply.header('retry-after', String(body.retryAfter));
  const language = requestLanguage(reply.request);
  return reply
    .code(body.status)
    .header('content-language', language)
    .type('application/problem+json')
    .send(problemIn(body, intlFor(language)));
}

type ZodIssueLike = { path: PropertyKey[]; message: string; code?: string; keys?: string[] };

/**
 * Turns zod issues into field errors; unknown keys become one error per key, named. Each message is the
 * schema's English, and in another language the words of its kind (shared `issueMessage`).
 */
export function issuesToFieldErrors(issues: readonly ZodIssueLike[], prefix = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of issues) {
    const base = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) {
        const path = base ? `${base}.${key}` : key;
        out.push(textedFieldError(path, unknownFieldText(path), `Unknown field "${path}"`));
      }
    } else if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) {
      out.push(textedFieldError(base, requiredText(base), `${base || 'Body'} is required`));
    } else {
      // A recurrence rule's problem by its own sentence, else by the issue's kind.
      out.push(textedFieldError(base, recurrenceText(issue.message) ?? issueText(issue, prefix), issue.message));
    }
  }
  return out;
}

/** A field error's message as sent (its English, or the words it carries for another language). */
const messageIn = (error: Texted<FieldError>, intl: Parameters<LocalText>[0]) =>
  error[localText]?.(intl) ?? error.message;

const fastifyCodes: Record<string, { code: ErrorCode; detail: LocalText }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', detail: text(details.mediaType) },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'validation_failed', detail: text(details.contentLength) },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'validation_failed', detail: text(details.emptyBody) },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'validation_failed', detail: text(details.notJson) },
};

/** Router errors: an over-long path parameter names nothing (404); a malformed URL is a 400. */
export function frameworkErrorProblem(error: FastifyError): Problem {
  return error.code === 'FST_ERR_MAX_PARAM_LENGTH'
    ? problem('not_found', text(details.noSuchResource))
    : problem('validation_failed', text(details.malformedUrl));
}

/** The 413 of a body over the route's limit, naming that limit. */
function tooLarge(request: FastifyRequest): Problem {
  const kb = Math.round((request.routeOptions.bodyLimit ?? 0) / 1024);
  // The size as written, not as a number formatted for the language (1024, not 1,024).
  return problem('payload_too_large', kb > 0 ? text(details.tooLargeMax, { kb: String(kb) }) : text(details.tooLarge));
}

/** Seconds a caller should wait before retrying while the database is unreachable. */
export const unavailableRetryAfterSeconds = 5;

/** Seconds a caller should wait before sending again a write that met another at once (a deadlock). */
export const conflictRetryAfterSeconds = 1;

/**
 * Every error leaves as problem+json. Unexpected ones are a 500 whose reference is the error
 * report's event id, logged with it; other 5xx answers are reported too, 4xx never. A database that
 * can't be reached or doesn't answer in time is a 503 `unavailable` with Retry-After (clients keep
 * the request and retry), reported and logged once per outage (`outage`), not once per request.
 * A file storage with no room is a 507 `storage_full` with Retry-After, reported once per outage too.
 * A PostgreSQL deadlock or serialization failure is a 503 `unavailable` too, Retry-After 1, logged as
 * a warning: the transaction was rolled back whole, so sending the same request again is safe.
 */
export function registerProblemHandler(
  app: FastifyInstance,
  reporter: RequestErrorReports,
  outage?: OutageTracker,
): void {
  const report = (error: unknown, request: FastifyRequest, status: number) =>
    reporter.captureRequestError(error, { ...requestContext(request), status, requestId: String(request.id) });
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) report(error, request, error.status);
      return sendProblem(reply, problem(error.code, error.text ?? error.message, error.extra));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const issues = error.validation.map((v) => ({
        // The issue's own fields (minimum, origin, format …) word it in another language.
        ...(v.params as Record<string, unknown> | undefined),
        path: String(v.instancePath ?? '')
          .split('/')
          .filter(Boolean),
        message: v.message ?? 'is invalid',
        code: v.keyword,
        keys: (v.params as { keys?: string[] } | undefined)?.keys,
      }));
      const errors = issuesToFieldErrors(issues, where === 'body' ? '' : where);
      const detail: LocalText = (intl) =>
        errors.map((e) => messageIn(e, intl)).join('; ') || intl.formatMessage(details.invalidRequest);
      return sendProblem(reply, problem('validation_failed', detail, { errors }));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendProblem(reply, tooLarge(request));
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return sendProblem(reply, problem(known.code, known.detail));
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return sendProblem(reply, problem('validation_failed', text(details.notJson)));
    }
    if (error.statusCode === 413) return sendProblem(reply, tooLarge(request));
    if (error.statusCode === 415)
      return sendProblem(reply, problem('unsupported_media_type', text(details.unsupportedType)));
    if (error.statusCode === 429) return sendProblem(reply, problem('rate_limited', text(details.tooManyRequests)));
    if (isTransactionConflict(error)) {
      // Nothing was written; a warning, not a report: the request is fine and a retry succeeds.
      request.log.warn({ err: error }, 'transaction conflict (deadlock or serialization failure), answered 503');
      return sendProblem(
        reply,
        problem('unavailable', text(details.conflict), {
          retryAfter: conflictRetryAfterSeconds,
        }),
      );
    }
    if (error instanceof StorageFullError) {
      // An outage of the file storage, like the database's below: reported and logged once, not as a bug.
      if (error.startsOutage) {
        const reference = report(error.cause, request, 507);
        request.log.error({ err: error.cause, reference }, 'file storage full');
      }
      return sendProblem(
        reply,
        problem('storage_full', text(details.storageFull), {
          retryAfter: storageFullRetryAfterSeconds,
        }),
      );
    }
    if (isDatabaseUnavailable(error)) {
      if (outage?.failed() ?? true) {
        const reference = report(error, request, 503);
        request.log.error({ err: error, reference }, 'database unavailable');
      }
      return sendProblem(
        reply,
        problem('unavailable', text(details.databaseBusy), {
          retryAfter: unavailableRetryAfterSeconds,
        }),
      );
    }
    const reference = report(error, request, 500);
    request.log.error({ err: error, reference }, 'unhandled error');
    return sendProblem(
      reply,
      problem('internal', text(details.internal, { reference: String(reference) }), { reference }),
    );
  });
}
