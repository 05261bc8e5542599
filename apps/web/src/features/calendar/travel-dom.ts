import type { EventContentArg } from '@fullcalendar/core';
import { t } from '../../lib/i18n';
import { driveText, type TravelGap, travelTitle } from './travel-gaps';

function span(className: string, text?: string): HTMLElement {
  const node = document.createElement('span');
  node.className = className;
  // textContent only, like event-dom.ts.
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * A travel marker as DOM nodes (FullCalendar's `domNodes` content of its background event): the
 * drive as a quiet line and "12 min drive" in the strip under the row's jobs; a gap too short for
 * the drive hatches the free time, draws the drive in the warning colour and adds the alert icon and
 * "too short". The title says both times.
 */
export function travelNodes(arg: Pick<EventContentArg, 'event'>): Node[] {
  const gap = arg.event.extendedProps.travel as TravelGap;
  const root = span(gap.tooShort ? 'tg tg-short' : 'tg');
  root.title = travelTitle(gap);
  if (gap.tooShort && gap.gapMinutes > 0) {
    // The marker spans the drive; the free time is its last part, up to the later visit.
    const free = span('tg-gap');
    free.style.width = `${Math.min(100, (gap.gapMinutes / gap.driveMinutes) * 100)}%`;
    root.appendChild(free);
  }
  const label = span('tg-label');
  if (gap.tooShort) {
    const alert = span('ev-icon ev-icon-alert');
    alert.setAttribute('aria-hidden', 'true');
    label.append(alert, span('tg-flag', t({ id: 'calendar.travel.tooShort' })), span('tg-sep', '·'));
  }
  label.appendChild(span('tg-drive', driveText(gap)));
  root.appendChild(label);
  return [root];
}
