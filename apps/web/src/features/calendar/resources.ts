import { type Member, unassignedColour, unassignedResourceId } from '@fieldplan/shared';
import type { ResourceLabelContentArg } from '@fullcalendar/resource';
import { textOn } from '../../lib/colour';
import { t } from '../../lib/i18n';
import { initials } from '../../lib/initials';

export interface ScheduleResource {
  id: string;
  title: string;
  eventColor: string;
  extendedProps: { colour: string; sortIndex: number; unassigned: boolean };
}

const unassignedText = () => t({ id: 'calendar.resources.unassigned' });

/** Timeline rows: the "Unassigned" row first, then every active technician in the team's order. */
export function technicianResources(members: readonly Member[]): ScheduleResource[] {
  const technicians = members.filter((m) => m.role === 'technician' && m.active);
  return [
    {
      id: unassignedResourceId,
      title: unassignedText(),
      eventColor: unassignedColour,
      extendedProps: { colour: unassignedColour, sortIndex: -1, unassigned: true },
    },
    ...technicians.map((m, i) => ({
      id: m.id,
      title: m.name,
      eventColor: m.colour,
      extendedProps: { colour: m.colour, sortIndex: i, unassigned: false },
    })),
  ];
}

/** Marks the "Optimise day" button of a row's label; the calendar listens for clicks on it. */
export const optimiseAttribute = 'data-optimise-member';

/**
 * A row's label — avatar in the technician's colour (the Avatar component's markup) and the name,
 * as text — built as DOM nodes (FullCalendar's `domNodes` content): React content would make the
 * React wrapper re-measure the whole calendar after every render of its portals (docs/adr/0007).
 * With `optimise`, a technician's label ends with an "Optimise day" button.
 */
export function resourceLabelNodes(arg: ResourceLabelContentArg, optimise = false): Node[] {
  const { resource } = arg;
  const props = resource.extendedProps as ScheduleResource['extendedProps'];
  const label = document.createElement('span');
  const name = document.createElement('span');
  name.className = 'res-name';
  if (props.unassigned) {
    label.className = 'res-label res-unassigned';
    const mark = document.createElement('span');
    mark.className = 'res-unassigned-mark';
    mark.setAttribute('aria-hidden', 'true');
    mark.textContent = '—';
    name.textContent = unassignedText();
    label.append(mark, name);
    return [label];
  }
  label.className = 'res-label';
  const avatar = document.createElement('span');
  avatar.className = 'avatar avatar-sm';
  avatar.setAttribute('aria-hidden', 'true');
  avatar.style.background = props.colour;
  avatar.style.color = textOn(props.colour);
  avatar.textContent = initials(resource.title);
  name.textContent = resource.title;
  label.append(avatar, name);
  if (optimise) label.appendChild(optimiseButton(resource.id, resource.title));
  return [label];
}

function optimiseButton(memberId: string, name: string): HTMLElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'res-optimise';
  button.setAttribute(optimiseAttribute, memberId);
  button.setAttribute('aria-label', t({ id: 'calendar.resources.optimiseFor' }, { name }));
  button.title = t({ id: 'calendar.resources.optimise' });
  const mark = document.createElement('span');
  mark.className = 'ev-icon ev-icon-route';
  mark.setAttribute('aria-hidden', 'true');
  button.appendChild(mark);
  return button;
}
