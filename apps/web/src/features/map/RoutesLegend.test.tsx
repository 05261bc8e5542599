import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RoutesLegend } from './RoutesLegend';
import type { MapRoute } from './types';

const route = (name: string, travel?: MapRoute['travel']): MapRoute => ({
  technicianId: name,
  colour: '#0072B2',
  points: [],
  jobIds: ['a', 'b', 'c'],
  startsAtHome: true,
  distanceM: 9_000,
  name,
  ...(travel && { travel }),
});
const drive = { from: { lat: 52.5, lng: 13.4 }, to: { lat: 52.6, lng: 13.4 }, gapMinutes: 5, driveMinutes: 26 };

describe('RoutesLegend', () => {
  it("shows each route's drive time and distance, its drives too short, the totals and the fallback notice", () => {
    render(
      <RoutesLegend
        routes={[
          route('Tomasz <b>', { driveMinutes: 52, distanceKm: 26.2, flagged: [drive] }),
          route('Aylin', { driveMinutes: 12.4, distanceKm: 6.1, flagged: [] }),
        ]}
        notice="The routing service could not be used (it refused the connection): drive times are estimated from straight-line distance."
      />,
    );
    const legend = screen.getByRole('region', { name: 'Routes of the day' });
    const [first, second] = within(legend).getAllByRole('listitem');
    expect(first).toHaveTextContent('Tomasz <b>26.2 km3 stops · 52 min drive1 drive too short');
    expect(second).toHaveTextContent('Aylin6.1 km3 stops · 12 min drive');
    expect(second).not.toHaveTextContent('too short');
    expect(legend).toHaveTextContent('Total1 h 04 min drive32.3 km');
    expect(screen.getByRole('status')).toHaveTextContent(/could not be used \(it refused the connection\)/);
  });

  it('keeps the straight-line distance, and no drive time, until the drives arrive', () => {
    render(<RoutesLegend routes={[route('Tomasz')]} />);
    const [item] = screen.getAllByRole('listitem');
    expect(item).toHaveTextContent('Tomasz9.0 km3 stops');
    expect(item).not.toHaveTextContent('drive');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
