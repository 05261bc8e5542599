import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ClockContext, type ClockFormats } from '../lib/clock';
import { DateField, DateTimeField, TimeField } from './DateField';

function Dates({ formats, start, onChange }: { formats: ClockFormats; start: string; onChange: (v: string) => void }) {
  const [value, setValue] = useState(start);
  return (
    <ClockContext.Provider value={formats}>
      <DateField
        label="Day"
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
    </ClockContext.Provider>
  );
}

const dmy: ClockFormats = { timeFormat: '24h', dateFormat: 'dmy', weekStart: 1 };
const mdy: ClockFormats = { timeFormat: '12h', dateFormat: 'mdy', weekStart: 0 };

describe('the date field', () => {
  it('writes and reads the workspace’s order, and says the format', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Dates formats={dmy} start="2026-11-30" onChange={onChange} />);
    const input = screen.getByLabelText('Day');
    expect(input).toHaveValue('30/11/2026');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAccessibleDescription('Day, month, year: 30/11/2026');
    await user.clear(input);
    await user.type(input, '1.12.26');
    // A two-digit year could still be half of "2026": it counts when the field is left.
    expect(onChange).toHaveBeenLastCalledWith('1.12.26');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('2026-12-01');
    expect(input).toHaveValue('01/12/2026');
    await user.clear(input);
    await user.type(input, '2.12.2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-02');
  });

  it('says when the text is no date, and gives the text on so a form can refuse it', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Dates formats={dmy} start="" onChange={onChange} />);
    const input = screen.getByLabelText('Day');
    await user.type(input, '31.02.2026');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('31.02.2026');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Not a date — type it like 30/11/2026'));
  });

  it('steps the part under the caret with ArrowUp and ArrowDown', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Dates formats={mdy} start="2026-11-30" onChange={onChange} />);
    const input = screen.getByLabelText('Day') as HTMLInputElement;
    expect(input).toHaveValue('11/30/2026');
    input.focus();
    input.setSelectionRange(4, 4);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('12/01/2026');
    input.setSelectionRange(0, 0);
    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-01');
  });

  it('chooses a day in a calendar grid with the arrow keys and Enter, weeks from the workspace’s first day', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Dates formats={dmy} start="2026-11-30" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Choose a date' }));
    const grid = screen.getByRole('grid', { name: 'November 2026' });
    const heads = within(grid).getAllByRole('columnheader');
    expect(heads[0]).toHaveTextContent('Mon');
    expect(heads[6]).toHaveTextContent('Sun');
    expect(document.activeElement).toHaveAccessibleName('Monday, 30 November 2026');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName('Tuesday, 1 December 2026');
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-08');
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.getByLabelText('Day')).toHaveValue('08/12/2026');
  });

  it('starts the weeks on Sunday when the workspace does', async () => {
    const user = userEvent.setup();
    render(<Dates formats={mdy} start="2026-11-30" onChange={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Choose a date' }));
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent('Sun');
  });
});

describe('the time field', () => {
  function Times({ formats, onChange }: { formats: ClockFormats; onChange: (v: string) => void }) {
    const [value, setValue] = useState('14:00');
    return (
      <ClockContext.Provider value={formats}>
        <TimeField
          label="At"
          value={value}
          onChange={(v) => {
            setValue(v);
            onChange(v);
          }}
        />
      </ClockContext.Provider>
    );
  }

  it('writes and reads the workspace’s clock', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { unmount } = render(<Times formats={mdy} onChange={onChange} />);
    const input = screen.getByLabelText('At');
    expect(input).toHaveValue('2:00 PM');
    expect(input).toHaveAccessibleDescription('12-hour clock: 2:00 PM');
    await user.clear(input);
    await user.type(input, '9:30 pm');
    expect(onChange).toHaveBeenLastCalledWith('21:30');
    unmount();
    render(<Times formats={dmy} onChange={onChange} />);
    const h24 = screen.getByLabelText('At');
    expect(h24).toHaveValue('14:00');
    h24.focus();
    (h24 as HTMLInputElement).setSelectionRange(4, 4);
    await user.keyboard('{ArrowUp}');
    expect(h24).toHaveValue('14:15');
  });
});

describe('a date with its time', () => {
  it('joins the two as YYYY-MM-DDTHH:mm, and gives the text on while one is missing', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    function Pair() {
      const [value, setValue] = useState('2026-11-30T14:00');
      return (
        <ClockContext.Provider value={dmy}>
          <DateTimeField
            label="Start"
            value={value}
            onChange={(v) => {
              setValue(v);
              onChange(v);
            }}
          />
        </ClockContext.Provider>
      );
    }
    render(<Pair />);
    expect(screen.getByLabelText('Start')).toHaveValue('30/11/2026');
    const time = screen.getByLabelText('Start, time');
    expect(time).toHaveValue('14:00');
    await user.clear(time);
    expect(onChange).toHaveBeenLastCalledWith('2026-11-30T');
    await user.type(time, '0815');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-30T08:15');
  });
});
