import {
  dayMs,
  type FieldError,
  formatDateOnly,
  instantToWall,
  type Job,
  type JobTiming,
  jobPatchSchema,
  parseDateOnly,
  parseInstant,
  ruleParams,
  timingIssues,
  wallToInstant,
} from '@fieldplan/shared';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { t } from '../../lib/i18n';
import { issueInLanguage } from '../../lib/shared-schema-resolver';
import { flexibleFormOf, flexibleWindowOf, noFlexibleWindow } from './flexible-window';
import { endAfter } from './job-duration';
import { noRecurrence, type RecurrenceForm, recurrenceToRule, repeatKinds } from './recurrence-form';

const recurrenceSchema = z.object({
  freq: z.enum(repeatKinds),
  interval: z.number({
    error: () => t({ id: 'jobs.form.intervalNotNumber' }),
  }),
  weekdays: z.array(z.number()),
  monthly: z.enum(['day', 'nth']),
  ends: z.enum(['never', 'count', 'until']),
  count: z.number({
    error: () => t({ id: 'jobs.form.countNotNumber' }),
  }),
  until: z.string(),
  custom: z.string().nullable(),
});

/**
 * The job form's values: the shared job schema's own fields and rules (`.pick` keeps their
 * messages), with the time entered as local wall-clock values and the recurrence as editor
 * fields. `start`/`end` are `YYYY-MM-DDTHH:mm` (or dates when all-day, end inclusive); both
 * empty means "not scheduled yet". `flexibleWindow` shares the API's name, so the server's
 * `flexibleWindow.start`/`.end` errors land on the form's own inputs.
 */
const fields = jobPatchSchema
  .pick({
    title: true,
    description: true,
    customerId: true,
    address: true,
    lat: true,
    lng: true,
    priority: true,
    assigneeIds: true,
  })
  .required()
  .extend({
    customerName: z.string(),
    allDay: z.boolean(),
    start: z.string(),
    end: z.string(),
    recurrence: recurrenceSchema,
    /** The flexible time: a switch and local clock times (see flexible-window.ts). */
    flexibleWindow: z.object({ enabled: z.boolean(), start: z.string(), end: z.string() }),
  });

export type JobFormValues = z.infer<typeof fields>;
/** The job form as its fields (DurationField …) and its screens' submit handlers hold it. */
export type JobFormApi = UseFormReturn<JobFormValues>;

/** The recurrence editor field of each rule part the shared check names (`rrule.COUNT` …). */
const recurrenceFields: Record<string, string> = {
  'rrule.COUNT': 'recurrence.count',
  'rrule.UNTIL': 'recurrence.until',
  'rrule.INTERVAL': 'recurrence.interval',
  'rrule.BYDAY': 'recurrence.weekdays',
};

/** A problem's path (the server's or the shared check's) as a form field: rule parts go under their editor field. */
export function formPath(path: string): string {
  if (path !== 'rrule' && !path.startsWith('rrule.')) return path;
  return recurrenceFields[path] ?? 'recurrence.freq';
}

export const jobFieldNames = [
  'title',
  'description',
  'customerId',
  'address',
  'lat',
  'lng',
  'priority',
  'assigneeIds',
  'allDay',
  'start',
  'end',
  'recurrence.freq',
  'recurrence.interval',
  'recurrence.weekdays',
  'recurrence.count',
  'recurrence.until',
  'flexibleWindow',
  'flexibleWindow.start',
  'flexibleWindow.end',
] as const;

/** Local wall value (`2026-03-29T09:00` or a date) → the API's time (instant ISO, or date). */
function toApiTime(value: string, allDay: boolean, zone: string, inclusiveEnd: boolean): string | null {
  if (value === '') return null;
  if (allDay) {
    const date = parseDateOnly(value.slice(0, 10));
    if (date === null) return value;
    return formatDateOnly(inclusiveEnd ? date + dayMs : date);
  }
  const wall = Date.parse(`${value.length === 16 ? `${value}:00` : value}Z`);
  if (Number.isNaN(wall)) return value;
  return new Date(wallToInstant(zone, wall)).toISOString();
}

/** The API's time → the form's local value. */
function toLocalValue(value: string | null, allDay: boolean, zone: string, inclusiveEnd: boolean): string {
  if (value === null) return '';
  if (allDay) {
    const date = parseDateOnly(value.slice(0, 10));
    return date === null ? value : formatDateOnly(inclusiveEnd ? date - dayMs : date);
  }
  const instant = parseInstant(value);
  return instant === null ? value : new Date(instantToWall(zone, instant)).toISOString().slice(0, 16);
}

/** The local date (UTC-midnight ms) the form's start falls on, or null. */
export function startDateOf(values: Pick<JobFormValues, 'start'>): number | null {
  return parseDateOnly(values.start.slice(0, 10));
}

