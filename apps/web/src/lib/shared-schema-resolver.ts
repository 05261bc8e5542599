import { type IssueLike, issueMessage } from '@fieldplan/shared';
import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { currentIntl, defineMessages } from './i18n';

// A form checked with a shared schema shows its messages in the page's language (docs/PRODUCT.md,
// "Languages"): in English the schema's own text, in another language the words of the issue's kind and
// field from this app's catalog (shared `issueMessage`, the same table the server words its problems by).

const kinds = defineMessages({
  'custom.allDayTooLong': { id: 'components.fieldError.custom.allDayTooLong' },
  'custom.bothCoordinates': { id: 'components.fieldError.custom.bothCoordinates' },
  'custom.colour': { id: 'components.fieldError.custom.colour' },
  'custom.date': { id: 'components.fieldError.custom.date' },
  'custom.dateLike': { id: 'components.fieldError.custom.dateLike' },
  'custom.dateTimeLike': { id: 'components.fieldError.custom.dateTimeLike' },
  'custom.endAfterStart': { id: 'components.fieldError.custom.endAfterStart' },
  'custom.endAfterStartAllDay': { id: 'components.fieldError.custom.endAfterStartAllDay' },
  'custom.endWithStart': { id: 'components.fieldError.custom.endWithStart' },
  'custom.jobTooLong': { id: 'components.fieldError.custom.jobTooLong' },
  'custom.jobTooShort': { id: 'components.fieldError.custom.jobTooShort' },
  'custom.listedTwice': { id: 'components.fieldError.custom.listedTwice' },
  'custom.phoneCharacters': { id: 'components.fieldError.custom.phoneCharacters' },
  'custom.phoneDigits': { id: 'components.fieldError.custom.phoneDigits' },
  'custom.recurringNeedsTime': { id: 'components.fieldError.custom.recurringNeedsTime' },
  'custom.slug': { id: 'components.fieldError.custom.slug' },
  'custom.startWithEnd': { id: 'components.fieldError.custom.startWithEnd' },
  'custom.time': { id: 'components.fieldError.custom.time' },
  'custom.timeZone': { id: 'components.fieldError.custom.timeZone' },
  'custom.visitInsideWindow': { id: 'components.fieldError.custom.visitInsideWindow' },
  'custom.windowAllDay': { id: 'components.fieldError.custom.windowAllDay' },
  'custom.windowFromDateTime': { id: 'components.fieldError.custom.windowFromDateTime' },
  'custom.windowNeedsTime': { id: 'components.fieldError.custom.windowNeedsTime' },
  'custom.windowRecurring': { id: 'components.fieldError.custom.windowRecurring' },
  'custom.windowTooLong': { id: 'components.fieldError.custom.windowTooLong' },
  'custom.windowUntilAfterFrom': { id: 'components.fieldError.custom.windowUntilAfterFrom' },
  'custom.windowUntilDateTime': { id: 'components.fieldError.custom.windowUntilDateTime' },
  dateTime: { id: 'components.fieldError.dateTime' },
  email: { id: 'components.fieldError.email' },
  format: { id: 'components.fieldError.format' },
  invalid: { id: 'components.fieldError.invalid' },
  multipleOf: { id: 'components.fieldError.multipleOf' },
  notBoolean: { id: 'components.fieldError.notBoolean' },
  notList: { id: 'components.fieldError.notList' },
  notNumber: { id: 'components.fieldError.notNumber' },
  notText: { id: 'components.fieldError.notText' },
  oneOf: { id: 'components.fieldError.oneOf' },
  required: { id: 'components.fieldError.required' },
  tooBig: { id: 'components.fieldError.tooBig' },
  tooFew: { id: 'components.fieldError.tooFew' },
  tooLong: { id: 'components.fieldError.tooLong' },
  tooMany: { id: 'components.fieldError.tooMany' },
  tooShort: { id: 'components.fieldError.tooShort' },
  tooSmall: { id: 'components.fieldError.tooSmall' },
  url: { id: 'components.fieldError.url' },
  unknownField: { id: 'components.fieldError.invalid' },
});

/** The names of the fields a message names; another field is "this field". */
const fieldNames = defineMessages({
  address: { id: 'components.fieldName.address' },
  assigneeIds: { id: 'components.fieldName.assigneeIds' },
  colour: { id: 'components.fieldName.colour' },
  customerId: { id: 'components.fieldName.customerId' },
  description: { id: 'components.fieldName.description' },
  durationMinutes: { id: 'components.fieldName.durationMinutes' },
  email: { id: 'components.fieldName.email' },
  end: { id: 'components.fieldName.end' },
  from: { id: 'components.fieldName.from' },
  intro: { id: 'components.fieldName.intro' },
  language: { id: 'components.fieldName.language' },
  lat: { id: 'components.fieldName.lat' },
  lng: { id: 'components.fieldName.lng' },
  name: { id: 'components.fieldName.name' },
  notes: { id: 'components.fieldName.notes' },
  password: { id: 'components.fieldName.password' },
  phone: { id: 'components.fieldName.phone' },
  priority: { id: 'components.fieldName.priority' },
  reason: { id: 'components.fieldName.reason' },
  role: { id: 'components.fieldName.role' },
  rrule: { id: 'components.fieldName.rrule' },
  serviceId: { id: 'components.fieldName.serviceId' },
  slug: { id: 'components.fieldName.slug' },
  start: { id: 'components.fieldName.start' },
  technicianIds: { id: 'components.fieldName.technicianIds' },
  timeZone: { id: 'components.fieldName.timeZone' },
  title: { id: 'components.fieldName.title' },
  url: { id: 'components.fieldName.url' },
});
const otherField = defineMessages({ other: { id: 'components.fieldName.other' } });

/** A shared schema's issue in the page's language (its own English for English). */
export function issueInLanguage(issue: IssueLike & { message: string }): string {
  const intl = currentIntl();
  if (intl.locale === 'en') return issue.message;
  const { kind, field, values } = issueMessage(issue);
  const own = (fieldNames as Record<string, { id: string }>)[field];
  const name = intl.formatMessage(own ?? otherField.other);
  return intl.formatMessage(kinds[kind], { ...values, field: name });
}

/**
 * react-hook-form's resolver for a shared schema, its messages in the page's language; issues the form's
 * own schema words itself (`error: () => t(…)`) are named by `ownWords` and shown as they are.
 */
export function sharedSchemaResolver<Input extends FieldValues, Context, Output>(
  schema: z.ZodType<Output, Input>,
  wording: {
    /** Issues the form's own schema words itself (`error: () => t(…)`): shown as they are. */
    ownWords?: (issue: z.core.$ZodIssue) => boolean;
  } = {},
): Resolver<Input, Context, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    // The first issue of each field, as zodResolver shows it.
    const errors: Record<string, FieldError> = Object.create(null);
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      const message = wording.ownWords?.(issue)
        ? issue.message
        : issueInLanguage(issue as IssueLike & { message: string });
      errors[path] ??= { message, type: issue.code };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
