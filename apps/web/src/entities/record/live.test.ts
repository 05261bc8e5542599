import type { ChangeEvent, JobChecklists } from '@fieldplan/shared';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { applyChange, type Viewer } from '../../realtime/apply-change';
import { fakeFetch } from '../../test/fake-api';
import { workspaceId } from '../../test/fixtures';
import { recordApi } from './endpoints';
import type { VisitRecord } from './types';

// Templates and attachments go live (docs/PRODUCT.md, "Work record"): an open job panel or phone reads
// what changed again instead of waiting for its own next write.

const base = `/workspaces/${workspaceId}`;
const record: VisitRecord = {
  jobId: 'job-1',
  occurrence: null,
  notes: [],
  photos: [],
  checklists: [],
  signature: null,
};
const attached: JobChecklists = { templateIds: [], matchedTemplateIds: [] };

async function openPanel() {
  const fetch = fakeFetch({
    [`GET ${base}/jobs/job-1/record`]: record,
    [`GET ${base}/jobs/job-1/checklists`]: attached,
    [`GET ${base}/jobs/job-2/record`]: { ...record, jobId: 'job-2' },
    [`GET ${base}/checklist-templates`]: { items: [] },
  });
  const store = makeStore({ fetchFn: fetch, onUnauthenticated: () => {} });
  // Subscribed, as a mounted job panel and Settings → Checklists are.
  await store.dispatch(recordApi.endpoints.visitRecord.initiate({ workspaceId, jobId: 'job-1', occurrence: null }));
  await store.dispatch(recordApi.endpoints.visitRecord.initiate({ workspaceId, jobId: 'job-2', occurrence: null }));
  await store.dispatch(recordApi.endpoints.jobChecklists.initiate({ workspaceId, jobId: 'job-1' }));
  await store.dispatch(recordApi.endpoints.listChecklistTemplates.initiate(workspaceId));
  const viewer: Viewer = { userId: 'user-dispatcher', role: 'dispatcher', slug: 'demo' };
  const apply = (change: ChangeEvent) => store.dispatch(applyChange(workspaceId, change, viewer));
  const reads = (path: string) => fetch.callsTo(`GET ${base}${path}`).length;
  return { store, apply, reads };
}

describe('live checklist templates and attachments', () => {
  it('a job’s new attachments land in its list at once and its records are read again, not other jobs’', async () => {
    const { store, apply, reads } = await openPanel();
    apply({
      seq: 1,
      entity: 'job_checklists',
      action: 'updated',
      data: { id: 'job-1', templateIds: ['tpl-1'], matchedTemplateIds: ['tpl-2'] },
    });
    const list = recordApi.endpoints.jobChecklists.select({ workspaceId, jobId: 'job-1' })(store.getState());
    expect(list.data).toEqual({ templateIds: ['tpl-1'], matchedTemplateIds: ['tpl-2'] });
    await waitFor(() => expect(reads('/jobs/job-1/record')).toBe(2));
    expect(reads('/jobs/job-2/record')).toBe(1);
  });

  it('a template change reads the templates and every open record and attachment list again', async () => {
    const { apply, reads } = await openPanel();
    apply({ seq: 2, entity: 'checklist_template', action: 'deleted', data: { id: 'tpl-1' } });
    await waitFor(() => expect(reads('/checklist-templates')).toBe(2));
    await waitFor(() => expect(reads('/jobs/job-1/record')).toBe(2));
    await waitFor(() => expect(reads('/jobs/job-2/record')).toBe(2));
    await waitFor(() => expect(reads('/jobs/job-1/checklists')).toBe(2));
  });
});
