import { describe, expect, it } from 'vitest';
import { matchesFilter } from './filter.js';

const visit = (status: 'scheduled' | 'completed', assigneeIds: string[]) => ({ status, assigneeIds });

describe('matchesFilter', () => {
  it('keeps a technician’s visits, the unassigned row’s, and the statuses asked for (none: all)', () => {
    expect(matchesFilter(visit('scheduled', ['t1', 't2']), { technicianId: 't2' })).toBe(true);
    expect(matchesFilter(visit('scheduled', ['t1']), { technicianId: 't2' })).toBe(false);
    expect(matchesFilter(visit('scheduled', []), { technicianId: 'unassigned' })).toBe(true);
    expect(matchesFilter(visit('scheduled', ['t1']), { technicianId: 'unassigned' })).toBe(false);
    expect(matchesFilter(visit('completed', ['t1']), { statuses: ['scheduled'] })).toBe(false);
    expect(matchesFilter(visit('completed', ['t1']), { statuses: [] })).toBe(true);
    expect(matchesFilter(visit('completed', ['t1']), { technicianId: null, statuses: ['completed'] })).toBe(true);
  });
});
