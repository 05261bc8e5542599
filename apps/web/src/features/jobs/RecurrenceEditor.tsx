import { describeRule, recurrenceLimits } from '@fieldplan/shared';
import { useId } from 'react';
import { Controller, type FieldErrors, type UseFormReturn, useWatch } from 'react-hook-form';
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { DateInput } from '../../components/DateInput';
import { Select } from '../../components/Select';
import { Message, useIntl } from '../../lib/i18n';
import { type JobFormValues, startDateOf, timingOf } from './job-form-schema';
import { nthOf, type RepeatKind, weekdayOf } from './recurrence-form';

const weekdayShort: MessageDescriptor[] = Object.values(
  defineMessages({
    mon: { id: 'jobs.recurrence.weekdayShort.mon' },
    tue: { id: 'jobs.recurrence.weekdayShort.tue' },
    wed: { id: 'jobs.recurrence.weekdayShort.wed' },
    thu: { id: 'jobs.recurrence.weekdayShort.thu' },
    fri: { id: 'jobs.recurrence.weekdayShort.fri' },
    sat: { id: 'jobs.recurrence.weekdayShort.sat' },
    sun: { id: 'jobs.recurrence.weekdayShort.sun' },
  }),
);
const weekdayLong: MessageDescriptor[] = Object.values(
  defineMessages({
    mon: { id: 'jobs.recurrence.weekday.mon' },
    tue: { id: 'jobs.recurrence.weekday.tue' },
    wed: { id: 'jobs.recurrence.weekday.wed' },
    thu: { id: 'jobs.recurrence.weekday.thu' },
    fri: { id: 'jobs.recurrence.weekday.fri' },
    sat: { id: 'jobs.recurrence.weekday.sat' },
    sun: { id: 'jobs.recurrence.weekday.sun' },
  }),
);
const dayName = (intl: IntlShape, names: MessageDescriptor[], day: number) => {
  const name = names[day];
  return name ? intl.formatMessage(name) : '';
};
/** Which weekday of the month ("the second Tuesday") as a message's select key. */
const ordinal = (n: number) => (n === -1 ? 'last' : (['first', 'second', 'third', 'fourth'][n - 1] ?? 'other'));
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
  const intl = useIntl();
  const { register, control, setValue, formState } = form;
  const values = useWatch({ control }) as JobFormValues;
  const rec = values.recurrence;
  const ids = { group: useId(), summary: useId(), error: useId(), interval: useId() };
  const startDate = startDateOf(values);
  const errors = formState.errors;
  const freqError = errorOf(errors, 'freq') ?? errorOf(errors, 'weekdays');
  const timing = startDate === null ? null : timingOf(values, zone);
  const summary =
    rec.freq === 'none'
      ? intl.formatMessage({ id: 'jobs.recurrence.none' })
      : timing?.rrule
        ? describeRule(timing.rrule, zone)
        : null;

  if (rec.custom || disabled) {
    return (
      <fieldset className="recurrence" aria-describedby={ids.summary}>
        <legend className="field-label">
          <Message id="jobs.recurrence.legend" />
        </legend>
        <p id={ids.summary} className="recurrence-summary">
          {summary ?? (rec.custom && describeRule(rec.custom, zone)) ?? rec.custom}
        </p>
        {rec.custom && !disabled && (
          <button
            type="button"
            className="link-button"
            onClick={() => setValue('recurrence.custom', null, { shouldDirty: true })}
          >
            <Message id="jobs.recurrence.editSimple" />
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
      <legend className="field-label">
        <Message id="jobs.recurrence.legend" />
      </legend>
      <div className="recurrence-row">
        <Select
          aria-label={intl.formatMessage({ id: 'jobs.recurrence.legend' })}
          value={rec.freq}
          onChange={(e) => onFreq(e.target.value as RepeatKind)}
        >
          <option value="none">{intl.formatMessage({ id: 'jobs.recurrence.none' })}</option>
          <option value="DAILY">{intl.formatMessage({ id: 'jobs.recurrence.daily' })}</option>
          <option value="WEEKLY">{intl.formatMessage({ id: 'jobs.recurrence.weekly' })}</option>
          <option value="MONTHLY">{intl.formatMessage({ id: 'jobs.recurrence.monthly' })}</option>
          <option value="YEARLY">{intl.formatMessage({ id: 'jobs.recurrence.yearly' })}</option>
        </Select>
        {rec.freq !== 'none' && (
          <label className="recurrence-inline" htmlFor={ids.interval}>
            <Message
              id="jobs.recurrence.every"
              values={{
                freq: rec.freq,
                interval: rec.interval,
                input: (
                  <input
                    {...countInput(recurrenceLimits.maxInterval, errorOf(errors, 'interval'))}
                    id={ids.interval}
                    aria-label={intl.formatMessage({ id: 'jobs.recurrence.everyLabel' })}
                    {...register('recurrence.interval', { valueAsNumber: true })}
                  />
                ),
              }}
            />
          </label>
        )}
      </div>
      {errorOf(errors, 'interval') && <p className="field-error">{errorOf(errors, 'interval')}</p>}
      {rec.freq === 'WEEKLY' && (
        <fieldset className="weekday-toggles">
          <legend className="visually-hidden">
            <Message id="jobs.recurrence.onDays" />
          </legend>
          {weekdayShort.map((label, day) => (
            <button
              key={label.id}
              type="button"
              className="weekday-toggle"
              aria-pressed={rec.weekdays.includes(day)}
              aria-label={dayName(intl, weekdayLong, day)}
              onClick={() => toggleDay(day)}
            >
              {intl.formatMessage(label)}
            </button>
          ))}
        </fieldset>
      )}
      {rec.freq === 'MONTHLY' && startDate !== null && (
        <div
          className="recurrence-choices"
          role="radiogroup"
          aria-label={intl.formatMessage({ id: 'jobs.recurrence.monthlyOn' })}
        >
          <label>
            <input type="radio" value="day" {...register('recurrence.monthly')} />{' '}
            <Message id="jobs.recurrence.onDay" values={{ day: new Date(startDate).getUTCDate() }} />
          </label>
          <label>
            <input type="radio" value="nth" {...register('recurrence.monthly')} />{' '}
            <Message
              id="jobs.recurrence.onNth"
              values={{
                which: ordinal(nthOf(startDate)),
                n: nthOf(startDate),
                weekday: dayName(intl, weekdayLong, weekdayOf(startDate)),
              }}
            />
          </label>
        </div>
      )}
      {rec.freq === 'YEARLY' && startDate !== null && (
        <p className="recurrence-note">
          <Message id="jobs.recurrence.onDate" values={{ date: monthDay.format(startDate) }} />
        </p>
      )}
      {rec.freq !== 'none' && (
        <div
          className="recurrence-choices"
          role="radiogroup"
          aria-label={intl.formatMessage({ id: 'jobs.recurrence.ends' })}
        >
          <span className="recurrence-ends-label">
            <Message id="jobs.recurrence.ends" />
          </span>
          <label>
            <input
              type="radio"
              value="never"
              aria-label={intl.formatMessage({ id: 'jobs.recurrence.never' })}
              {...register('recurrence.ends')}
            />{' '}
            <Message id="jobs.recurrence.never" />{' '}
            <span className="field-optional">
              <Message id="jobs.recurrence.neverLimit" values={{ years: recurrenceLimits.maxUntilYears }} />
            </span>
          </label>
          <label className="recurrence-inline">
            <input
              type="radio"
              value="count"
              aria-label={intl.formatMessage({ id: 'jobs.recurrence.afterLabel' })}
              {...register('recurrence.ends')}
            />{' '}
            <Message
              id="jobs.recurrence.after"
              values={{
                input: (
                  <input
                    {...countInput(recurrenceLimits.maxCount, errorOf(errors, 'count'))}
                    aria-label={intl.formatMessage({ id: 'jobs.recurrence.countLabel' })}
                    {...register('recurrence.count', { valueAsNumber: true, onChange: () => endBy('count') })}
                  />
                ),
              }}
            />
          </label>
          {errorOf(errors, 'count') && <p className="field-error">{errorOf(errors, 'count')}</p>}
          <label className="recurrence-inline">
            <input
              type="radio"
              value="until"
              aria-label={intl.formatMessage({ id: 'jobs.recurrence.onADate' })}
              {...register('recurrence.ends')}
            />{' '}
            <Message
              id="jobs.recurrence.onUntil"
              values={{
                input: (
                  <Controller
                    control={control}
                    name="recurrence.until"
                    render={({ field }) => (
                      <DateInput
                        size="sm"
                        className="recurrence-until"
                        aria-label={intl.formatMessage({ id: 'jobs.recurrence.lastDate' })}
                        aria-invalid={errorOf(errors, 'until') ? true : undefined}
                        value={field.value}
                        onChange={(value) => {
                          field.onChange(value);
                          endBy('until');
                        }}
                        onBlur={field.onBlur}
                      />
                    )}
                  />
                ),
              }}
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
        {summary ??
          (startDate === null
            ? intl.formatMessage({ id: 'jobs.recurrence.chooseStart' })
            : intl.formatMessage({ id: 'jobs.recurrence.checkSettings' }))}
      </p>
    </fieldset>
  );
}
