import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-api';
import { workspace, workspaceId } from '../../test/fixtures';
import { renderWithStore } from '../../test/render';
import { JobForm } from './JobForm';
import { type JobFormValues, toFormValues } from './job-form-schema';

const zone = 'Europe/Berlin';

function setup(defaults: JobFormValues) {
  const send = vi.fn(async (_values: JobFormValues) => {});
  const fetch = fakeFetch({
    'GET /config': { version: 'test', demo: false },
    [`GET /workspaces/${workspaceId}`]: workspace,
    [`GET /workspaces/${workspaceId}/customers`]: { items: [], nextCursor: null },
  });
  const rendered = renderWithStore(
    <>
      <JobForm
        id="job-form"
        workspaceId={workspaceId}
        zone={zone}
        technicians={[]}
        defaultValues={defaults}
        workingHours={workspace.workingHours}
        onSubmit={send}
      />
      <button type="submit" form="job-form">
        Save
      </button>
    </>,
    fetch,
  );
  return { ...rendered, send };
}

describe('the job form without friction', () => {
  it('a slot without an end lasts the default job length; a customer fills the customer and the site', () => {
    const values = toFormValues(null, zone, {
      start: '2026-11-23T08:00:00.000Z',
      minutes: 90,
      technicianId: 't1',
      customerId: 'c1',
      customerName: 'Bäckerei Koch',
      address: 'Hauptstraße 1, Berlin',
      lat: 52.51,
      lng: 13.41,
    });
    expect(values).toMatchObject({
      start: '2026-11-23T09:00',
      end: '2026-11-23T10:30',
      assigneeIds: ['t1'],
      customerId: 'c1',
      customerName: 'Bäckerei Koch',
      address: 'Hauptstraße 1, Berlin',
      lat: 52.51,
      lng: 13.41,
    });
    // A given end wins; an all-day slot keeps its days.
    expect(
      toFormValues(null, zone, { start: '2026-11-23T08:00:00.000Z', end: '2026-11-23T08:30:00.000Z', minutes: 90 }).end,
    ).toBe('2026-11-23T09:30');
    expect(toFormValues(null, zone, { start: '2026-11-23', allDay: true, minutes: 90 }).end).toBe('');
  });

  it('keeps the duration and the end in step, and the length when the start moves', async () => {
    const { user } = setup(
      toFormValues(null, zone, { start: '2026-11-23T08:00:00.000Z', end: '2026-11-23T09:00:00.000Z' }),
    );
    const duration = screen.getByLabelText('Duration');
    const end = screen.getByLabelText('End');
    const endTime = screen.getByLabelText('End, time');
    expect(duration).toHaveValue(60);
    await user.clear(duration);
    await user.type(duration, '135');
    expect(end).toHaveValue('23/11/2026');
    expect(endTime).toHaveValue('11:15');
    expect(duration).toHaveAccessibleDescription('Minutes · 2 h 15 min');
    // The date and time are typed in the workspace's formats (day first, 24 hours).
    await user.clear(endTime);
    await user.type(endTime, '09:30');
    expect(duration).toHaveValue(30);
    const startTime = screen.getByLabelText('Start, time');
    await user.clear(startTime);
    await user.type(startTime, '13:00');
    await waitFor(() => expect(endTime).toHaveValue('13:30'));
    expect(end).toHaveValue('23/11/2026');
    expect(duration).toHaveValue(30);
  });

  it('says when the site address is required, and shows no errors on fields nobody touched', async () => {
    const { user, send } = setup(toFormValues(null, zone));
    const site = screen.getByRole('combobox', { name: /Site address/ });
    expect(site).toHaveAccessibleDescription(expect.stringContaining('Required without a customer'));
    expect(screen.queryByLabelText(/Latitude|Longitude/)).not.toBeInTheDocument();
    // Leaving the title empty (it is focused when the form opens) is no mistake yet.
    screen.getByLabelText('Title').focus();
    await user.tab();
    expect(document.querySelectorAll('.field-error')).toHaveLength(0);
    await user.type(screen.getByLabelText('Title'), 'Boiler service');
    await user.tab();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.querySelectorAll('.field-error')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(site).toHaveAccessibleDescription(
        expect.stringContaining('Site address is required when no customer is chosen'),
      ),
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('opens the pin behind "Adjust pin"; Enter on the pin confirms and closes it', async () => {
    const { user } = setup(toFormValues(null, zone));
    const adjust = screen.getByRole('button', { name: 'Adjust pin' });
    expect(adjust).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Position on the map' })).not.toBeInTheDocument();
    await user.click(adjust);
    await user.click(await screen.findByRole('button', { name: 'Pin the map centre' }));
    const pin = await screen.findByRole('button', { name: 'Site position' });
    pin.focus();
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Adjust pin' })).toHaveFocus());
    const { lat, lng } = workspace.map.center;
    const [pinLat, pinLng] = (screen.getByText(/^Pin at /).textContent ?? '').slice('Pin at '.length).split(', ');
    expect(Number(pinLat)).toBeCloseTo(lat, 4);
    expect(Number(pinLng)).toBeGreaterThan(lng);
  });
});
