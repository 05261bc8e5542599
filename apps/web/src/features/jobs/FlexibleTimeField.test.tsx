import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, problem } from '../../test/fake-api';
import { workspace, workspaceId } from '../../test/fixtures';
import { renderWithStore } from '../../test/render';
import { job, technicians } from '../../test/schedule-fixtures';
import { formatFlexibleWindow } from './flexible-window';
import { JobForm } from './JobForm';
import { type JobFormValues, toFormValues } from './job-form-schema';
import { toCreate, toPatch } from './job-payload';
import { useJobFormProblem } from './use-job-form-problem';

const zone = 'Europe/Berlin';
// Monday 23 Nov 2026, 09:00–10:00 in Berlin; the workspace works 07:00–19:00.
const visit = { start: '2026-11-23T08:00:00.000Z', end: '2026-11-23T09:00:00.000Z' };

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

function setup(send = vi.fn(async (_values: JobFormValues) => {}), defaults = toFormValues(null, zone, visit)) {
  const fetch = fakeFetch({
    'GET /config': { version: 'test', demo: false },
    [`GET /workspaces/${workspaceId}`]: workspace,
    [`GET /workspaces/${workspaceId}/customers`]: { items: [], total: 0, nextCursor: null },
  });
  const view = renderWithStore(<Harness send={send} defaults={defaults} />, fetch);
  return { ...view, send };
}

const flexible = () => screen.getByRole('checkbox', { name: /Flexible — Fieldplan may move this visit within/ });
const from = () => screen.getByLabelText('Flexible from');
const until = () => screen.getByLabelText('Flexible until');
const save = () => screen.getByRole('button', { name: 'Save' });
const sent = (send: ReturnType<typeof vi.fn>) => send.mock.calls[0]?.[0] as JobFormValues;

async function setTime(user: ReturnType<typeof setup>['user'], input: HTMLElement, value: string) {
  await user.clear(input);
  await user.type(input, value);
}

