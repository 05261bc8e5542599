import { describe, expect, it } from 'vitest';
import { classNamesWithSelection } from './event-classes';

const event = (jobId: string) => ({ event: { extendedProps: { jobId, status: 'scheduled', overlapsWith: [] } } });

describe('event classes', () => {
  it('mark the jobs of booking requests still waiting, and the selected job, and nothing else', () => {
    const classes = classNamesWithSelection('j2', new Set(['j1']));
    expect(classes(event('j1'))).toEqual(['fp-ev', 'fp-ev-scheduled', 'fp-ev-request']);
    expect(classes(event('j2'))).toEqual(['fp-ev', 'fp-ev-scheduled', 'fp-ev-selected']);
    expect(classes(event('j3'))).toEqual(['fp-ev', 'fp-ev-scheduled']);
    expect(classNamesWithSelection(null)(event('j1'))).toEqual(['fp-ev', 'fp-ev-scheduled']);
  });
});
