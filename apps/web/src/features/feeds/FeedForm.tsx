import { type Feed, type FeedCreate, feedCreateSchema, feedLimits, type Member } from '@fieldplan/shared';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../components/Alert';
import { ColourField } from '../../components/ColourField';
import { NamedOptions, Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { formatCount } from '../../lib/format';
import { Message, useIntl } from '../../lib/i18n';
import { toProblem } from '../../lib/problem';
import { sharedSchemaResolver } from '../../lib/shared-schema-resolver';
import { useFormProblem } from '../../lib/use-form-problem';

/** The request schema with the form's own shape for "whose busy time" ('' = the whole workspace). */
const feedFormSchema = feedCreateSchema.extend({
  memberId: z.string(),
  refreshMinutes: feedCreateSchema.shape.refreshMinutes.unwrap(),
});
export type FeedFormValues = z.infer<typeof feedFormSchema>;
const fieldNames = ['name', 'url', 'colour', 'memberId', 'refreshMinutes'] as const;
/** An address, not words: the same in every language. */
const exampleUrl = 'https://example.com/calendar.ics';

/** The form's values as the API takes them. */
export const feedPayload = (values: FeedFormValues): FeedCreate => ({
  ...values,
  memberId: values.memberId === '' ? null : values.memberId,
});

export function feedDefaults(feed: Feed | null, nextColour: string): FeedFormValues {
  if (!feed) {
    return { name: '', url: '', colour: nextColour, memberId: '', refreshMinutes: feedLimits.refreshMinutesDefault };
  }
  const { name, url, colour, memberId, refreshMinutes } = feed;
  return { name, url, colour, memberId: memberId ?? '', refreshMinutes };
}

interface FeedFormProps {
  id: string;
  defaults: FeedFormValues;
  technicians: readonly Member[];
  /** Resolves when saved; throws the API's problem otherwise (field errors go under the fields). */
  onSave: (values: FeedFormValues) => Promise<void>;
  /** A problem outside the fields (a stale version) shown above them. */
  notice?: ReactNode;
  /** The server is loading the address: says so, with a progress bar. */
  saving?: boolean;
}

/** Name, address, whose busy time, refresh interval and colour — validated with the server's schema. */
export function FeedForm({ id, defaults, technicians, onSave, notice, saving = false }: FeedFormProps) {
  const form = useForm<FeedFormValues>({
    resolver: sharedSchemaResolver(feedFormSchema),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const { register, handleSubmit, setError, formState, control } = form;
  const problem = useFormProblem(setError, fieldNames);
  const intl = useIntl();

  const submit = handleSubmit(async (values) => {
    problem.clear();
    try {
      await onSave(values);
    } catch (error) {
      const refused = toProblem(error);
      // The server fetches the address first: what it couldn't load belongs under the URL.
      if (refused.code === 'feed_unreachable')
        setError('url', { type: 'server', message: refused.detail }, { shouldFocus: true });
      else problem.report(error);
    }
  });

  return (
    <form
      id={id}
      className="feed-form"
      onSubmit={submit}
      noValidate
      aria-label={intl.formatMessage({ id: 'feeds.form.label' })}
    >
      {notice}
      {problem.message && <Alert title={intl.formatMessage({ id: 'feeds.form.failed' })}>{problem.message}</Alert>}
      <TextField
        label={intl.formatMessage({ id: 'feeds.form.name' })}
        autoComplete="off"
        placeholder={intl.formatMessage({ id: 'feeds.form.namePlaceholder' })}
        data-autofocus
        maxLength={feedLimits.nameMax}
        error={formState.errors.name?.message}
        {...register('name')}
      />
      <TextField
        label={intl.formatMessage({ id: 'feeds.form.url' })}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder={exampleUrl}
        hint={intl.formatMessage({ id: 'feeds.form.urlHint' })}
        error={formState.errors.url?.message}
        {...register('url')}
      />
      <div className="feed-form-row">
        <Select
          label={intl.formatMessage({ id: 'feeds.form.member' })}
          error={formState.errors.memberId?.message}
          {...register('memberId')}
        >
          <option value="">{intl.formatMessage({ id: 'feeds.form.wholeWorkspace' })}</option>
          <NamedOptions items={technicians} />
        </Select>
        <TextField
          label={intl.formatMessage({ id: 'feeds.form.refresh' })}
          type="number"
          inputMode="numeric"
          min={feedLimits.refreshMinutesMin}
          max={feedLimits.refreshMinutesMax}
          step={5}
          hint={intl.formatMessage(
            { id: 'feeds.form.refreshHint' },
            { min: String(feedLimits.refreshMinutesMin), max: formatCount(feedLimits.refreshMinutesMax) },
          )}
          error={formState.errors.refreshMinutes?.message}
          {...register('refreshMinutes', { valueAsNumber: true })}
        />
      </div>
      <ColourField control={control} name="colour" label={intl.formatMessage({ id: 'feeds.form.colour' })} />
      {saving && (
        <div className="feed-progress" role="status">
          <span className="feed-progress-bar" aria-hidden="true" />
          <Message id="feeds.form.loadingCalendar" />
        </div>
      )}
    </form>
  );
}
