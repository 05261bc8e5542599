import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { DateInput } from '../../components/DateInput';
import { isIsoDate } from '../../components/date-input';
import { Icon } from '../../components/Icon';
import { useClockFormats } from '../../lib/clock';
import { Message, useIntl } from '../../lib/i18n';
import { type CalendarView, calendarViews, stepDate, viewLabel, viewTitle } from './calendar-views';

interface CalendarToolbarProps {
  view: CalendarView;
  date: string;
  today: string;
  firstDay: number;
  /** Views offered (phones get fewer). */
  views?: readonly CalendarView[];
  onChange: (patch: { view?: CalendarView; date?: string }) => void;
  /** The "24 h" switch (views with a time axis): off shows the working hours. */
  fullDay?: { on: boolean; onChange: (on: boolean) => void } | undefined;
  /** Filters or actions at the end of the bar. */
  children?: ReactNode;
}

/** Prev / today / next, the range's title, a date picker and the view switcher. */
export function CalendarToolbar({
  view,
  date,
  today,
  firstDay,
  views = calendarViews,
  onChange,
  fullDay,
  children,
}: CalendarToolbarProps) {
  const unit = view === 'dayGridMonth' ? 'month' : view.endsWith('Day') ? 'day' : 'week';
  const formats = useClockFormats();
  const intl = useIntl();
  const viewText = intl.formatMessage({ id: 'calendar.toolbar.view' });
  return (
    <div className="cal-toolbar" role="toolbar" aria-label={intl.formatMessage({ id: 'calendar.toolbar.label' })}>
      <div className="cal-nav">
        <button
          type="button"
          className="icon-button cal-step"
          aria-label={intl.formatMessage({ id: 'calendar.toolbar.previous' }, { unit })}
          onClick={() => onChange({ date: stepDate(view, date, -1) })}
        >
          <Icon name="chevronLeft" />
        </button>
        <Button size="sm" onClick={() => onChange({ date: today })} disabled={date === today}>
          <Message id="calendar.toolbar.today" />
        </Button>
        <button
          type="button"
          className="icon-button cal-step"
          aria-label={intl.formatMessage({ id: 'calendar.toolbar.next' }, { unit })}
          onClick={() => onChange({ date: stepDate(view, date, 1) })}
        >
          <Icon name="chevronRight" />
        </button>
      </div>
      <h2 className="cal-title" aria-live="polite">
        {viewTitle(view, date, firstDay, { ...formats, language: intl.locale })}
      </h2>
      <div className="cal-date">
        <DateInput
          size="sm"
          live={false}
          quietError
          aria-label={intl.formatMessage({ id: 'calendar.toolbar.goToDate' })}
          value={date}
          onChange={(value) => isIsoDate(value) && onChange({ date: value })}
        />
      </div>
      <fieldset className="cal-views">
        <legend className="visually-hidden">{viewText}</legend>
        {views.map((v) => (
          <button
            key={v}
            type="button"
            className="cal-view"
            aria-pressed={v === view}
            onClick={() => onChange({ view: v })}
          >
            {intl.formatMessage(viewLabel[v])}
          </button>
        ))}
      </fieldset>
      <label className="cal-views-select">
        <span className="visually-hidden">{viewText}</span>
        <select
          className="select select-sm"
          value={view}
          onChange={(e) => onChange({ view: e.target.value as CalendarView })}
        >
          {views.map((v) => (
            <option key={v} value={v}>
              {intl.formatMessage(viewLabel[v])}
            </option>
          ))}
        </select>
      </label>
      {fullDay && (
        <button
          type="button"
          className="cal-view cal-hours"
          aria-pressed={fullDay.on}
          title={
            fullDay.on
              ? intl.formatMessage({ id: 'calendar.toolbar.allHours' })
              : intl.formatMessage({ id: 'calendar.toolbar.workingHours' })
          }
          onClick={() => fullDay.onChange(!fullDay.on)}
        >
          <Message id="calendar.toolbar.fullDay" />
        </button>
      )}
      {children && <div className="cal-extra">{children}</div>}
    </div>
  );
}
