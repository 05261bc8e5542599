import { type Clock, formatLongDay, formatMonth, weekdayName, weekOrder } from '@fieldplan/shared';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from '../lib/i18n';
import { addDaysIso, addMonthsIso, monthGrid, weekEdge } from './date-input';
import { Icon } from './Icon';

interface MonthGridProps {
  /** The chosen date (ISO), or null. */
  value: string | null;
  /** Where the keyboard starts when nothing is chosen (ISO). */
  today: string;
  clock: Clock;
  weekStart: number;
  onChoose: (iso: string) => void;
}

const atNoon = (iso: string) => `${iso}T12:00:00Z`;

/**
 * A month as a grid of days (role=grid, docs/ARCHITECTURE.md "Dates and times are typed"): the arrows move a
 * day or a week, PageUp/PageDown a month (with Shift a year), Home/End to the week's edges, Enter
 * or Space chooses. Weeks start on the workspace's first day; names are the formatter's.
 */
export function MonthGrid({ value, today, clock, weekStart, onChoose }: MonthGridProps) {
  const intl = useIntl();
  const [active, setActive] = useState(value ?? today);
  const headingId = useId();
  const table = useRef<HTMLTableElement>(null);
  const moved = useRef(false);
  const weeks = monthGrid(active, weekStart);
  const month = active.slice(0, 7);

  // After a key moved the active day (maybe to another month), focus follows it.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    table.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  });

  const move = (to: string) => {
    moved.current = true;
    setActive(to);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const steps: Record<string, () => string> = {
      ArrowLeft: () => addDaysIso(active, -1),
      ArrowRight: () => addDaysIso(active, 1),
      ArrowUp: () => addDaysIso(active, -7),
      ArrowDown: () => addDaysIso(active, 7),
      PageUp: () => addMonthsIso(active, event.shiftKey ? -12 : -1),
      PageDown: () => addMonthsIso(active, event.shiftKey ? 12 : 1),
      Home: () => weekEdge(active, weekStart, 'start'),
      End: () => weekEdge(active, weekStart, 'end'),
    };
    const step = steps[event.key];
    if (step) {
      event.preventDefault();
      move(step());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onChoose(active);
    }
  };

  return (
    <div className="month-grid">
      <div className="month-grid-head">
        <button
          type="button"
          className="month-grid-step"
          aria-label={intl.formatMessage({ id: 'components.dateField.previousMonth' })}
          onClick={() => setActive(addMonthsIso(active, -1))}
        >
          <Icon name="chevronLeft" size={16} />
        </button>
        <p id={headingId} className="month-grid-title" aria-live="polite">
          {formatMonth(atNoon(`${month}-15`), clock)}
        </p>
        <button
          type="button"
          className="month-grid-step"
          aria-label={intl.formatMessage({ id: 'components.dateField.nextMonth' })}
          onClick={() => setActive(addMonthsIso(active, 1))}
        >
          <Icon name="chevronRight" size={16} />
        </button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a date grid is a table of days that the arrow keys move through (the ARIA date picker pattern). */}
      <table ref={table} role="grid" aria-labelledby={headingId} className="month-grid-days">
        <thead>
          <tr>
            {weekOrder(weekStart).map((day) => (
              <th key={day} scope="col" abbr={weekdayName(day, clock.language, 'long')}>
                {weekdayName(day, clock.language)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => (
                // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a cell of a role=grid table is a gridcell, which takes aria-selected.
                <td
                  key={day}
                  tabIndex={day === active ? 0 : -1}
                  aria-selected={day === value}
                  aria-current={day === today ? 'date' : undefined}
                  aria-label={formatLongDay(atNoon(day), clock)}
                  className={day.slice(0, 7) === month ? 'month-grid-day' : 'month-grid-day month-grid-other'}
                  onClick={() => onChoose(day)}
                  onKeyDown={onKeyDown}
                  onFocus={() => day !== active && setActive(day)}
                >
                  {Number(day.slice(8))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
