import { type RefObject, useEffect } from 'react';
import { t } from '../../lib/i18n';

/**
 * What FullCalendar's markup leaves for assistive technology to trip over (axe-core's serious and
 * critical findings), mended in its DOM as it renders. Preact sets an attribute again only when its
 * own props for it change, so a mend holds until the element is made anew; the observer catches that.
 */
function mend(root: HTMLElement): void {
  // Resource timeline: the lanes (where the events are) and the time axis are `aria-hidden` tables,
  // yet hold focusable events and day links — a keyboard lands on what a screen reader is told is
  // not there. They are layout tables: exposed as `role="presentation"`, the events and dates read
  // as what they are (their text).
  for (const table of root.querySelectorAll(
    '.fc-timeline-body table.fc-scrollgrid-sync-table[aria-hidden], .fc-timeline-header table.fc-scrollgrid-sync-table[aria-hidden]',
  )) {
    table.removeAttribute('aria-hidden');
    table.setAttribute('role', 'presentation');
  }
  // With those exposed, the frame around the timeline (a `role="grid"` table whose rows hold the
  // technicians' list, the time axis and the lanes) would own links and a scroll region where a
  // grid allows only rows. It is layout too; the technicians' list, whose rows leaned on it,
  // becomes a grid of its own ("Technicians"), and the word "Technicians" above it plain text.
  for (const frame of root.querySelectorAll('.fc-resource-timeline > .fc-scrollgrid[role="grid"]')) {
    frame.setAttribute('role', 'presentation');
    for (const part of frame.querySelectorAll(':scope > [role="rowgroup"], :scope > * > tr[role]')) {
      part.setAttribute('role', 'presentation');
    }
  }
  for (const list of root.querySelectorAll('table.fc-datagrid-body[role="presentation"]')) {
    list.setAttribute('role', 'grid');
    list.setAttribute('aria-label', t({ id: 'calendar.a11y.technicians' }));
    list.setAttribute('aria-readonly', 'true');
  }
  // A windowed timeline renders only the rows near the viewport (docs/adr/0023-timeline-windowing.md):
  // the list says how many there are in all, and each row its place (use-row-window.ts).
  const rowCount = root.getAttribute('data-row-count');
  for (const list of root.querySelectorAll('table.fc-datagrid-body[role="grid"]')) {
    if (rowCount) list.setAttribute('aria-rowcount', rowCount);
    else list.removeAttribute('aria-rowcount');
  }
  for (const cell of root.querySelectorAll(
    'table.fc-datagrid-header [role="row"], table.fc-datagrid-header [role="columnheader"]',
  )) {
    cell.setAttribute('role', 'presentation');
  }
  // The time axis scrolls (in step with the lanes): focusable and named, so arrow keys scroll the hours.
  nameScrollers(root, '.fc-timeline-header', t({ id: 'calendar.a11y.hoursScroll' }));
  // The technicians' list scrolls too (in step with the lanes) once the board is shorter than its rows
  // — a banner above it is enough — and its rows hold nothing focusable: focusable and named as well,
  // so a keyboard can scroll it (axe: scrollable-region-focusable).
  nameScrollers(root, 'table.fc-datagrid-body', t({ id: 'calendar.a11y.techniciansScroll' }));
  // Month: "+27 more" is a link without an address that opens a popover — a button, which is what
  // its aria-expanded belongs to.
  for (const more of root.querySelectorAll('a.fc-more-link:not([role])')) more.setAttribute('role', 'button');
  // Month: a day cell named by its day number alone, while it holds that day's events too; named by
  // its content instead (the number first).
  for (const day of root.querySelectorAll('td.fc-daygrid-day[aria-labelledby]')) day.removeAttribute('aria-labelledby');
}

export function useCalendarA11y(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    mend(element);
    // Once per frame, however many batches of mutations FullCalendar's render made before it: the
    // frame paints the mended DOM, and a render that mutates in several steps pays for one pass of
    // the queries, not one per step.
    let frame = 0;
    const observer = new MutationObserver(() => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        mend(element);
      });
    });
    observer.observe(element, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [root]);
}

/** Makes the scroller around each `selector` match focusable, a region, and named `label` (once). */
function nameScrollers(root: ParentNode, selector: string, label: string) {
  for (const inner of root.querySelectorAll(selector)) {
    const scroller = inner.closest('.fc-scroller');
    if (!scroller || scroller.hasAttribute('tabindex')) continue;
    scroller.setAttribute('tabindex', '0');
    scroller.setAttribute('role', 'region');
    scroller.setAttribute('aria-label', label);
  }
}
