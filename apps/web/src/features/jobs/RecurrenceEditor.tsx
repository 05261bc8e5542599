import { describeRule, recurrenceLimits } from '@fieldplan/shared';
import { useId } from 'react';
import { type FieldErrors, type UseFormReturn, useWatch } from 'react-hook-form';
import { Select } from '../../components/Select';
import { type JobFormValues, startDateOf, timingOf } from './job-form-schema';
import { nthOf, type RepeatKind, weekdayOf } from './recurrence-form';

const weekdayShort = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const weekdayLong = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const units: Record<Exclude<RepeatKind, 'none'>, string> = {
  DAILY: 'day',
  WEEKLY: 'week',
  MONTHLY: 'month',
  YEARLY: 'year',
};
const ordinal = (n: number) => (n === -1 ? 'last' : (['first', 'second', 'third', 'fourth'][n - 1] ?? `${n}th`));
const monthDay = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', timeZone: 'UTC' });

interface RecurrenceEditorProps {
  form: UseFormReturn<JobFormValues>;
  zone: string;
  /** Shows the rule read-only (an occurrence is being edited: its series' rule stays). */
  disabled?: boolean;
}

function errorOf(errors: FieldErrors<JobFormValues>, key: keyof JobFormValues['recurrence']): string | undefined {
  return errors.recurrence?.[key]?.message;
}

/** Repeat none/daily/weekly/monthly/yearly, every N, weekdays, "2nd Tuesday", ends — with a live summary. */
/** A small whole-number box (every N, after N times): 1 up to `max`, invalid while `error` stands. */
const countInput = (max: number, error: string | undefined) => ({
  type: 'number',
  className: 'input input-sm recurrence-number',
  min: 1,
  max,
  'aria-invalid': error ? true : undefined,
});

