import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../test/fake-api';
import { workspace, workspaceId } from '../../test/fixtures';
import { renderWithStore } from '../../test/render';
import { JobForm } from './JobForm';
import { toFormValues } from './job-form-schema';
import { recurrenceToRule, ruleToRecurrence } from './recurrence-form';

const zone = 'Europe/Berlin';
// Tuesday 10 November 2026, 10:00 in Berlin.
const defaults = toFormValues(null, zone, { start: '2026-11-10T09:00:00.000Z', end: '2026-11-10T10:00:00.000Z' });

function setup() {
  return renderWithStore(
    <JobForm
      id="f"
      workspaceId={workspaceId}
      zone={zone}
      technicians={[]}
      defaultValues={defaults}
      workingHours={workspace.workingHours}
      onSubmit={async () => {}}
    />,
    fakeFetch({}),
  );
}

const summary = () => screen.getByText((_, el) => el?.classList.contains('recurrence-summary') ?? false);

describe('the recurrence editor', () => {
  it('says in plain words what the rule does, as it is edited', async () => {
    const { user } = setup();
    expect(summary()).toHaveTextContent('Does not repeat');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Repeat' }), 'WEEKLY');
    expect(summary()).toHaveTextContent('Every week on Tue, 10 times');
    await user.click(screen.getByRole('button', { name: 'Thursday' }));
    const every = screen.getByLabelText('Repeat every');
    await user.clear(every);
    await user.type(every, '2');
    expect(summary()).toHaveTextContent('Every 2 weeks on Tue and Thu, 10 times');
    await user.click(screen.getByRole('radio', { name: 'On a date' }));
    await user.type(screen.getByLabelText('Last date'), '31/12/2026');
    expect(summary()).toHaveTextContent('Every 2 weeks on Tue and Thu, until 31 Dec 2026');
  });

  it('offers "2nd Tuesday" for monthly rules, and yearly on the start date', async () => {
    const { user } = setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Repeat' }), 'MONTHLY');
    expect(summary()).toHaveTextContent('Every month on day 10, 10 times');
    await user.click(screen.getByRole('radio', { name: 'On the second Tuesday' }));
    expect(summary()).toHaveTextContent('Every month on the 2nd Tue, 10 times');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Repeat' }), 'YEARLY');
    expect(screen.getByText(/^On (10 November|November 10)$/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Never' }));
    expect(summary()).toHaveTextContent('Every year, until 9 Nov 2031');
  });

  it('chooses "On" when a last date is typed, and "After" when a number of times is', async () => {
    const { user } = setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Repeat' }), 'DAILY');
    await user.click(screen.getByRole('radio', { name: 'Never' }));
    await user.type(screen.getByLabelText('Last date'), '31/12/2026');
    expect(screen.getByRole('radio', { name: 'On a date' })).toBeChecked();
    expect(summary()).toHaveTextContent('Every day, until 31 Dec 2026');
    const count = screen.getByLabelText('Number of occurrences');
    await user.clear(count);
    await user.type(count, '4');
    expect(screen.getByRole('radio', { name: 'After a number of times' })).toBeChecked();
    expect(summary()).toHaveTextContent('Every day, 4 times');
  });

  it('reads an existing rule back into the editor, and writes it out the same', () => {
    const start = Date.UTC(2026, 10, 10);
    for (const rule of [
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=10',
      'FREQ=MONTHLY;BYDAY=2TU;COUNT=12',
      'FREQ=DAILY;COUNT=5',
    ]) {
      expect(recurrenceToRule(ruleToRecurrence(rule, start, zone), start, false, zone)).toBe(rule);
    }
    expect(ruleToRecurrence('FREQ=YEARLY;BYMONTH=3;COUNT=5', start, zone).custom).toBe('FREQ=YEARLY;BYMONTH=3;COUNT=5');
  });
});
