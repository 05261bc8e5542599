import { useId } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { defineMessages } from 'react-intl';
import { TimeField } from '../../components/DateField';
import { Message, useIntl } from '../../lib/i18n';
import { defaultFlexibleTimes, flexibleUnavailable } from './flexible-window';
import type { JobFormValues } from './job-form-schema';

interface FlexibleTimeFieldProps {
  form: UseFormReturn<JobFormValues>;
  /** The workspace's working hours (`HH:mm`): a new window starts as that day's hours. */
  workingHours: { start: string; end: string };
}

const endLabels = defineMessages({
  start: { id: 'jobs.flexible.from' },
  end: { id: 'jobs.flexible.until' },
});
const windowEnds = [
  ['start', endLabels.start],
  ['end', endLabels.end],
] as const;

/**
 * "Flexible — Fieldplan may move this visit within [from] [until]": where "optimise a
 * day" may move a one-off timed visit. Off, with the reason, for all-day and recurring jobs.
 */
export function FlexibleTimeField({ form, workingHours }: FlexibleTimeFieldProps) {
  const intl = useIntl();
  const { register, control, getValues, setValue, formState } = form;
  const [allDay, start, end, recurrence, flex] = useWatch({
    control,
    name: ['allDay', 'start', 'end', 'recurrence', 'flexibleWindow'],
  });
  const ids = { hint: useId(), error: useId() };
  const reason = flexibleUnavailable({ allDay, start, end, recurrence });
  const errors = formState.errors.flexibleWindow;
  // A problem with the window as a whole (the visit outside it, a job that can't be flexible).
  const whole = errors?.message;
  const shown = flex.enabled && reason === null;
  const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };

  const { onChange, ...enabled } = register('flexibleWindow.enabled');
  return (
    <div className="flex-time">
      <label className="checkbox">
        <input
          type="checkbox"
          {...enabled}
          checked={shown}
          disabled={reason !== null}
          aria-describedby={[whole ? ids.error : '', ids.hint].filter(Boolean).join(' ')}
          onChange={(event) => {
            void onChange(event);
            const now = getValues();
            if (event.target.checked && (now.flexibleWindow.start === '' || now.flexibleWindow.end === '')) {
              const times = defaultFlexibleTimes(now, workingHours);
              setValue('flexibleWindow.start', times.start, options);
              setValue('flexibleWindow.end', times.end, options);
            }
          }}
        />
        <Message id="jobs.flexible.switch" />
      </label>
      {shown && (
        <div className="form-row flex-time-row">
          {windowEnds.map(([bound, label]) => (
            <Controller
              key={bound}
              control={control}
              name={`flexibleWindow.${bound}`}
              render={({ field }) => (
                <TimeField
                  label={intl.formatMessage(label)}
                  stepMinutes={5}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors?.[bound]?.message}
                  aria-invalid={whole || errors?.[bound] ? true : undefined}
                />
              )}
            />
          ))}
        </div>
      )}
      {whole && (
        <p className="field-error" id={ids.error}>
          {whole}
        </p>
      )}
      <p className="field-hint" id={ids.hint}>
        {reason ??
          (shown
            ? intl.formatMessage({ id: 'jobs.flexible.onHint' })
            : intl.formatMessage({ id: 'jobs.flexible.offHint' }))}
      </p>
    </div>
  );
}
