import type { Clock } from '@fieldplan/shared';
import { type FocusEvent, type InputHTMLAttributes, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useClockFormats } from '../lib/clock';
import { useIntl } from '../lib/i18n';
import {
  formatDateInput,
  formatTimeInput,
  isIsoDate,
  parseDateInput,
  parseTimeInput,
  partAt,
  partRange,
  stepDate,
  stepTime,
  timePartAt,
  timePartRange,
} from './date-input';
import { Icon } from './Icon';
import { MonthGrid } from './MonthGrid';
import { Popover } from './Popover';
import { useTypedValue } from './use-typed-value';
import './DateField.css';

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'onBlur' | 'type' | 'step' | 'size'
>;

export interface TypedInputProps extends NativeProps {
  /** ISO ("2026-11-30" / "14:00"), '' for none; text that is neither comes back as typed. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** Each keystroke's value at once (forms, default); else on Enter and on leaving (navigation). */
  live?: boolean;
  /** The id of the format hint, added to aria-describedby (the field draws it). */
  hintId?: string | undefined;
  /** Told when the field was left holding text that is no date (or time), so a form can hold back its own message. */
  onTextInvalid?: (invalid: boolean) => void;
  /** Draws the "not a date" message for screen readers only (a toolbar with no room under it). */
  quietError?: boolean;
  size?: 'sm' | 'md';
}

const sampleDate = '2026-11-30';
/** The calendar popover's width with its padding (DateField.css), for choosing the side it opens to. */
const calendarWidth = 300;
const sampleTime = '14:00';

/** Today on this device, as an ISO date. */
export const localToday = (): string => {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())).toISOString().slice(0, 10);
};

/** The workspace's date and time formats in the page's language (what the fields type and show). */
export function useInputClock(): Clock & { weekStart: number } {
  const formats = useClockFormats();
  const intl = useIntl();
  return {
    timeZone: 'UTC',
    timeFormat: formats.timeFormat,
    dateFormat: formats.dateFormat,
    weekStart: formats.weekStart,
    language: intl.locale,
  };
}

/** The format hint and "not a date" texts of a date field. */
export function useDateTexts() {
  const intl = useIntl();
  const clock = useInputClock();
  const example = formatDateInput(sampleDate, clock);
  return {
    placeholder: intl.formatMessage(
      { id: 'components.dateField.pattern' },
      { order: clock.dateFormat, sep: example.replace(/\d/g, '').charAt(0) },
    ),
    hint: intl.formatMessage({ id: 'components.dateField.hint' }, { order: clock.dateFormat, example }),
    invalid: intl.formatMessage({ id: 'components.dateField.invalid' }, { example }),
  };
}

/** The format hint and "not a time" texts of a time field. */
export function useTimeTexts() {
  const intl = useIntl();
  const clock = useInputClock();
  const example = formatTimeInput(sampleTime, clock);
  const kind = clock.timeFormat === '12h' ? 'h12' : 'h24';
  return {
    placeholder: intl.formatMessage({ id: 'components.timeField.pattern' }, { clock: kind }),
    hint: intl.formatMessage({ id: 'components.timeField.hint' }, { clock: kind, example }),
    invalid: intl.formatMessage({ id: 'components.timeField.invalid' }, { example }),
  };
}