describe('the flexible time of a job', { timeout: 20_000 }, () => {
  it('starts as the working hours of the day and sends the window as instants in the workspace zone', async () => {
    const { user, send } = setup();
    await user.type(screen.getByLabelText('Title'), 'Boiler service');
    await user.type(screen.getByRole('combobox', { name: /Site address/ }), 'Hauptstraße 1, Berlin');
    expect(screen.queryByLabelText('Flexible from')).toBeNull();
    await user.click(flexible());
    expect(from()).toHaveValue('07:00');
    expect(until()).toHaveValue('19:00');
    await setTime(user, from(), '08:00');
    await setTime(user, until(), '12:00');
    await user.click(save());
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(toCreate(sent(send), zone).flexibleWindow).toEqual({
      start: '2026-11-23T07:00:00.000Z',
      end: '2026-11-23T11:00:00.000Z',
    });
  });

  it('widens the working hours to include a visit that runs past them', async () => {
    const late = toFormValues(null, zone, { start: '2026-11-23T17:30:00.000Z', end: '2026-11-23T19:00:00.000Z' });
    const { user } = setup(undefined, late);
    await user.click(flexible());
    expect(from()).toHaveValue('07:00');
    expect(until()).toHaveValue('20:00');
  });

  it('keeps the visit inside its window and the window filled in (the shared rules, under the fields)', async () => {
    const { user, send } = setup();
    await user.type(screen.getByLabelText('Title'), 'Boiler service');
    await user.type(screen.getByRole('combobox', { name: /Site address/ }), 'Hauptstraße 1, Berlin');
    await user.click(flexible());
    await setTime(user, from(), '09:30');
    await user.click(save());
    expect(
      await screen.findByText('The visit must lie inside its flexible window (widen the window or move the visit)'),
    ).toBeInTheDocument();
    expect(from()).toHaveAttribute('aria-invalid', 'true');
    await user.clear(until());
    await setTime(user, from(), '08:00');
    await user.click(save());
    await waitFor(() =>
      expect(until()).toHaveAccessibleDescription(expect.stringContaining('Choose when the window closes')),
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('is off, saying why, for all-day and recurring jobs — and then sends no window', async () => {
    const { user, send } = setup();
    await user.type(screen.getByLabelText('Title'), 'Boiler service');
    await user.type(screen.getByRole('combobox', { name: /Site address/ }), 'Hauptstraße 1, Berlin');
    await user.click(flexible());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Repeat' }), 'WEEKLY');
    expect(flexible()).toBeDisabled();
    expect(flexible()).not.toBeChecked();
    expect(flexible()).toHaveAccessibleDescription(
      'Recurring jobs keep their time; only one-off visits can be flexible.',
    );
    expect(screen.queryByLabelText('Flexible from')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Repeat' }), 'none');
    expect(flexible()).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'All day' }));
    expect(flexible()).toBeDisabled();
    expect(flexible()).toHaveAccessibleDescription('All-day jobs have no clock time to move.');
    await user.click(save());
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(toCreate(sent(send), zone).flexibleWindow).toBeNull();
  });

  it("puts the server's window errors on the window's inputs, in the server's words", async () => {
    const send = vi.fn(async (_values: JobFormValues) => {
      const response = problem('validation_failed', 'Some fields need attention', {
        errors: [
          { path: 'flexibleWindow.start', message: 'Flexible from must be a date-time' },
          { path: 'flexibleWindow.end', message: 'A flexible window can be at most 24 hours long' },
        ],
      });
      throw await response.json();
    });
    const { user } = setup(send);
    await user.type(screen.getByLabelText('Title'), 'Boiler service');
    await user.type(screen.getByRole('combobox', { name: /Site address/ }), 'Hauptstraße 1, Berlin');
    await user.click(flexible());
    await user.click(save());
    await waitFor(() =>
      expect(until()).toHaveAccessibleDescription(
        expect.stringContaining('A flexible window can be at most 24 hours long'),
      ),
    );
    expect(from()).toHaveAccessibleDescription(expect.stringContaining('Flexible from must be a date-time'));

    send.mockImplementation(async () => {
      const response = problem('validation_failed', 'Some fields need attention', {
        errors: [{ path: 'flexibleWindow', message: 'A recurring job cannot have a flexible time: clear the window' }],
      });
      throw await response.json();
    });
    await user.click(save());
    expect(
      await screen.findByText('A recurring job cannot have a flexible time: clear the window'),
    ).toBeInTheDocument();
    expect(flexible()).toHaveAccessibleDescription(
      expect.stringContaining('A recurring job cannot have a flexible time'),
    );
    // The problem sits on the field: no alert above the form.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('edits a window: the patch carries it only when it changed, and clearing it sends null', () => {
    const window = { start: '2026-11-23T07:00:00.000Z', end: '2026-11-23T11:00:00.000Z' };
    const initial = toFormValues(job({ flexibleWindow: window }), zone);
    expect(initial.flexibleWindow).toEqual({ enabled: true, start: '08:00', end: '12:00' });
    expect(formatFlexibleWindow(window, zone)).toBe('08:00–12:00');
    expect(toPatch({ ...initial, title: 'Renamed' }, initial, zone)).toEqual({ title: 'Renamed' });
    const later = { ...initial, flexibleWindow: { enabled: true, start: '08:00', end: '15:00' } };
    expect(toPatch(later, initial, zone)).toEqual({
      flexibleWindow: { start: '2026-11-23T07:00:00.000Z', end: '2026-11-23T14:00:00.000Z' },
    });
    const off = { ...initial, flexibleWindow: { ...initial.flexibleWindow, enabled: false } };
    expect(toPatch(off, initial, zone)).toEqual({ flexibleWindow: null });
    // Moving the visit to another day takes the window along (same clock times).
    const moved = { ...initial, start: '2026-11-24T09:00', end: '2026-11-24T10:00' };
    expect(toPatch(moved, initial, zone)).toMatchObject({
      start: '2026-11-24T08:00:00.000Z',
      flexibleWindow: { start: '2026-11-24T07:00:00.000Z', end: '2026-11-24T11:00:00.000Z' },
    });
  });
});
