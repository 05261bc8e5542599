import { type ReactNode, useId, useState } from 'react';
import { useIntl } from '../lib/i18n';
import { DateInput, TimeInput, type TypedInputProps, useDateTexts, useTimeTexts } from './DateInput';
import { FieldShell, useFieldIds } from './Field';

interface LabelledTypedProps extends Omit<TypedInputProps, 'hintId'> {
  label: ReactNode;
  /** Said under the format hint. */
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  /** The format hint ("Day, month, year: 30.11.2026") for screen readers only. */
  quietHint?: boolean;
}

/** The field's hint: the format (always, for screen readers at least) and the caller's own. */
function Hint({ format, extra, quiet }: { format: string; extra: ReactNode; quiet: boolean }) {
  return (
    <>
      <span className={quiet ? 'visually-hidden' : undefined}>{format}</span>
      {extra ? <> · {extra}</> : null}
    </>
  );
}

/**
 * A labelled typed field: the format hint (always there for screen readers), and the field's error
 * held back while the input itself says its text is no date or time.
 */
function TypedField({
  kind,
  label,
  hint,
  error,
  optional,
  quietHint = false,
  id,
  className,
  ...input
}: LabelledTypedProps & { kind: 'date' | 'time'; stepMinutes?: number }) {
  const dateTexts = useDateTexts();
  const timeTexts = useTimeTexts();
  const [invalid, setInvalid] = useState(false);
  const shownError = invalid ? undefined : error;
  const ids = useFieldIds(id, true, shownError);
  const Input = kind === 'date' ? DateInput : TimeInput;
  return (
    <FieldShell
      ids={ids}
      label={label}
      hint={<Hint format={(kind === 'date' ? dateTexts : timeTexts).hint} extra={hint} quiet={quietHint} />}
      error={shownError}
      optional={optional}
      className={[`${kind}-field`, className].filter(Boolean).join(' ')}
    >
      <Input
        id={ids.inputId}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={ids.errorId}
        hintId={ids.hintId}
        onTextInvalid={setInvalid}
        {...input}
      />
    </FieldShell>
  );
}

/** A labelled date (ISO in and out) typed in the workspace's order, with a calendar. */
export const DateField = (props: LabelledTypedProps) => <TypedField kind="date" {...props} />;

/** A labelled wall time ("HH:MM" in and out) typed on the workspace's clock. */
export const TimeField = (props: LabelledTypedProps & { stepMinutes?: number }) => (
  <TypedField kind="time" {...props} />
);

interface DateTimeFieldProps {
  label: string;
  /** `YYYY-MM-DDTHH:mm`, a date alone when `dateOnly`, '' for none; text that is no date-time as typed. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  dateOnly?: boolean;
  error?: string | undefined;
  stepMinutes?: number;
  quietHint?: boolean;
  className?: string;
}

const splitValue = (value: string): [string, string] => {
  const at = value.indexOf('T');
  if (at === -1) return [value, ''];
  return [value.slice(0, at), value.slice(at + 1, at + 6)];
};

/**
 * A date and a time under one label (the job form's start and end): the date field carries the
 * label, the time field "<label>, time". The value joins them as `YYYY-MM-DDTHH:mm`; when one of
 * the two is missing or no value, the value is the text as typed so the form's rules reject it.
 */
export function DateTimeField({
  label,
  value,
  onChange,
  onBlur,
  dateOnly = false,
  error,
  stepMinutes = 15,
  quietHint = false,
  className,
}: DateTimeFieldProps) {
  const intl = useIntl();
  const dateTexts = useDateTexts();
  const timeTexts = useTimeTexts();
  const [invalid, setInvalid] = useState({ date: false, time: false });
  const shownError = invalid.date || invalid.time ? undefined : error;
  const ids = useFieldIds(undefined, true, shownError);
  const timeId = useId();
  const [date, time] = splitValue(value);
  const join = (d: string, t: string) => {
    if (dateOnly) return d;
    if (d === '' && t === '') return '';
    return `${d}T${t}`;
  };
  return (
    <FieldShell
      ids={ids}
      label={label}
      hint={
        <Hint
          format={dateOnly ? dateTexts.hint : `${dateTexts.hint} · ${timeTexts.hint}`}
          extra={null}
          quiet={quietHint}
        />
      }
      error={shownError}
      className={['date-time-field', className].filter(Boolean).join(' ')}
    >
      <div className="date-time-row">
        <DateInput
          id={ids.inputId}
          value={date}
          onChange={(d) => onChange(join(d, time))}
          onBlur={onBlur}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={ids.errorId}
          hintId={ids.hintId}
          onTextInvalid={(date) => setInvalid((v) => (v.date === date ? v : { ...v, date }))}
        />
        {!dateOnly && (
          <TimeInput
            id={timeId}
            value={time}
            onChange={(t) => onChange(join(date, t))}
            onBlur={onBlur}
            stepMinutes={stepMinutes}
            aria-label={intl.formatMessage({ id: 'components.dateTimeField.time' }, { label })}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={ids.errorId}
            hintId={ids.hintId}
            onTextInvalid={(time) => setInvalid((v) => (v.time === time ? v : { ...v, time }))}
          />
        )}
      </div>
    </FieldShell>
  );
}
