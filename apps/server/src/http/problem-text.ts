import {
  type CustomIssueKind,
  type FieldError,
  fieldOfPath,
  type IssueLike,
  issueMessage,
  type Problem,
  ruleParams,
} from '@fieldplan/shared';
import type { IntlShape } from '@formatjs/intl';
import { type LocalText, localText, type Texted, texted } from '../errors/local-text.js';
import { defineMessages, intlFor } from '../i18n/index.js';
import { recurrenceText } from './recurrence-text.js';

// A problem's words in the caller's language (docs/PRODUCT.md, "Error catalogue"): `code` and `title`
// are the same in every language; `detail` and each field's `message` are written in English when the
// problem is made and, when the problem carries its text (errors/local-text.ts), again in the request's
// language when it is sent (http/problem.ts). The English is kept as written, so English never changes.

export { type LocalText, localText, type Texted } from '../errors/local-text.js';

const englishIntl = intlFor('en');

/** A message of the server's catalog with its arguments, as a LocalText that knows its English. */
export function text(descriptor: { id: string }, values?: Record<string, string | number>): LocalText {
  const local = (intl: IntlShape) => intl.formatMessage(descriptor, values);
  return Object.defineProperty(local, 'english', { get: () => local(englishIntl) });
}

/** The English of a detail given as a string or a LocalText. */
export const inEnglish = (detail: string | LocalText): string =>
  typeof detail === 'string' ? detail : detail(englishIntl);

/** `text`, but `english` as written for English (a schema's own message, kept as it always read). */
export const withEnglish =
  (english: string, other: LocalText): LocalText =>
  (intl) =>
    intl.locale === 'en' ? english : other(intl);

/** A field error whose message reads in the request's language; `english` is what English callers get. */
export function textedFieldError(path: string, message: LocalText, english?: string): FieldError {
  const own = english === undefined ? message : withEnglish(english, message);
  return texted({ path, message: english ?? message(englishIntl) }, own);
}

/** The details the HTTP layer itself answers with. */
export const problemDetails = defineMessages({
  mediaType: { id: 'problems.detail.mediaType' },
  contentLength: { id: 'problems.detail.contentLength' },
  emptyBody: { id: 'problems.detail.emptyBody' },
  notJson: { id: 'problems.detail.notJson' },
  noSuchResource: { id: 'problems.detail.noSuchResource' },
  malformedUrl: { id: 'problems.detail.malformedUrl' },
  tooLarge: { id: 'problems.detail.tooLarge' },
  tooLargeMax: { id: 'problems.detail.tooLargeMax' },
  invalidRequest: { id: 'problems.detail.invalidRequest' },
  unsupportedType: { id: 'problems.detail.unsupportedType' },
  tooManyRequests: { id: 'problems.detail.tooManyRequests' },
  conflict: { id: 'problems.detail.conflict' },
  storageFull: { id: 'problems.detail.storageFull' },
  databaseBusy: { id: 'problems.detail.databaseBusy' },
  internal: { id: 'problems.detail.internal' },
  signIn: { id: 'problems.detail.signIn' },
  noSuchFile: { id: 'problems.detail.noSuchFile' },
  noRoute: { id: 'problems.detail.noRoute' },
  stopping: { id: 'problems.detail.stopping' },
});

const kinds = defineMessages({
  'custom.allDayTooLong': { id: 'problems.validation.custom.allDayTooLong' },
  'custom.bothCoordinates': { id: 'problems.validation.custom.bothCoordinates' },
  'custom.colour': { id: 'problems.validation.custom.colour' },
  'custom.date': { id: 'problems.validation.custom.date' },
  'custom.dateLike': { id: 'problems.validation.custom.dateLike' },
  'custom.dateTimeLike': { id: 'problems.validation.custom.dateTimeLike' },
  'custom.endAfterStart': { id: 'problems.validation.custom.endAfterStart' },
  'custom.endAfterStartAllDay': { id: 'problems.validation.custom.endAfterStartAllDay' },
  'custom.endWithStart': { id: 'problems.validation.custom.endWithStart' },
  'custom.jobTooLong': { id: 'problems.validation.custom.jobTooLong' },
  'custom.jobTooShort': { id: 'problems.validation.custom.jobTooShort' },
  'custom.listedTwice': { id: 'problems.validation.custom.listedTwice' },
  'custom.phoneCharacters': { id: 'problems.validation.custom.phoneCharacters' },
  'custom.phoneDigits': { id: 'problems.validation.custom.phoneDigits' },
  'custom.recurringNeedsTime': { id: 'problems.validation.custom.recurringNeedsTime' },
  'custom.slug': { id: 'problems.validation.custom.slug' },
  'custom.startWithEnd': { id: 'problems.validation.custom.startWithEnd' },
  'custom.time': { id: 'problems.validation.custom.time' },
  'custom.timeZone': { id: 'problems.validation.custom.timeZone' },
  'custom.visitInsideWindow': { id: 'problems.validation.custom.visitInsideWindow' },
  'custom.windowAllDay': { id: 'problems.validation.custom.windowAllDay' },
  'custom.windowFromDateTime': { id: 'problems.validation.custom.windowFromDateTime' },
  'custom.windowNeedsTime': { id: 'problems.validation.custom.windowNeedsTime' },
  'custom.windowRecurring': { id: 'problems.validation.custom.windowRecurring' },
  'custom.windowTooLong': { id: 'problems.validation.custom.windowTooLong' },
  'custom.windowUntilAfterFrom': { id: 'problems.validation.custom.windowUntilAfterFrom' },
  'custom.windowUntilDateTime': { id: 'problems.validation.custom.windowUntilDateTime' },
  dateTime: { id: 'problems.validation.dateTime' },
  email: { id: 'problems.validation.email' },
  format: { id: 'problems.validation.format' },
  invalid: { id: 'problems.validation.invalid' },
  multipleOf: { id: 'problems.validation.multipleOf' },
  notBoolean: { id: 'problems.validation.notBoolean' },
  notList: { id: 'problems.validation.notList' },
  notNumber: { id: 'problems.validation.notNumber' },
  notText: { id: 'problems.validation.notText' },
  oneOf: { id: 'problems.validation.oneOf' },
  required: { id: 'problems.validation.required' },
  tooBig: { id: 'problems.validation.tooBig' },
  tooFew: { id: 'problems.validation.tooFew' },
  tooLong: { id: 'problems.validation.tooLong' },
  tooMany: { id: 'problems.validation.tooMany' },
  tooShort: { id: 'problems.validation.tooShort' },
  tooSmall: { id: 'problems.validation.tooSmall' },
  unknownField: { id: 'problems.validation.unknownField' },
  url: { id: 'problems.validation.url' },
});

