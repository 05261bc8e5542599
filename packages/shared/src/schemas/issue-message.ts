import type { FieldError } from '../errors.js';

// Validation messages in every language (docs/PRODUCT.md, "Languages"): a schema's own text is its English;
// another language words an issue by its kind and its field, looked up in that side's catalog (the server's
// for problem+json, the web's for its forms). This table says which kind of message an issue is.

/** What a zod issue (or a field error shaped like one) carries that its message depends on. */
export interface IssueLike {
  code?: string;
  path?: readonly PropertyKey[];
  origin?: string;
  expected?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  divisor?: number | bigint;
  values?: readonly unknown[];
  keys?: readonly string[];
  params?: { message?: string; values?: Record<string, string | number> };
}

/**
 * The kinds of validation message; each side's catalog words one per kind (`{field}` the field's name,
 * the other arguments as the kind's `values` below). `custom.*` kinds are named by the schema itself
 * (a refinement's `params: { message }`), one per rule whose wording no generic kind can give.
 */
export const issueKinds = [
  'required',
  'notText',
  'notNumber',
  'notBoolean',
  'notList',
  'invalid',
  'tooShort',
  'tooLong',
  'tooSmall',
  'tooBig',
  'tooFew',
  'tooMany',
  'email',
  'url',
  'dateTime',
  'format',
  'oneOf',
  'multipleOf',
  'unknownField',
] as const;
export type IssueKind = (typeof issueKinds)[number];

/**
 * Rules whose wording no generic kind gives, by issue code and field (a pattern's or a refinement's
 * message is the schema's own); a refinement may name one instead in `params: { message }`.
 */
const customByField = {
  'invalid_format:phone': 'phoneCharacters',
  'custom:phone': 'phoneDigits',
  'invalid_format:colour': 'colour',
  'custom:timeZone': 'timeZone',
  'invalid_format:slug': 'slug',
  'invalid_format:start': 'time',
  'invalid_format:end': 'time',
  'invalid_format:reminderTime': 'time',
  'invalid_format:from': 'date',
  'custom:lat': 'bothCoordinates',
  'custom:lng': 'bothCoordinates',
  'custom:assigneeIds': 'listedTwice',
  'custom:technicianIds': 'listedTwice',
} as const;

export const customIssueKinds = [
  'allDayTooLong',
  'bothCoordinates',
  'colour',
  'date',
  'dateLike',
  'dateTimeLike',
  'endAfterStart',
  'endAfterStartAllDay',
  'endWithStart',
  'jobTooLong',
  'jobTooShort',
  'listedTwice',
  'phoneCharacters',
  'phoneDigits',
  'recurringNeedsTime',
  'slug',
  'startWithEnd',
  'time',
  'timeZone',
  'visitInsideWindow',
  'windowAllDay',
  'windowFromDateTime',
  'windowNeedsTime',
  'windowRecurring',
  'windowTooLong',
  'windowUntilAfterFrom',
  'windowUntilDateTime',
] as const;
export type CustomIssueKind = (typeof customIssueKinds)[number];

/**
 * A rule's problem at a field (`path` dotted) with its English `message`, and the kind (with its
 * arguments) that words it in another language; a refinement hands both on in `params` (`ruleParams`).
 */
export interface RuleIssue extends FieldError {
  kind?: CustomIssueKind;
  values?: Record<string, string | number>;
}

/** A rule issue's kind and arguments as a zod issue's `params`, for `issueMessage` to read back. */
export const ruleParams = (issue: Pick<RuleIssue, 'kind' | 'values'>) =>
  issue.kind ? { message: issue.kind, ...(issue.values && { values: issue.values }) } : undefined;

export interface IssueMessage {
  kind: IssueKind | `custom.${CustomIssueKind}`;
  /** The field the message names: the last named step of the issue's path ('' for the whole body). */
  field: string;
  values: Record<string, string | number>;
}

const isCustomKind = (value: unknown): value is CustomIssueKind =>
  typeof value === 'string' && (customIssueKinds as readonly string[]).includes(value);

/** The last step of a path that names a field (`items.2.label` → `label`). */
export function fieldOfPath(path: readonly PropertyKey[] | string): string {
  const steps = typeof path === 'string' ? path.split('.') : path.map(String);
  for (let i = steps.length - 1; i >= 0; i -= 1) {
    const step = steps[i] ?? '';
    if (step !== '' && !/^\d+$/.test(step)) return step;
  }
  return '';
}

/** Which message an issue is, with its arguments; `invalid` when no kind fits. */
export function issueMessage(issue: IssueLike): IssueMessage {
  const field = fieldOfPath(issue.path ?? []);
  const at = (kind: IssueMessage['kind'], values: Record<string, string | number> = {}): IssueMessage => ({
    kind,
    field,
    values,
  });
  const named = (customByField as Record<string, CustomIssueKind>)[`${issue.code}:${field}`];
  if (isCustomKind(issue.params?.message)) return at(`custom.${issue.params.message}`, issue.params.values);
  if (named) return at(`custom.${named}`);
  const count = (n: number | bigint | undefined) => Number(n ?? 0);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'string') return at('notText');
      if (issue.expected === 'number' || issue.expected === 'int') return at('notNumber');
      if (issue.expected === 'boolean') return at('notBoolean');
      if (issue.expected === 'array') return at('notList');
      return at('required');
    case 'too_small':
      if (issue.origin === 'string')
        return count(issue.minimum) <= 1 ? at('required') : at('tooShort', { minimum: count(issue.minimum) });
      if (issue.origin === 'array' || issue.origin === 'set') return at('tooFew', { minimum: count(issue.minimum) });
      return at('tooSmall', { minimum: count(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return at('tooLong', { maximum: count(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set') return at('tooMany', { maximum: count(issue.maximum) });
      return at('tooBig', { maximum: count(issue.maximum) });
    case 'invalid_format':
      if (issue.format === 'email') return at('email');
      if (issue.format === 'url') return at('url');
      if (issue.format === 'datetime' || issue.format === 'date' || issue.format === 'time') return at('dateTime');
      return at('format');
    case 'invalid_value':
      return at('oneOf', { values: (issue.values ?? []).map(String).join(', ') });
    case 'not_multiple_of':
      return at('multipleOf', { divisor: count(issue.divisor) });
    case 'unrecognized_keys':
      return at('unknownField');
    case 'custom':
      return at('invalid');
    default:
      return at('invalid');
  }
}
