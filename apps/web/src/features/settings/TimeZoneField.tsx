import { formatTime, isTimeZone } from '@fieldplan/shared';
import { type InputHTMLAttributes, type Ref, useId, useMemo } from 'react';
import { TextField } from '../../components/TextField';
import { clockIn } from '../../lib/clock';
import { t, useIntl } from '../../lib/i18n';

function allZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/** "UTC+01:00 · 14:32 there now", or nothing for a zone this browser doesn't know. */
function describe(zone: string): string | null {
  if (!zone || !isTimeZone(zone)) return null;
  const now = new Date();
  const offset =
    new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(now)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  const time = formatTime(now, clockIn(zone));
  return t({ id: 'settings.timeZone.now' }, { offset: offset.replace('GMT', 'UTC') || 'UTC', time });
}

interface TimeZoneFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  /** The zone typed so far (watched), for the hint; the input itself stays uncontrolled. */
  zone: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** Type to filter the IANA zones this browser knows (a datalist: native on desktop and phones). */
export function TimeZoneField({ zone, error, ref, ...input }: TimeZoneFieldProps) {
  const intl = useIntl();
  const listId = useId();
  const zones = useMemo(allZones, []);
  return (
    <>
      <TextField
        ref={ref}
        label={intl.formatMessage({ id: 'settings.timeZone.label' })}
        list={listId}
        autoComplete="off"
        spellCheck={false}
        placeholder={intl.formatMessage({ id: 'settings.timeZone.placeholder' })}
        hint={describe(zone) ?? intl.formatMessage({ id: 'settings.timeZone.hint' })}
        error={error}
        {...input}
      />
      <datalist id={listId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}
