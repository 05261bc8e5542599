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

const none: ReadonlySet<string> = new Set();

/**
 * The same, marking every event of the job open in the side panel, and the jobs of online booking
 * requests still waiting for the office's decision (`requested`: their job ids; docs/adr/0030).
 */
export function classNamesWithSelection(selectedJobId: string | null, requested: ReadonlySet<string> = none) {
  if (!selectedJobId && requested.size === 0) return eventClassNames;
  return (arg: Arg) => {
    const names = eventClassNames(arg);
    const jobId = (arg.event.extendedProps as Partial<Props>).jobId;
    if (jobId !== undefined && jobId === selectedJobId) names.push('fp-ev-selected');
    if (jobId !== undefined && requested.has(jobId)) names.push('fp-ev-request');
    return names;
  };
}
