import { type Member, unassignedColour, unassignedResourceId } from '@fieldplan/shared';
import type { ResourceLabelContentArg } from '@fullcalendar/resource';
import { textOn } from '../../lib/colour';
import { initials } from '../../lib/initials';

export interface ScheduleResource {
  id: string;
  title: string;
  eventColor: string;
  extendedProps: { colour: string; sortIndex: number; unassigned: boolean };
}

/** Timeline rows: the "Unassigned" row first, then every active technician in the team's order. */
export function technicianResources(members: readonly Member[]): ScheduleResource[] {
  const technicians = members.filter((m) => m.role === 'technician' && m.active);
  return [
    {
      id: unassignedResourceId,
      title: 'Unassigned',
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

/**
 * A row's label — avatar in the technician's colour (the Avatar component's markup) and the name,
 * as text — built as DOM nodes (FullCalendar's `domNodes` content): React content would make the
 * React wrapper re-measure the whole calendar after every render of its portals (docs/adr/0007).
 */
export function resourceLabelNodes(arg: ResourceLabelContentArg): Node[] {
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
    name.textContent = 'Unassigned';
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
  return [label];
}
