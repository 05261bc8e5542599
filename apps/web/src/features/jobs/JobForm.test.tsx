import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, problem } from '../../test/fake-api';
import { workspace, workspaceId } from '../../test/fixtures';
import { renderWithStore } from '../../test/render';
import { technicians } from '../../test/schedule-fixtures';
import { testPlaces } from '../places/test-fixtures';
import { JobForm } from './JobForm';
import { type JobFormValues, jobFormSchema, toFormValues } from './job-form-schema';
import { toCreate } from './job-payload';
import { useJobFormProblem } from './use-job-form-problem';

const zone = 'Europe/Berlin';

/** The form as a panel uses it: submit → `send` (the API call), its problem shown on the form. */
function Harness({ send, defaults }: { send: (values: JobFormValues) => Promise<void>; defaults: JobFormValues }) {
  const problem = useJobFormProblem();
  return (
    <>
      <JobForm
        id="job-form"
        workspaceId={workspaceId}
        zone={zone}
        technicians={technicians.filter((m) => m.role === 'technician')}
        defaultValues={defaults}
        workingHours={workspace.workingHours}
        message={problem.message}
        onSubmit={async (values, form) => {
          problem.clear();
          try {
            await send(values);
          } catch (error) {
            problem.report(error, form);
          }
        }}
      />
      <button type="submit" form="job-form">
        Save
      </button>
    </>
  );
}

const setupDefaults = () =>
  toFormValues(null, zone, { start: '2026-11-23T08:00:00.000Z', end: '2026-11-23T09:00:00.000Z' });

function setup(send = vi.fn(async (_values: unknown) => {}), defaults = setupDefaults()) {
  const fetch = fakeFetch({
    'GET /config': { version: 'test', demo: false },
    [`GET /workspaces/${workspaceId}`]: workspace,
    'GET /places': testPlaces,
    [`GET /workspaces/${workspaceId}/customers`]: {
      items: [
        {
          id: 'c1',
          name: 'Bäckerei Koch',
          email: null,
          phone: null,
          address: 'Hauptstraße 1, Berlin',
          lat: 52.51,
          lng: 13.41,
          notes: '',
          version: 1,
          createdAt: '',
          updatedAt: '',
        },
        {
          id: 'c2',
          name: 'Kanzlei Lange',
          email: null,
          phone: null,
          address: 'Ringstraße 2, Berlin',
          lat: 52.52,
          lng: 13.42,
          notes: '',
          version: 1,
          createdAt: '',
          updatedAt: '',
        },
      ],
      total: 2,
      nextCursor: null,
    },
  });
  const view = renderWithStore(<Harness send={send} defaults={defaults} />, fetch);
  return { ...view, send, fetch };
}

const save = () => screen.getByRole('button', { name: 'Save' });
const siteField = () => screen.getByRole('combobox', { name: /Site address/ });

