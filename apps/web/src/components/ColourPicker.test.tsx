import { memberPalette } from '@fieldplan/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ColourPicker } from './ColourPicker';

describe('ColourPicker', () => {
  it('is a listbox of named colours with the current one selected', () => {
    render(<ColourPicker label="Colour" colours={memberPalette} value="#E69F00" onChange={() => {}} />);
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(12);
    expect(screen.getByRole('option', { name: 'Orange' })).toHaveAttribute('aria-selected', 'true');
    // One tab stop: the selected swatch.
    expect(options.filter((o) => o.tabIndex === 0)).toEqual([screen.getByRole('option', { name: 'Orange' })]);
  });

  it('moves with the arrow keys and chooses with Enter or Space, not on every move', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ColourPicker label="Colour" colours={memberPalette} value="#0072B2" onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('option', { name: 'Blue' })).toHaveFocus();

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('option', { name: 'Green' })).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Teal' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('#1B7F79');

    await user.keyboard('{End}');
    expect(screen.getByRole('option', { name: 'Sienna' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowLeft}');
    expect(screen.getByRole('option', { name: 'Blue' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith('#0072B2');
  });

  it('chooses on click', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ColourPicker label="Colour" colours={memberPalette} value="#0072B2" onChange={onChange} />);
    await user.click(screen.getByRole('option', { name: 'Ochre' }));
    expect(onChange).toHaveBeenCalledWith('#8C6D1F');
  });
});
