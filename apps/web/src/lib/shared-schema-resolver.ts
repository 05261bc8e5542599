import { type IssueLike, issueMessage } from '@fieldplan/shared';
import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { currentIntl, defineMessages } from './i18n';

// A form checked with a shared schema shows its messages in the page's language (docs/PRODUCT.md,
// "Languages"): in English the schema's own text, in another language the words of the issue's kind and
// field from this app's catalog (shared `issueMessage`, the same table the server words its problems by).

const kinds = defineMessages({
  required: { id: 'components.fieldError.required' },
  notText: { id: 'components.fieldError.notText' },
  notNumber: { id: 'components.fieldError.notNumber' },
  notBoolean: { id: 'components.fieldError.notBoolean' },
  notList: { id: 'components.fieldError.notList' },
  invalid: { id: 'components.fieldError.invalid' },
  tooShort: { id: 'components.fieldError.tooShort' },
  tooLong: { id: 'components.fieldError.tooLong' },
  tooSmall: { id: 'components.fieldError.tooSmall' },
  tooBig: { id: 'components.fieldError.tooBig' },
  tooFew: { id: 'components.fieldError.tooFew' },
  tooMany: { id: 'components.fieldError.tooMany' },
  email: { id: 'components.fieldError.email' },
  url: { id: 'components.fieldError.url' },
  dateTime: { id: 'components.fieldError.dateTime' },
  format: { id: 'components.fieldError.format' },
  oneOf: { id: 'components.fieldError.oneOf' },
  multipleOf: { id: 'components.fieldError.multipleOf' },
  'custom.bothCoordinates': { id: 'components.fieldError.custom.bothCoordinates' },
  'custom.colour': { id: 'components.fieldError.custom.colour' },
  'custom.date': { id: 'components.fieldError.custom.date' },
  'custom.listedTwice': { id: 'components.fieldError.custom.listedTwice' },
  'custom.phoneCharacters': { id: 'components.fieldError.custom.phoneCharacters' },
  'custom.phoneDigits': { id: 'components.fieldError.custom.phoneDigits' },
  'custom.slug': { id: 'components.fieldError.custom.slug' },
  'custom.time': { id: 'components.fieldError.custom.time' },
  'custom.timeZone': { id: 'components.fieldError.custom.timeZone' },
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
 * react-hook-form's resolver for a shared schema, its messages in the page's language. For a form whose
 * schema words its own messages (`error: () => t(…)`), @hookform/resolvers' zodResolver keeps them.
 */
export function sharedSchemaResolver<Input extends FieldValues, Context, Output>(
  schema: z.ZodType<Output, Input>,
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
      errors[path] ??= { message: issueInLanguage(issue as IssueLike & { message: string }), type: issue.code };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
