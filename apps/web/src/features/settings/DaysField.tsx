import { FieldsetField } from '../../components/Field';
import { longWeekday, shortWeekday } from '../../lib/format';
import { useIntl } from '../../lib/i18n';

interface DaysFieldProps {
  value: number[];
  onChange: (days: number[]) => void;
  onBlur: () => void;
  /** Shown in this order, starting with the workspace's first day of the week. */
  weekStart: number;
  error?: string | undefined;
}

/** Working days as a row of checkboxes in a fieldset (0 = Sunday). */
export function DaysField({ value, onChange, onBlur, weekStart, error }: DaysFieldProps) {
  const intl = useIntl();
  const order = Array.from({ length: 7 }, (_, i) => (weekStart + i) % 7);
  const toggle = (day: number, on: boolean) =>
    onChange(on ? [...value, day].sort((a, b) => a - b) : value.filter((d) => d !== day));
  return (
    <FieldsetField className="days-field" legend={intl.formatMessage({ id: 'settings.days.legend' })} error={error}>
      <div className="days">
        {order.map((day) => (
          <label key={day} className="day" title={longWeekday(day)}>
            <input
              type="checkbox"
              checked={value.includes(day)}
              onChange={(event) => toggle(day, event.target.checked)}
              onBlur={onBlur}
              aria-label={longWeekday(day)}
            />
            <span aria-hidden="true">{shortWeekday(day)}</span>
          </label>
        ))}
      </div>
    </FieldsetField>
  );
}
