import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConflictDialog } from './ConflictDialog';
import { ScopeDialog } from './ScopeDialog';

describe('the scope dialog', () => {
  it('asks which occurrences, starting at "This occurrence", and answers the choice', async () => {
    const user = userEvent.setup();
    const onChoose = vi.fn();
    render(<ScopeDialog open action="move" title="Weekly clean" onChoose={onChoose} onCancel={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Move recurring job' });
    expect(dialog).toHaveAccessibleDescription('“Weekly clean” repeats. Which occurrences should change?');
    expect(screen.getByRole('radio', { name: 'This occurrence' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'This occurrence' })).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: 'This and following' }));
    await user.click(screen.getByRole('button', { name: 'Move' }));
    expect(onChoose).toHaveBeenCalledWith('following');
  });

  it('cancels with Escape, and never offers a scope that cannot apply', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const onChoose = vi.fn();
    render(
      <ScopeDialog
        open
        action="edit"
        title="Weekly clean"
        disabled={{ this: 'One visit can only get its own time and technicians' }}
        onChoose={onChoose}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('radio', { name: /This occurrence/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'This and following' })).toBeChecked();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalled();
    expect(onChoose).not.toHaveBeenCalled();
  });
});

describe('the conflict dialog', () => {
  const names = new Map([
    ['t1', 'Tomasz Nowak'],
    ['t2', 'Aylin Demir'],
  ]);
  const mine = {
    title: 'Boiler service',
    start: '2026-11-23T08:00:00.000Z',
    end: '2026-11-23T09:00:00.000Z',
    allDay: false,
    assigneeIds: ['t2'],
  };
  const theirs = { ...mine, start: '2026-11-23T12:00:00.000Z', end: '2026-11-23T13:00:00.000Z', assigneeIds: ['t1'] };

  it('shows their version beside mine and flags what differs', async () => {
    const user = userEvent.setup();
    const onReload = vi.fn();
    const onKeepMine = vi.fn();
    render(
      <ConflictDialog
        open
        mine={mine}
        theirs={theirs}
        theirVersion={4}
        zone="Europe/Berlin"
        names={names}
        onReload={onReload}
        onKeepMine={onKeepMine}
      />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Someone else changed this job' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Their version (v4)' })).toBeInTheDocument();
    const time = screen.getByRole('row', { name: /^Time differs/ });
    expect(time).toHaveTextContent('13:00–14:00');
    expect(time).toHaveTextContent('09:00–10:00');
    expect(screen.getByRole('row', { name: /Technicians differs Tomasz Nowak Aylin Demir/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /^Title Boiler service Boiler service$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(onKeepMine).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalled();
  });

  it('says when the occurrence they hold is gone', () => {
    render(
      <ConflictDialog
        open
        mine={mine}
        theirs={null}
        theirVersion={5}
        zone="Europe/Berlin"
        names={names}
        onReload={() => {}}
        onKeepMine={() => {}}
      />,
    );
    expect(screen.getByText('Occurrence removed')).toBeInTheDocument();
  });
});
