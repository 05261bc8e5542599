import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { useClockFormats } from '../../lib/clock';
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
  return (
    <div className="cal-toolbar" role="toolbar" aria-label="Calendar">
      <div className="cal-nav">
        <button
          type="button"
          className="icon-button cal-step"
          aria-label={`Previous ${unit}`}
          onClick={() => onChange({ date: stepDate(view, date, -1) })}
        >
          <Icon name="chevronLeft" />
        </button>
        <Button size="sm" onClick={() => onChange({ date: today })} disabled={date === today}>
          Today
        </Button>
        <button
          type="button"
          className="icon-button cal-step"
          aria-label={`Next ${unit}`}
          onClick={() => onChange({ date: stepDate(view, date, 1) })}
        >
          <Icon name="chevronRight" />
        </button>
      </div>
      <h2 className="cal-title" aria-live="polite">
        {viewTitle(view, date, firstDay, formats)}
      </h2>
      <label className="cal-date">
        <span className="visually-hidden">Go to date</span>
        <input
          type="date"
          className="input input-sm"
          value={date}
          onChange={(e) => e.target.value && onChange({ date: e.target.value })}
        />
      </label>
      <fieldset className="cal-views">
        <legend className="visually-hidden">View</legend>
        {views.map((v) => (
          <button
            key={v}
            type="button"
            className="cal-view"
            aria-pressed={v === view}
            onClick={() => onChange({ view: v })}
          >
            {viewLabel[v]}
          </button>
        ))}
      </fieldset>
      <label className="cal-views-select">
        <span className="visually-hidden">View</span>
        <select
          className="select select-sm"
          value={view}
          onChange={(e) => onChange({ view: e.target.value as CalendarView })}
        >
          {views.map((v) => (
            <option key={v} value={v}>
              {viewLabel[v]}
            </option>
          ))}
        </select>
      </label>
      {fullDay && (
        <button
          type="button"
          className="cal-view cal-hours"
          aria-pressed={fullDay.on}
          title={fullDay.on ? 'Showing all 24 hours' : 'Showing the working hours — show all 24'}
          onClick={() => fullDay.onChange(!fullDay.on)}
        >
          24 h
        </button>
      )}
      {children && <div className="cal-extra">{children}</div>}
    </div>
  );
}
