import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { TextField } from '../../components/TextField';
import { useIntl } from '../../lib/i18n';
import { durationMinutes, durationText, endAfter } from './job-duration';
import type { JobFormApi } from './job-form-schema';

/**
 * The job's length beside its end, in minutes: typing it moves the end; a new end (or start)
 * shows here. It holds no value of its own, so it can never disagree with the end.
 */
export function DurationField({ form }: { form: JobFormApi }) {
  const intl = useIntl();
  const { control, getValues, setValue, formState } = form;
  const [start, end] = useWatch({ control, name: ['start', 'end'] });
  const minutes = durationMinutes(start, end);
  // What is typed, while it is typed (it may not be a length yet, e.g. empty).
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <TextField
      label={intl.formatMessage({ id: 'jobs.form.duration' })}
      className="job-duration"
      type="number"
      min={5}
      max={1440}
      step={15}
      inputMode="numeric"
      hint={
        minutes === null
          ? intl.formatMessage({ id: 'jobs.form.durationHint' })
          : intl.formatMessage({ id: 'jobs.form.durationHintWithText' }, { duration: durationText(minutes) })
      }
      value={draft ?? (minutes === null ? '' : String(minutes))}
      onChange={(event) => {
        const text = event.target.value;
        setDraft(text);
        const next = text === '' ? null : endAfter(getValues('start'), Number(text));
        if (next !== null) setValue('end', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
      }}
      onBlur={() => setDraft(null)}
    />
  );
}
