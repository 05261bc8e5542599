import type { MyDay } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { authApi } from '../../entities/session/endpoints';
import { applyChange } from '../../realtime/apply-change';
import { fakeFetch } from '../../test/fake-api';
import { meAs, workspaceId } from '../../test/fixtures';
import { job } from '../../test/schedule-fixtures';
import { myDayApi } from './endpoints';
import { markSent } from './live';

const date = '2026-11-23';
const route = `GET /workspaces/${workspaceId}/my-day`;
const visit = (jobId: string): MyDay['visits'][number] => ({
  id: jobId,
  jobId,
  occurrence: null,
  version: 1,
  title: 'Boiler service',
  start: '2026-11-23T08:00:00.000Z',
  end: '2026-11-23T09:00:00.000Z',
  allDay: false,
  status: 'scheduled',
  assigneeIds: ['member-technician'],
  customerName: null,
  description: '',
  customerPhone: null,
  customerNotes: '',
  address: 'Hauptstraße 1, Berlin',
  lat: 52.5,
  lng: 13.4,
});

/** A technician's phone with today's day loaded and a fake server that counts the fetches of it. */
async function phoneWithDay() {
  const day: MyDay = { date, timeZone: 'Europe/Berlin', homeBase: null, visits: [visit('job-1')] };
  const fetch = fakeFetch({ [route]: day });
  const store = makeStore({ fetchFn: fetch, onUnauthenticated: () => {} });
  await store.dispatch(authApi.util.upsertQueryData('getMe', undefined, meAs('technician')));
  const subscription = store.dispatch(myDayApi.endpoints.getMyDay.initiate({ workspaceId, date }));
  await subscription;
  const fetches = () => fetch.callsTo(route).length;
  const apply = (data: ReturnType<typeof job> | null, id = data?.id ?? '') =>
    store.dispatch(
      applyChange(
        workspaceId,
        data
          ? { seq: 1, entity: 'job', action: 'updated', data }
          : { seq: 1, entity: 'job', action: 'deleted', data: { id } },
        { userId: 'user-technician', role: 'technician', slug: 'demo' },
      ),
    );
  return { store, fetches, apply, settle: () => new Promise((r) => setTimeout(r, 20)) };
}

describe('my day stays live', () => {
  it('fetches the day again when a job on it changes or goes', async () => {
    const phone = await phoneWithDay();
    expect(phone.fetches()).toBe(1);
    phone.apply(job({ id: 'job-1', title: 'Boiler service (moved)', assigneeIds: ['member-dispatcher'] }));
    await phone.settle();
    expect(phone.fetches()).toBe(2);
    phone.apply(null, 'job-1');
    await phone.settle();
    expect(phone.fetches()).toBe(3);
  });

  it('fetches it when a job is given to this technician, and not for anyone else’s job', async () => {
    const phone = await phoneWithDay();
    phone.apply(job({ id: 'job-9', assigneeIds: ['member-dispatcher'] }));
    await phone.settle();
    expect(phone.fetches()).toBe(1);
    phone.apply(job({ id: 'job-9', assigneeIds: ['member-dispatcher', 'member-technician'] }));
    await phone.settle();
    expect(phone.fetches()).toBe(2);
  });
});

describe('a sent status change', () => {
  it('shows on the cached day at once, with the job’s new version', async () => {
    const phone = await phoneWithDay();
    phone.store.dispatch(markSent({ workspaceId, jobId: 'job-1', visitId: 'job-1', status: 'en_route' }, 4));
    const day = myDayApi.endpoints.getMyDay.select({ workspaceId, date })(phone.store.getState()).data;
    expect(day?.visits[0]).toMatchObject({ status: 'en_route', version: 4 });
  });
});
