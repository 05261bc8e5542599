import {
  type Clock,
  type DateFormat,
  dateFormats,
  formatDate,
  formatTime,
  type TimeFormat,
  timeFormats,
} from '@fieldplan/shared';
import { Controller, useWatch } from 'react-hook-form';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { TimeField } from '../../components/DateField';
import { Panel } from '../../components/Panel';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { longWeekday } from '../../lib/format';
import { languageNames, useIntl } from '../../lib/i18n';
import { DaysField } from './DaysField';
import type { SettingsFormApi } from './form-types';
import { TimeZoneField } from './TimeZoneField';

/** Sunday (0) to Saturday (6), named in the page's language where shown. */
const weekdays = [0, 1, 2, 3, 4, 5, 6] as const;

// Each format's option shows it at work on one fixed evening: "19:30" / "7:30 PM", "26 Nov 2026" …
const sample = Date.UTC(2026, 10, 26, 19, 30);
const sampleClock: Clock = { timeZone: 'UTC', timeFormat: '24h', dateFormat: 'dmy' };
const timeFormatLabel: Record<TimeFormat, MessageDescriptor> = defineMessages({
  '24h': { id: 'settings.schedule.timeFormat24h' },
  '12h': { id: 'settings.schedule.timeFormat12h' },
});
const dateOrderLabel: Record<DateFormat, MessageDescriptor> = defineMessages({
  dmy: { id: 'settings.schedule.dateFormatDmy' },
  mdy: { id: 'settings.schedule.dateFormatMdy' },
  ymd: { id: 'settings.schedule.dateFormatYmd' },
});
const workingHoursLabel: Record<'start' | 'end', MessageDescriptor> = defineMessages({
  start: { id: 'settings.schedule.workingHoursStart' },
  end: { id: 'settings.schedule.workingHoursEnd' },
});
// The names of languages are never translated: each stands in its own language.
const languages = Object.entries(languageNames);

export function ScheduleSection({ form }: { form: SettingsFormApi }) {
  const intl = useIntl();
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const [timeZone, weekStart] = useWatch({ control, name: ['timeZone', 'weekStart'] });
  return (
    <Panel
      title={intl.formatMessage({ id: 'settings.schedule.title' })}
      description={intl.formatMessage({ id: 'settings.schedule.description' })}
    >
      <div className="settings-grid">
        <TimeZoneField zone={timeZone ?? ''} error={errors.timeZone?.message} {...register('timeZone')} />
        <Select
          label={intl.formatMessage({ id: 'settings.schedule.weekStart' })}
          error={errors.weekStart?.message}
          {...register('weekStart', { setValueAs: Number })}
        >
          {weekdays.map((day) => (
            <option key={day} value={day}>
              {longWeekday(day)}
            </option>
          ))}
        </Select>
        <Select
          label={intl.formatMessage({ id: 'settings.schedule.timeFormat' })}
          error={errors.timeFormat?.message}
          {...register('timeFormat')}
        >
          {timeFormats.map((format) => (
            <option key={format} value={format}>
              {intl.formatMessage(timeFormatLabel[format], {
                sample: formatTime(sample, { ...sampleClock, timeFormat: format, language: intl.locale }),
              })}
            </option>
          ))}
        </Select>
        <Select
          label={intl.formatMessage({ id: 'settings.schedule.dateFormat' })}
          error={errors.dateFormat?.message}
          {...register('dateFormat')}
        >
          {dateFormats.map((format) => (
            <option key={format} value={format}>
              {intl.formatMessage(dateOrderLabel[format], {
                sample: formatDate(sample, { ...sampleClock, dateFormat: format, language: intl.locale }),
              })}
            </option>
          ))}
        </Select>
        <Select
          label={intl.formatMessage({ id: 'settings.schedule.language' })}
          hint={intl.formatMessage({ id: 'settings.schedule.languageHint' })}
          error={errors.language?.message}
          {...register('language')}
        >
          {languages.map(([code, name]) => (
            <option key={code} value={code} lang={code}>
              {name}
            </option>
          ))}
        </Select>
        {(['start', 'end'] as const).map((end) => (
          <Controller
            key={end}
            control={control}
            name={`workingHours.${end}`}
            render={({ field }) => (
              <TimeField
                label={intl.formatMessage(workingHoursLabel[end])}
                stepMinutes={15}
                error={errors.workingHours?.[end]?.message}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        ))}
        <TextField
          label={intl.formatMessage({ id: 'settings.schedule.defaultJobMinutes' })}
          type="number"
          min={5}
          max={1440}
          step={5}
          inputMode="numeric"
          hint={intl.formatMessage({ id: 'settings.schedule.defaultJobMinutesHint' })}
          error={errors.defaultJobMinutes?.message}
          {...register('defaultJobMinutes', { valueAsNumber: true })}
        />
        <div className="settings-wide">
          <Controller
            control={control}
            name="workingHours.days"
            render={({ field, fieldState }) => (
              <DaysField
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                weekStart={Number(weekStart) || 0}
                error={fieldState.error?.message ?? errors.workingHours?.days?.root?.message}
              />
            )}
          />
        </div>
      </div>
    </Panel>
  );
}