const describedBy = (...ids: (string | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/**
 * A date typed in the workspace's order ("30.11.2026") with a calendar beside it — never the
 * browser's date input, which writes the browser's locale.
 */
export function DateInput({
  value,
  onChange,
  onBlur,
  live = true,
  hintId,
  quietError = false,
  onTextInvalid,
  size = 'md',
  calendarAlign,
  className,
  disabled,
  ...input
}: TypedInputProps & {
  /** Which edge of the field the calendar lines up with; by default its start, or its end when there is no room to the right. */
  calendarAlign?: 'start' | 'end';
}) {
  const intl = useIntl();
  const clock = useInputClock();
  const texts = useDateTexts();
  const field = useRef<HTMLInputElement>(null);
  const { dateFormat, language } = clock;
  const parse = useCallback((t: string) => parseDateInput(t, { dateFormat, language }), [dateFormat, language]);
  const format = useCallback((iso: string) => formatDateInput(iso, { dateFormat, language }), [dateFormat, language]);
  const typed = useTypedValue(
    {
      value,
      onChange,
      onBlur,
      live,
      parse,
      format,
      empty: localToday,
      complete: (text) => text.trim() === '' || /\d{4}/.test(text),
      partRange,
      step: (iso, text, caret, by) => {
        const part = partAt(text, caret);
        return { iso: stepDate(iso, part, by, dateFormat), part };
      },
    },
    field,
  );
  const invalid = typed.invalid;
  useEffect(() => onTextInvalid?.(invalid), [invalid, onTextInvalid]);
  const chosen = parse(typed.text);
  // Before the calendar opens: under the field from its start, unless that would run off the window.
  const [align, setAlign] = useState<'start' | 'end'>('start');
  const measure = () => {
    const box = field.current?.getBoundingClientRect();
    if (box) setAlign(box.left + calendarWidth > window.innerWidth ? 'end' : 'start');
  };
  const invalidId = useInvalidId();
  const ownHintId = useInvalidId();
  return (
    <>
      <div
        className={['date-input', `date-input-${size}`, className].filter(Boolean).join(' ')}
        onPointerDownCapture={measure}
        onKeyDownCapture={measure}
      >
        <input
          ref={field}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          className={`input${size === 'sm' ? ' input-sm' : ''}`}
          placeholder={texts.placeholder}
          disabled={disabled}
          {...input}
          aria-invalid={invalid || input['aria-invalid'] ? true : undefined}
          aria-describedby={describedBy(
            invalid ? invalidId : undefined,
            input['aria-describedby'],
            hintId ?? ownHintId,
          )}
          {...typed.inputProps}
        />
        {!disabled && (
          <Popover
            button={<Icon name="calendar" />}
            buttonLabel={intl.formatMessage({ id: 'components.dateField.choose' })}
            buttonClassName="date-input-button"
            title={intl.formatMessage({ id: 'components.dateField.choose' })}
            align={calendarAlign ?? align}
          >
            {(close) => (
              <MonthGrid
                value={chosen ?? (isIsoDate(value) ? value : null)}
                today={localToday()}
                clock={clock}
                weekStart={clock.weekStart}
                onChoose={(iso) => {
                  typed.choose(iso);
                  close();
                  field.current?.focus();
                }}
              />
            )}
          </Popover>
        )}
      </div>
      {hintId === undefined && <OwnHint id={ownHintId} text={texts.hint} />}
      {invalid && <InvalidText id={invalidId} text={texts.invalid} quiet={quietError} />}
    </>
  );
}

/** The format hint of a field that draws none (an input inside a sentence, a toolbar): for screen readers. */
function OwnHint({ id, text }: { id: string; text: string }) {
  return (
    <span id={id} className="visually-hidden">
      {text}
    </span>
  );
}

function InvalidText({ id, text, quiet }: { id: string; text: string; quiet: boolean }) {
  return (
    <p id={id} className={quiet ? 'visually-hidden' : 'field-error'} role="alert">
      {text}
    </p>
  );
}

/** A time typed on the workspace's clock ("14:00" or "2:00 PM"); ArrowUp/ArrowDown step hours, minutes or AM/PM. */
export function TimeInput({
  value,
  onChange,
  onBlur,
  live = true,
  hintId,
  quietError = false,
  onTextInvalid,
  size = 'md',
  className,
  stepMinutes = 15,
  ...input
}: TypedInputProps & { stepMinutes?: number }) {
  const clock = useInputClock();
  const texts = useTimeTexts();
  const field = useRef<HTMLInputElement>(null);
  const { timeFormat, language } = clock;
  const parse = useCallback((t: string) => parseTimeInput(t, { timeFormat, language }), [timeFormat, language]);
  const format = useCallback((hhmm: string) => formatTimeInput(hhmm, { timeFormat, language }), [timeFormat, language]);
  const typed = useTypedValue(
    {
      value,
      onChange,
      onBlur,
      live,
      parse,
      format,
      empty: () => '09:00',
      partRange: timePartRange,
      step: (hhmm, text, caret, by) => {
        const part = timePartAt(text, caret);
        return { iso: stepTime(hhmm, part, by, stepMinutes), part };
      },
    },
    field,
  );
  const invalid = typed.invalid;
  useEffect(() => onTextInvalid?.(invalid), [invalid, onTextInvalid]);
  const invalidId = useInvalidId();
  const ownHintId = useInvalidId();
  return (
    <>
      {hintId === undefined && <OwnHint id={ownHintId} text={texts.hint} />}
      <input
        ref={field}
        type="text"
        autoComplete="off"
        spellCheck={false}
        className={[
          'input',
          'time-input',
          `time-input-${timeFormat === '12h' ? 'h12' : 'h24'}`,
          size === 'sm' ? 'input-sm' : '',
          className,
        ]
          .filter(Boolean)
          .join(' ')}
        placeholder={texts.placeholder}
        {...input}
        aria-invalid={invalid || input['aria-invalid'] ? true : undefined}
        aria-describedby={describedBy(invalid ? invalidId : undefined, input['aria-describedby'], hintId ?? ownHintId)}
        {...typed.inputProps}
      />
      {invalid && <InvalidText id={invalidId} text={texts.invalid} quiet={quietError} />}
    </>
  );
}

/** An id for a field's own "not a date/time" message. */
export const useInvalidId = (): string => `${useId()}-invalid`;