export function RecurrenceEditor({ form, zone, disabled = false }: RecurrenceEditorProps) {
  const { register, control, setValue, formState } = form;
  const values = useWatch({ control }) as JobFormValues;
  const rec = values.recurrence;
  const ids = { group: useId(), summary: useId(), error: useId() };
  const startDate = startDateOf(values);
  const errors = formState.errors;
  const freqError = errorOf(errors, 'freq') ?? errorOf(errors, 'weekdays');
  const timing = startDate === null ? null : timingOf(values, zone);
  const summary = rec.freq === 'none' ? 'Does not repeat' : timing?.rrule ? describeRule(timing.rrule, zone) : null;

  if (rec.custom || disabled) {
    return (
      <fieldset className="recurrence" aria-describedby={ids.summary}>
        <legend className="field-label">Repeat</legend>
        <p id={ids.summary} className="recurrence-summary">
          {summary ?? (rec.custom && describeRule(rec.custom, zone)) ?? rec.custom}
        </p>
        {rec.custom && !disabled && (
          <button
            type="button"
            className="link-button"
            onClick={() => setValue('recurrence.custom', null, { shouldDirty: true })}
          >
            Edit as a simple rule
          </button>
        )}
      </fieldset>
    );
  }

  const toggleDay = (day: number) => {
    const next = rec.weekdays.includes(day) ? rec.weekdays.filter((d) => d !== day) : [...rec.weekdays, day];
    setValue('recurrence.weekdays', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };
  // Typing a number of times or a last date means that ending: its option is chosen with it.
  const endBy = (ends: 'count' | 'until') =>
    setValue('recurrence.ends', ends, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  const onFreq = (freq: RepeatKind) => {
    setValue('recurrence.freq', freq, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    if (freq === 'WEEKLY' && rec.weekdays.length === 0 && startDate !== null) {
      setValue('recurrence.weekdays', [weekdayOf(startDate)], { shouldDirty: true });
    }
  };

  return (
    <fieldset
      className="recurrence"
      aria-describedby={[freqError ? ids.error : '', ids.summary].filter(Boolean).join(' ')}
    >
      <legend className="field-label">Repeat</legend>
      <div className="recurrence-row">
        <Select aria-label="Repeat" value={rec.freq} onChange={(e) => onFreq(e.target.value as RepeatKind)}>
          <option value="none">Does not repeat</option>
          <option value="DAILY">Daily</option>
          <option value="WEEKLY">Weekly</option>
          <option value="MONTHLY">Monthly</option>
          <option value="YEARLY">Yearly</option>
        </Select>
        {rec.freq !== 'none' && (
          <label className="recurrence-inline">
            every
            <input
              {...countInput(recurrenceLimits.maxInterval, errorOf(errors, 'interval'))}
              aria-label="Repeat every"
              {...register('recurrence.interval', { valueAsNumber: true })}
            />
            {units[rec.freq]}
            {rec.interval === 1 ? '' : 's'}
          </label>
        )}
      </div>
      {errorOf(errors, 'interval') && <p className="field-error">{errorOf(errors, 'interval')}</p>}
      {rec.freq === 'WEEKLY' && (
        <fieldset className="weekday-toggles">
          <legend className="visually-hidden">On days</legend>
          {weekdayShort.map((label, day) => (
            <button
              key={label}
              type="button"
              className="weekday-toggle"
              aria-pressed={rec.weekdays.includes(day)}
              aria-label={weekdayLong[day]}
              onClick={() => toggleDay(day)}
            >
              {label}
            </button>
          ))}
        </fieldset>
      )}
      {rec.freq === 'MONTHLY' && startDate !== null && (
        <div className="recurrence-choices" role="radiogroup" aria-label="Monthly on">
          <label>
            <input type="radio" value="day" {...register('recurrence.monthly')} /> On day{' '}
            {new Date(startDate).getUTCDate()}
          </label>
          <label>
            <input type="radio" value="nth" {...register('recurrence.monthly')} /> On the {ordinal(nthOf(startDate))}{' '}
            {weekdayLong[weekdayOf(startDate)]}
          </label>
        </div>
      )}
      {rec.freq === 'YEARLY' && startDate !== null && (
        <p className="recurrence-note">On {monthDay.format(startDate)}</p>
      )}
      {rec.freq !== 'none' && (
        <div className="recurrence-choices" role="radiogroup" aria-label="Ends">
          <span className="recurrence-ends-label">Ends</span>
          <label>
            <input type="radio" value="never" aria-label="Never" {...register('recurrence.ends')} /> Never{' '}
            <span className="field-optional">(runs {recurrenceLimits.maxUntilYears} years at most)</span>
          </label>
          <label className="recurrence-inline">
            <input type="radio" value="count" aria-label="After a number of times" {...register('recurrence.ends')} />{' '}
            After
            <input
              {...countInput(recurrenceLimits.maxCount, errorOf(errors, 'count'))}
              aria-label="Number of occurrences"
              {...register('recurrence.count', { valueAsNumber: true, onChange: () => endBy('count') })}
            />
            times
          </label>
          {errorOf(errors, 'count') && <p className="field-error">{errorOf(errors, 'count')}</p>}
          <label className="recurrence-inline">
            <input type="radio" value="until" aria-label="On a date" {...register('recurrence.ends')} /> On
            <input
              type="date"
              className="input input-sm"
              aria-label="Last date"
              aria-invalid={errorOf(errors, 'until') ? true : undefined}
              {...register('recurrence.until', { onChange: () => endBy('until') })}
            />
          </label>
          {errorOf(errors, 'until') && <p className="field-error">{errorOf(errors, 'until')}</p>}
        </div>
      )}
      {freqError && (
        <p className="field-error" id={ids.error}>
          {freqError}
        </p>
      )}
      <p id={ids.summary} className="recurrence-summary" aria-live="polite">
        {summary ?? (startDate === null ? 'Choose a start to repeat from' : 'Check the repeat settings')}
      </p>
    </fieldset>
  );
}