/** The names of the fields a message names, as a form labels them; another field is named by its key. */
const fieldNames = defineMessages({
  address: { id: 'problems.field.address' },
  assigneeIds: { id: 'problems.field.assigneeIds' },
  colour: { id: 'problems.field.colour' },
  customerId: { id: 'problems.field.customerId' },
  description: { id: 'problems.field.description' },
  durationMinutes: { id: 'problems.field.durationMinutes' },
  email: { id: 'problems.field.email' },
  end: { id: 'problems.field.end' },
  from: { id: 'problems.field.from' },
  intro: { id: 'problems.field.intro' },
  language: { id: 'problems.field.language' },
  lat: { id: 'problems.field.lat' },
  lng: { id: 'problems.field.lng' },
  name: { id: 'problems.field.name' },
  notes: { id: 'problems.field.notes' },
  password: { id: 'problems.field.password' },
  phone: { id: 'problems.field.phone' },
  priority: { id: 'problems.field.priority' },
  reason: { id: 'problems.field.reason' },
  role: { id: 'problems.field.role' },
  rrule: { id: 'problems.field.rrule' },
  serviceId: { id: 'problems.field.serviceId' },
  slug: { id: 'problems.field.slug' },
  start: { id: 'problems.field.start' },
  technicianIds: { id: 'problems.field.technicianIds' },
  timeZone: { id: 'problems.field.timeZone' },
  title: { id: 'problems.field.title' },
  url: { id: 'problems.field.url' },
});
const otherField = defineMessages({
  named: { id: 'problems.field.other' },
  body: { id: 'problems.field.body' },
});

function fieldName(intl: IntlShape, field: string): string {
  if (field === '') return intl.formatMessage(otherField.body);
  const own = (fieldNames as Record<string, { id: string }>)[field];
  return own ? intl.formatMessage(own) : intl.formatMessage(otherField.named, { name: field });
}

/** A validation issue's message in a language, by its kind and field (the schema's own text is its English). */
export function issueText(issue: IssueLike, prefix = ''): LocalText {
  const message = issueMessage(issue);
  const field = message.field || fieldOfPath(prefix);
  if (message.kind === 'unknownField') return unknownFieldText(field);
  return (intl) => intl.formatMessage(kinds[message.kind], { ...message.values, field: fieldName(intl, field) });
}

/**
 * A shared rule's problem (a job's time …) as a field error: its English as the rule wrote it, in another
 * language the words of its kind (a rule without one: "<field> is invalid").
 */
export function ruleFieldError(issue: {
  path: string | readonly string[];
  message: string;
  kind?: CustomIssueKind;
  values?: Record<string, string | number>;
}): FieldError {
  const path = typeof issue.path === 'string' ? issue.path : issue.path.join('.');
  const params = ruleParams(issue);
  const steps = path.split('.');
  const own = recurrenceText(issue.message) ?? issueText({ code: 'custom', path: steps, ...(params && { params }) });
  return textedFieldError(path, own, issue.message);
}

/** "Name is required", for a field the body lacks (`path` dotted; '' the body itself). */
export const requiredText =
  (path: string): LocalText =>
  (intl) =>
    intl.formatMessage(kinds.required, { field: fieldName(intl, fieldOfPath(path)) });

/** 'Unknown field "path"' (`path` dotted, as the caller sent it). */
export const unknownFieldText =
  (path: string): LocalText =>
  (intl) =>
    intl.formatMessage(kinds.unknownField, { field: path });

/** The problem with its detail and field messages in the language of `intl` (those given as text). */
export function problemIn(body: Texted<Problem>, intl: IntlShape): Problem {
  const { [localText]: detail, ...rest } = body;
  const errors = body.errors?.map((error: Texted<FieldError>) => {
    const own = error[localText];
    return own ? { path: error.path, message: own(intl) } : { path: error.path, message: error.message };
  });
  return {
    ...rest,
    detail: detail ? detail(intl) : body.detail,
    ...(errors && { errors }),
  };
}
