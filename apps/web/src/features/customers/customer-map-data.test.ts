import type { Customer, Job } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import { members } from '../../test/fixtures';
import { jobsOnMap } from '../map/map-data';
import { boxAround, customerOnMap } from './customer-map-data';

const job = (over: Partial<Job>): Job => ({
  id: 'j1',
  customerId: 'c1',
  customerName: 'Bäckerei Koch',
  title: 'Boiler service',
  description: '',
  address: 'Hauptstraße 1, Berlin',
  lat: 52.51,
  lng: 13.41,
  start: null,
  end: null,
  allDay: false,
  status: 'unscheduled',
  priority: 3,
  assigneeIds: [],
  rrule: null,
  flexibleWindow: null,
  exceptions: [],
  version: 1,
  createdAt: '',
  updatedAt: '',
  ...over,
});

describe('the customer detail map data', () => {
  it('draws the jobs that have a site, coloured and named by their technicians', () => {
    const placed = jobsOnMap(
      [job({ id: 'a', assigneeIds: ['member-technician'] }), job({ id: 'b', lat: null, lng: null })],
      members,
    );
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ id: 'a', colour: '#009E73', technicianNames: ['Tomasz Nowak'], start: '' });
  });

  it('leaves out a customer without a position on the globe', () => {
    const customer = { id: 'c1', name: 'K', address: 'A', lat: 52.5, lng: 13.4 } as Customer;
    expect(customerOnMap(customer)).toEqual({ id: 'c1', name: 'K', address: 'A', lat: 52.5, lng: 13.4 });
    expect(customerOnMap({ ...customer, lat: Number.NaN })).toBeNull();
  });

  it('frames the job sites in a box centred on the customer', () => {
    const [sw, ne] = boxAround({ lat: 52.5, lng: 13.4 }, [
      { lat: 52.6, lng: 13.3 },
      { lat: 52.45, lng: 13.6 },
    ]);
    expect((sw.lat + ne.lat) / 2).toBeCloseTo(52.5);
    expect((sw.lng + ne.lng) / 2).toBeCloseTo(13.4);
    expect(ne.lat).toBeCloseTo(52.6);
    expect(ne.lng).toBeCloseTo(13.6);
  });
});