/** The form's timing in the API's terms: what is sent, and what the shared rules check. */
export function timingOf(values: JobFormValues, zone: string): JobTiming {
  const startDate = startDateOf(values);
  return {
    start: toApiTime(values.start, values.allDay, zone, false),
    end: toApiTime(values.end, values.allDay, zone, true),
    allDay: values.allDay,
    rrule: startDate === null ? null : recurrenceToRule(values.recurrence, startDate, values.allDay, zone),
    flexibleWindow: flexibleWindowOf(values, zone),
  };
}

/** An empty clock time of a flexible window in use, in plain words (instead of "must be a date-time"). */
function blankWindowIssues(flex: JobFormValues['flexibleWindow'], timing: JobTiming): FieldError[] | null {
  if (!timing.flexibleWindow) return null;
  const blank: FieldError[] = [];
  if (flex.start === '')
    blank.push({
      path: 'flexibleWindow.start',
      message: t({ id: 'jobs.form.windowOpensBlank' }),
    });
  if (flex.end === '')
    blank.push({
      path: 'flexibleWindow.end',
      message: t({ id: 'jobs.form.windowClosesBlank' }),
    });
  return blank.length > 0 ? blank : null;
}

/**
 * The schema the form validates with: the shared field rules plus the shared timing rules
 * (`timingIssues` with the zone: the start must be an occurrence), which the server
 * runs too — so both sides say the same thing under the same field.
 */
export function jobFormSchema(zone: string) {
  return fields.superRefine((values, ctx) => {
    const rec = values.recurrence;
    if (rec.freq !== 'none' && !rec.custom && rec.ends === 'until' && parseDateOnly(rec.until) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['recurrence', 'until'],
        message: t({ id: 'jobs.form.untilBlank' }),
      });
      return;
    }
    const timing = timingOf(values, zone);
    // The shared rules' words in the page's language, by their kind (lib/shared-schema-resolver.ts).
    const issues = timingIssues(timing, zone).map((i) => ({
      path: i.path.join('.'),
      message: issueInLanguage({ code: 'custom', path: i.path, message: i.message, params: ruleParams(i) }),
    }));
    const blank = blankWindowIssues(values.flexibleWindow, timing);
    const all = blank ? [...issues.filter((i) => !i.path.startsWith('flexibleWindow')), ...blank] : issues;
    for (const issue of all) {
      ctx.addIssue({ code: 'custom', path: formPath(issue.path).split('.'), message: issue.message });
    }
    if ((values.lat === null) !== (values.lng === null)) {
      ctx.addIssue({
        code: 'custom',
        path: [values.lat === null ? 'lat' : 'lng'],
        message: t({ id: 'jobs.form.latLngBoth' }),
      });
    }
    // The server takes the customer's site when no address is sent (so a lone pin would be lost).
    if (values.address.trim() === '' && (values.customerId === null || values.lat !== null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['address'],
        message:
          values.customerId === null
            ? t({ id: 'jobs.form.addressRequired' })
            : t({ id: 'jobs.form.addressRequiredWithPin' }),
      });
    }
  });
}

export interface JobPrefill {
  start?: string | null;
  end?: string | null;
  allDay?: boolean;
  technicianId?: string | null;
  /** A start without an end lasts this long (the workspace's default job length). */
  minutes?: number;
  customerId?: string | null;
  customerName?: string;
  address?: string;
  lat?: number | null;
  lng?: number | null;
}

/** The form's end: the given one, else `minutes` after a timed start. */
function prefilledEnd(start: string, end: string, allDay: boolean, minutes: number | undefined): string {
  if (end !== '' || allDay || minutes === undefined) return end;
  return endAfter(start, minutes) ?? '';
}

/**
 * Values for a new job (prefilled from a clicked slot, a customer) or for editing `job` (an
 * occurrence's own times).
 */
export function toFormValues(
  job: Job | null,
  zone: string,
  prefill: JobPrefill = {},
  recurrence?: RecurrenceForm,
): JobFormValues {
  const allDay = job?.allDay ?? prefill.allDay ?? false;
  const start = toLocalValue(prefill.start ?? job?.start ?? null, allDay, zone, false);
  const end = toLocalValue(prefill.end ?? job?.end ?? null, allDay, zone, true);
  return {
    title: job?.title ?? '',
    description: job?.description ?? '',
    customerId: job?.customerId ?? prefill.customerId ?? null,
    customerName: job?.customerName ?? prefill.customerName ?? '',
    address: job?.address ?? prefill.address ?? '',
    lat: job?.lat ?? prefill.lat ?? null,
    lng: job?.lng ?? prefill.lng ?? null,
    priority: job?.priority ?? 3,
    assigneeIds: job?.assigneeIds ?? (prefill.technicianId ? [prefill.technicianId] : []),
    allDay,
    start,
    end: job ? end : prefilledEnd(start, end, allDay, prefill.minutes),
    recurrence: recurrence ?? noRecurrence,
    flexibleWindow: job ? flexibleFormOf(job.flexibleWindow, zone) : noFlexibleWindow,
  };
}