// Whole user flows (typing, a Leaflet map in the form): on a loaded machine they outlast the 5 s default.
describe('the job form', { timeout: 20_000 }, () => {
  it('requires a title and caps it at 120 characters (required, maxLength)', async () => {
    const { user, send } = setup();
    await user.click(save());
    expect(await screen.findByLabelText('Title')).toHaveAccessibleDescription('Title is required');
    await user.type(screen.getByLabelText('Title'), 'x'.repeat(121));
    await user.click(save());
    await waitFor(() =>
      expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Title must be at most 120 characters'),
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('keeps priority between 1 and 5 and the position on the globe (min, max)', async () => {
    const { user, send } = setup();
    await user.type(screen.getByLabelText('Title'), 'Boiler service');
    const priority = screen.getByLabelText('Priority');
    await user.clear(priority);
    await user.type(priority, '0');
    await user.click(save());
    await waitFor(() =>
      expect(priority).toHaveAccessibleDescription(expect.stringContaining('Priority must be between 1 and 5')),
    );
    // The position comes from the pin (no coordinates to type), and the form's schema still keeps it on the globe.
    const offGlobe = jobFormSchema(zone).safeParse({ ...setupDefaults(), title: 'Boiler service', lat: 91, lng: 13.4 });
    expect(offGlobe.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['lat'], message: 'Latitude must be between -90 and 90' }),
    );
    await user.clear(priority);
    await user.type(priority, '6');
    await user.click(save());
    await waitFor(() =>
      expect(priority).toHaveAccessibleDescription(expect.stringContaining('Priority must be between 1 and 5')),
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('checks the time with the shared rules: end after start, 5 minutes to 24 hours (custom validate)', async () => {
    const { user, send } = setup();
    await user.type(screen.getByLabelText('Title'), 'Boiler service');
    // Typed as the workspace writes them: day first, 24 hours.
    const end = screen.getByLabelText('End');
    const endTime = screen.getByLabelText('End, time');
    await user.clear(endTime);
    await user.type(endTime, '08:30');
    await user.click(save());
    await waitFor(() => expect(end).toHaveAccessibleDescription(expect.stringMatching(/^End must be after start/)));
    await user.clear(end);
    await user.type(end, '24/11/2026');
    await user.clear(endTime);
    await user.type(endTime, '10:00');
    await user.click(save());
    await waitFor(() =>
      expect(end).toHaveAccessibleDescription(
        expect.stringContaining('A timed job can last at most 24 hours (make it all-day instead)'),
      ),
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the job in API terms: instants in the workspace zone, the customer, the technicians', async () => {
    const { user, send } = setup();
    await user.type(screen.getByLabelText('Title'), 'Boiler service');
    await user.type(screen.getByRole('combobox', { name: /Customer/ }), 'Kanz');
    const listbox = await screen.findByRole('listbox', { name: 'Customers' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(listbox).not.toBeVisible();
    expect(siteField()).toHaveValue('Ringstraße 2, Berlin');
    await user.click(screen.getByRole('checkbox', { name: /Aylin Demir/ }));
    await user.click(save());
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]?.[0]).toMatchObject({
      title: 'Boiler service',
      customerId: 'c2',
      address: 'Ringstraße 2, Berlin',
      lat: 52.52,
      assigneeIds: ['tech-2'],
      start: '2026-11-23T09:00',
      end: '2026-11-23T10:00',
    });
    const values = send.mock.calls[0]?.[0] as unknown as JobFormValues;
    expect(toCreate(values, zone)).toMatchObject({
      start: '2026-11-23T08:00:00.000Z',
      end: '2026-11-23T09:00:00.000Z',
      allDay: false,
      rrule: null,
      priority: 3,
    });
  });

  it("puts the server's field errors under the same fields, in the server's words", async () => {
    const send = vi.fn(async (_values: unknown) => {
      const response = problem('validation_failed', 'Some fields need attention', {
        errors: [
          { path: 'title', message: 'Title is required' },
          { path: 'assigneeIds', message: 'Technician Victor Viewer is not an active technician of this workspace' },
          { path: 'rrule.COUNT', message: 'COUNT must be between 1 and 500 occurrences' },
        ],
      });
      throw await response.json();
    });
    const { user } = setup(send);
    await user.type(screen.getByLabelText('Title'), 'Boiler service');
    await user.type(siteField(), 'Hauptstraße 1, Berlin');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Repeat' }), 'WEEKLY');
    await user.click(save());
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Title is required'));
    const group = screen.getByRole('group', { name: /Technicians/ });
    expect(
      within(group).getByText('Technician Victor Viewer is not an active technician of this workspace'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Number of occurrences')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('COUNT must be between 1 and 500 occurrences')).toBeInTheDocument();
  });

  it('catches the same recurrence problems the server would, under the editor field', async () => {
    const { user, send } = setup();
    await user.type(screen.getByLabelText('Title'), 'Weekly clean');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Repeat' }), 'WEEKLY');
    const count = screen.getByLabelText('Number of occurrences');
    await user.clear(count);
    await user.type(count, '501');
    await user.click(save());
    expect(await screen.findByText('COUNT must be between 1 and 500 occurrences')).toBeInTheDocument();
    await user.clear(count);
    await user.type(count, '10');
    // The series starts on a Monday: without Monday among its days the start is no occurrence.
    await user.click(screen.getByRole('button', { name: 'Monday' }));
    await user.click(screen.getByRole('button', { name: 'Tuesday' }));
    await user.click(save());
    expect(
      await screen.findByText('The start must be one of the occurrences of the recurrence rule'),
    ).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('fills the site address and the pin from a place chosen with the keyboard', async () => {
    const { user, send } = setup();
    await user.type(screen.getByLabelText('Title'), 'Boiler service');
    const site = siteField();
    await user.type(site, 'Ber');
    const listbox = await screen.findByRole('listbox', { name: 'Site address suggestions' });
    expect(await within(listbox).findAllByRole('option')).toHaveLength(3);
    // Arrows move (wrapping), Escape closes keeping the text, ArrowDown opens again, Enter chooses.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(site).toHaveAttribute('aria-activedescendant', within(listbox).getAllByRole('option')[1]?.id);
    await user.keyboard('{Escape}');
    expect(site).toHaveAttribute('aria-expanded', 'false');
    expect(site).toHaveValue('Ber');
    expect(screen.getByRole('form', { name: 'Job' })).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{ArrowUp}{ArrowUp}{Enter}');
    await waitFor(() => expect(site).toHaveValue('Berlin, Germany'));
    expect(screen.getByText('Pin at 52.52437, 13.41053')).toBeInTheDocument();
    // The pin shows the chosen place.
    await user.click(screen.getByRole('button', { name: 'Adjust pin' }));
    expect(await screen.findByText('52.52437, 13.41053')).toBeInTheDocument();
    await user.click(save());
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    const values = send.mock.calls[0]?.[0] as unknown as JobFormValues;
    expect(toCreate(values, zone)).toMatchObject({
      title: 'Boiler service',
      customerId: null,
      address: 'Berlin, Germany',
      lat: 52.52437,
      lng: 13.41053,
    });
  });

  it("takes the customer's site by default, but never replaces a site the user gave", async () => {
    const { user, send } = setup();
    await user.type(screen.getByLabelText('Title'), 'Boiler service');
    await user.type(siteField(), 'Berg');
    await user.click(await screen.findByRole('option', { name: /Bergen/ }));
    await waitFor(() => expect(siteField()).toHaveValue('Bergen, Norway'));
    await user.type(screen.getByRole('combobox', { name: /Customer/ }), 'Kanz');
    await screen.findByRole('option', { name: /Kanzlei Lange/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(siteField()).toHaveValue('Bergen, Norway');
    await user.click(screen.getByRole('button', { name: 'Use Kanzlei Lange’s address' }));
    expect(siteField()).toHaveValue('Ringstraße 2, Berlin');
    expect(screen.getByText(/^Pin at 52\.52000, /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Use Kanzlei Lange/ })).not.toBeInTheDocument();
    // The site came from a customer: choosing another customer moves it along.
    await user.clear(screen.getByRole('combobox', { name: /Customer/ }));
    await user.type(screen.getByRole('combobox', { name: /Customer/ }), 'Bäck');
    await user.click(await screen.findByRole('option', { name: /Bäckerei Koch/ }));
    await waitFor(() => expect(siteField()).toHaveValue('Hauptstraße 1, Berlin'));
    await user.click(save());
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]?.[0]).toMatchObject({
      customerId: 'c1',
      address: 'Hauptstraße 1, Berlin',
      lat: 52.51,
      lng: 13.41,
    });
  });

  it('sets the position with the pin, and wants an address with it (named under the field)', async () => {
    const { user, send } = setup();
    await user.type(screen.getByLabelText('Title'), 'Boiler service');
    await user.click(screen.getByRole('button', { name: 'Adjust pin' }));
    await user.click(await screen.findByRole('button', { name: 'Pin the map centre' }));
    const { lat, lng } = workspace.map.center;
    expect(screen.getByText(`Pin at ${lat.toFixed(5)}, ${lng.toFixed(5)}`)).toBeInTheDocument();
    await user.click(save());
    await waitFor(() =>
      expect(siteField()).toHaveAccessibleDescription(
        expect.stringContaining('Site address is required when no customer is chosen'),
      ),
    );
    await user.type(siteField(), 'Werkstatt hinten im Hof');
    await user.click(save());
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]?.[0]).toMatchObject({ address: 'Werkstatt hinten im Hof', lat, lng });
  });
});
