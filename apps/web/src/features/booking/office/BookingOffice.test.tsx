import type { BookingRequest, BookingSettings } from '@fieldplan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, json, problem } from '../../../test/fake-api';
import { members, workspaceId, workspaceRoutes } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const path = `/workspaces/${workspaceId}/booking`;
const tech = members.find((m) => m.role === 'technician');

const settings: BookingSettings = {
  enabled: false,
  autoConfirm: false,
  holdHours: 24,
  pendingCap: 50,
  horizonDays: 14,
  minNoticeHours: 2,
  intro: '',
  version: 3,
  publicUrl: '/book/demo',
  embedSnippet: '<iframe src="/book/demo" title="Book with Demo Plumbing"></iframe>',
};

const request: BookingRequest = {
  id: 'r1',
  status: 'pending',
  jobId: 'j1',
  serviceId: 's1',
  serviceName: 'Boiler service',
  start: '2026-12-03T09:00:00.000Z',
  end: '2026-12-03T10:00:00.000Z',
  technicianId: tech?.id ?? null,
  name: 'Anna <b>Muster</b>',
  email: 'anna@example.test',
  phone: '+49 30 1234567',
  address: 'Torstraße 1, Berlin',
  lat: 52.52,
  lng: 13.4,
  notes: 'Ring twice',
  holdExpiresAt: new Date(Date.now() + 5 * 3_600_000).toISOString(),
  createdAt: new Date().toISOString(),
  decidedAt: null,
  decidedBy: null,
  declineReason: null,
  version: 2,
};

describe('online booking in the office', () => {
  it('Settings → Booking saves with If-Match; a 412 keeps the edits until their version is loaded', async () => {
    let reads = 0;
    const theirs = { ...settings, intro: 'Their intro', version: 4 };
    const fetch = fakeFetch({
      ...workspaceRoutes('owner'),
      [`GET ${path}/requests`]: { items: [], pendingCount: 0 },
      [`GET ${path}/settings`]: () => {
        reads += 1;
        return json(reads === 1 ? settings : theirs);
      },
      [`GET ${path}/services`]: { items: [] },
      [`PUT ${path}/settings`]: ({ headers, body }) =>
        headers['if-match'] === '"3"'
          ? problem('version_conflict', 'Someone else changed this')
          : json({ ...theirs, ...(body as object), version: 5 }),
    });
    const { user } = renderApp('/w/demo/settings/booking', fetch);
    let form = await screen.findByRole('form', { name: 'Booking settings' });
    // Without PUBLIC_URL the snippet's path becomes this origin's address.
    expect(screen.getByText(/<iframe src="http:\/\/localhost(:\d+)?\/book\/demo"/)).toBeInTheDocument();
    expect(screen.getByText(/book\/embed\.js" data-workspace="demo"/)).toBeInTheDocument();
    await user.click(within(form).getByRole('checkbox', { name: /Take bookings online/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Someone else saved these settings meanwhile')).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: /Take bookings online/ })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect(screen.getByLabelText(/^Introduction/)).toHaveValue('Their intro'));
    form = screen.getByRole('form', { name: 'Booking settings' });
    expect(within(form).getByRole('checkbox', { name: /Take bookings online/ })).not.toBeChecked();
    await user.click(within(form).getByRole('checkbox', { name: /Take bookings online/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.callsTo(`PUT ${path}/settings`)).toHaveLength(2));
    const [first, second] = fetch.callsTo(`PUT ${path}/settings`);
    expect(first?.headers['if-match']).toBe('"3"');
    expect(second?.headers['if-match']).toBe('"4"');
    expect(second?.body).toMatchObject({ enabled: true, intro: 'Their intro', holdHours: 24 });
  });

  it('Requests lists who and when as text, with the badge; Confirm sends If-Match', async () => {
    const fetch = fakeFetch({
      ...workspaceRoutes('dispatcher'),
      [`GET ${path}/requests`]: { items: [request], pendingCount: 1 },
      [`POST ${path}/requests/r1/confirm`]: json({ ...request, status: 'confirmed', version: 3 }),
    });
    const { user } = renderApp('/w/demo/requests', fetch);
    const card = await screen.findByRole('listitem', { name: 'Boiler service' });
    expect(card).toHaveTextContent('Anna <b>Muster</b>');
    // The workspace's zone and formats: 09:00Z is 10:00 in Berlin.
    expect(card).toHaveTextContent('10:00–11:00');
    await waitFor(() => expect(card).toHaveTextContent(tech?.name ?? ''));
    expect(card).toHaveTextContent(/Held 4 h 5\d min more/);
    expect(screen.getAllByRole('link', { name: /^Requests, 1 waiting$/ }).length).toBeGreaterThan(0);
    await user.click(within(card).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fetch.callsTo(`POST ${path}/requests/r1/confirm`)).toHaveLength(1));
    expect(fetch.callsTo(`POST ${path}/requests/r1/confirm`)[0]?.headers['if-match']).toBe('"2"');
  });

  it('a request whose job was deleted is listed without Confirm or Decline', async () => {
    const fetch = fakeFetch({
      ...workspaceRoutes('dispatcher'),
      [`GET ${path}/requests`]: { items: [{ ...request, jobId: null }], pendingCount: 1 },
    });
    renderApp('/w/demo/requests', fetch);
    const card = await screen.findByRole('listitem', { name: 'Boiler service' });
    expect(card).toHaveTextContent('Its job was deleted');
    expect(within(card).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Open job' })).not.toBeInTheDocument();
  });

  it('Requests says when the booking page turned requests away at a cap, and which one', async () => {
    const fetch = fakeFetch({
      ...workspaceRoutes('dispatcher'),
      [`GET ${path}/requests`]: {
        items: [request],
        pendingCount: 1,
        capHit: { at: '2026-12-01T13:05:00.000Z', scope: 'network' },
      },
    });
    renderApp('/w/demo/requests', fetch);
    const notice = (await screen.findByText('The booking page turned requests away')).closest('[role="status"]');
    // The workspace's zone: 13:05Z is 14:05 in Berlin.
    expect(notice).toHaveTextContent(/14:05: one network .* has its share of requests waiting/);
  });

  it('Requests shows no cap notice when no cap turned anyone away', async () => {
    const fetch = fakeFetch({
      ...workspaceRoutes('dispatcher'),
      [`GET ${path}/requests`]: { items: [request], pendingCount: 1, capHit: null },
    });
    renderApp('/w/demo/requests', fetch);
    await screen.findByRole('listitem', { name: 'Boiler service' });
    expect(screen.queryByText('The booking page turned requests away')).not.toBeInTheDocument();
  });
});
