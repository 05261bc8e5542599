import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JobPopupContent } from './JobPopup';
import { xssJob } from './test-fixtures';

describe('JobPopupContent', () => {
  it('renders every field of a job as text, and the outside-areas note', () => {
    const { container } = render(<JobPopupContent job={xssJob} zone="Europe/Berlin" />);
    expect(container.querySelector('img, script')).toBeNull();
    expect(screen.getByRole('heading', { name: '<img src=x onerror=alert(1)>' })).toBeInTheDocument();
    expect(screen.getAllByText('<img src=x onerror=alert(1)>')).toHaveLength(3);
    expect(screen.getByText('Tom <img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(screen.getByText('En route')).toBeInTheDocument();
    expect(screen.getByText(/23.*09:15–10:30/)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Outside every service area');
  });
});
