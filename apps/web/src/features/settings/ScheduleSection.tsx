import { type Clock, dateFormats, formatDate, formatTime, timeFormats } from '@fieldplan/shared';
import { Controller, useWatch } from 'react-hook-form';
import { Panel } from '../../components/Panel';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { weekdayNames } from '../../lib/format';
import { DaysField } from './DaysField';
import type { SettingsFormApi } from './form-types';
import { TimeZoneField } from './TimeZoneField';

// Each format's option shows it at work on one fixed evening: "19:30" / "7:30 PM", "26 Nov 2026" …
const sample = Date.UTC(2026, 10, 26, 19, 30);
const sampleClock: Clock = { timeZone: 'UTC', timeFormat: '24h', dateFormat: 'dmy' };
const dateOrderLabel = { dmy: 'Day first', mdy: 'Month first', ymd: 'Year first' } as const;

export function ScheduleSection({ form }: { form: SettingsFormApi }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const [timeZone, weekStart] = useWatch({ control, name: ['timeZone', 'weekStart'] });
  return (
    <Panel
      title="Schedule"
      description="The calendar works in this time zone and shades these hours as business hours. Every time and date on every screen is written in these formats."
    >
      <div className="settings-grid">
        <TimeZoneField zone={timeZone ?? ''} error={errors.timeZone?.message} {...register('timeZone')} />
        <Select
          label="First day of the week"
          error={errors.weekStart?.message}
          {...register('weekStart', { setValueAs: Number })}
        >
          {weekdayNames.map((day, index) => (
            <option key={day} value={index}>
              {day}
            </option>
          ))}
        </Select>
        <Select label="Time format" error={errors.timeFormat?.message} {...register('timeFormat')}>
          {timeFormats.map((format) => (
            <option key={format} value={format}>
              {format === '24h' ? '24-hour' : '12-hour'} ({formatTime(sample, { ...sampleClock, timeFormat: format })})
            </option>
          ))}
        </Select>
        <Select label="Date format" error={errors.dateFormat?.message} {...register('dateFormat')}>
          {dateFormats.map((format) => (
            <option key={format} value={format}>
              {dateOrderLabel[format]} ({formatDate(sample, { ...sampleClock, dateFormat: format })})
            </option>
          ))}
        </Select>
        {(['start', 'end'] as const).map((end) => (
          <TextField
            key={end}
            label={`Working hours ${end}`}
            type="time"
            step={900}
            error={errors.workingHours?.[end]?.message}
            {...register(`workingHours.${end}`)}
          />
        ))}
        <TextField
          label="Default job length"
          type="number"
          min={5}
          max={1440}
          step={5}
          inputMode="numeric"
          hint="Minutes. A job made from a calendar slot or a day lasts this long."
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
