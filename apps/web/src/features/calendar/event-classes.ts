import type { VisitEventProps } from './fc-adapter';

type Props = VisitEventProps;

type Arg = { event: { display?: string; extendedProps: Record<string, unknown> } };

/** Classes on an event's own element: status styles and the red outline of a double booking. */
export function eventClassNames({ event }: Arg): string[] {
  // Busy time from subscribed calendars takes its source's class (`fp-busy`) only.
  if (event.display === 'background') return [];
  const props = event.extendedProps as Partial<Props>;
  const names = ['fp-ev', `fp-ev-${props.status ?? 'scheduled'}`];
  if ((props.overlapsWith?.length ?? 0) > 0) names.push('fp-ev-double');
  return names;
}

/** The same, marking every event of the job open in the side panel. */
export function classNamesWithSelection(selectedJobId: string | null) {
  if (!selectedJobId) return eventClassNames;
  return (arg: Arg) => {
    const names = eventClassNames(arg);
    if ((arg.event.extendedProps as Partial<Props>).jobId === selectedJobId) names.push('fp-ev-selected');
    return names;
  };
}
