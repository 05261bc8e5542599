import { Controller, useWatch } from 'react-hook-form';
import { Panel } from '../../components/Panel';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { weekdayNames } from '../../lib/format';
import { DaysField } from './DaysField';
import type { SettingsFormApi } from './form-types';
import { TimeZoneField } from './TimeZoneField';

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
      description="The calendar works in this time zone and shades these hours as business hours."
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
        <TextField
          label="Working hours start"
          type="time"
          step={900}
          error={errors.workingHours?.start?.message}
          {...register('workingHours.start')}
        />
        <TextField
          label="Working hours end"
          type="time"
          step={900}
          error={errors.workingHours?.end?.message}
          {...register('workingHours.end')}
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
