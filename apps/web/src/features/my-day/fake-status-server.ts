import type { Job, JobStatus } from '@fieldplan/shared';
import { type Answer, type FakeRequest, fakeFetch, json } from '../../test/fake-api';

/** A job as the server answers it, at `version` and `status` (tests only). */
const job = (id: string, version: number, status: JobStatus): Job => ({
  id,
  customerId: null,
  customerName: null,
  title: `Job ${id}`,
  description: '',
  address: '',
  lat: null,
  lng: null,
  start: '2026-03-02T09:00:00.000Z',
  end: '2026-03-02T10:00:00.000Z',
  allDay: false,
  status,
  priority: 3,
  assigneeIds: ['m1'],
  rrule: null,
  flexibleWindow: null,
  exceptions: [],
  version,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
});

/**
 * For tests: the server's status route for some jobs of workspace `ws`, at `versions`. If-Match must
 * name the job's version (otherwise 412 with the job as it is, like the real route); `lose` drops the
 * answers of that many applied changes (the phone sees no network, the server has made the change);
 * `routes` answer the rest.
 */
export function fakeStatusServer(
  ws: string,
  versions: Record<string, number>,
  options: { lose?: number; routes?: Record<string, Answer> } = {},
) {
  const statuses: Record<string, JobStatus> = {};
  let lose = options.lose ?? 0;
  const answer = (id: string) => (request: FakeRequest) => {
    const current = versions[id] ?? 1;
    if (request.headers['if-match'] !== `"${current}"`) {
      const conflict = { code: 'version_conflict', status: 412, title: 'Version conflict', type: 'x' };
      const detail = 'Someone else changed this job';
      const now = job(id, current, statuses[id] ?? 'scheduled');
      return json({ ...conflict, detail, currentVersion: current, current: now }, 412);
    }
    const status = (request.body as { status: JobStatus }).status;
    versions[id] = current + 1;
    statuses[id] = status;
    if (lose > 0) {
      lose -= 1;
      throw new TypeError('Failed to fetch');
    }
    return json(job(id, current + 1, status));
  };
  const fetch = fakeFetch({
    ...options.routes,
    ...Object.fromEntries(Object.keys(versions).map((id) => [`POST /workspaces/${ws}/jobs/${id}/status`, answer(id)])),
  });
  /** What reached the route of job `id`: each change's status and If-Match. */
  const sent = (id: string) =>
    fetch
      .callsTo(`POST /workspaces/${ws}/jobs/${id}/status`)
      .map((c) => [(c.body as { status: string }).status, c.headers['if-match']]);
  return { fetch, statuses, versions, sent };
}
