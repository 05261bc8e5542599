import { describe, expect, it } from 'vitest';
import { searchEntries } from './search-entries';
import { buildIndex, maxQueryLength, queryWords, searchIndex } from './search-index';

const index = buildIndex(
  searchEntries('/w/acme', {
    jobs: [
      {
        id: 'j1',
        title: 'Boiler service',
        customerName: 'Müller Bakery',
        address: '12 Harbour Road',
        status: 'scheduled',
      },
      { id: 'j2', title: 'Fix leaking tap', customerName: null, address: '4 Elm Street', status: 'unscheduled' },
    ],
    customers: [
      { id: 'c1', name: 'Müller Bakery', address: '12 Harbour Road', phone: '+44 20 7946 0000', email: null },
    ],
    members: [
      { id: 'm1', name: 'Tara Tech', email: 'tara@example.test', role: 'technician', active: true },
      { id: 'm2', name: 'Dana Dispatch', role: 'dispatcher', active: true },
      { id: 'm3', name: 'Gone Tech', role: 'technician', active: false },
    ],
    screens: [{ label: 'Dispatch', href: '/w/acme/dispatch' }],
  }),
);

const labels = (query: string) =>
  searchIndex(index, query).map((g) => [g.kind, g.entries.map((e) => e.label)] as const);

describe('the palette index', () => {
  it('finds a job by its title, its customer and a fragment of its address, in groups', () => {
    expect(labels('boil')).toEqual([['job', ['Boiler service']]]);
    expect(labels('mu')).toEqual([
      ['job', ['Boiler service']],
      ['customer', ['Müller Bakery']],
    ]);
    expect(labels('harb')).toEqual([
      ['job', ['Boiler service']],
      ['customer', ['Müller Bakery']],
      ['address', ['12 Harbour Road']],
    ]);
  });

  it('needs every word, in any order, ignoring case and accents', () => {
    expect(labels('ROAD muller')).toEqual([
      ['job', ['Boiler service']],
      ['customer', ['Müller Bakery']],
    ]);
    expect(labels('elm boiler')).toEqual([]);
  });

  it('lists active technicians (linking to their board row) and screens', () => {
    const groups = searchIndex(index, 'ta');
    expect(groups.map((g) => g.kind)).toEqual(['job', 'technician']);
    expect(groups[1]?.entries[0]?.href).toBe('/w/acme/dispatch?tech=m1');
    expect(labels('gone')).toEqual([]);
    expect(labels('dis')).toEqual([['screen', ['Dispatch']]]);
  });

  it('puts labels that start with the query first', () => {
    const jobs = buildIndex(
      ['Annual check', 'Check boiler', 'Recheck'].map((title, i) => ({
        kind: 'job' as const,
        id: String(i),
        label: title,
        detail: '',
        href: '',
      })),
    );
    expect(searchIndex(jobs, 'check')[0]?.entries.map((e) => e.label)).toEqual([
      'Check boiler',
      'Annual check',
      'Recheck',
    ]);
  });

  it('answers nothing to an empty query and cuts a long one', () => {
    expect(searchIndex(index, '   ')).toEqual([]);
    const long = `boiler ${'x'.repeat(500)}`;
    expect(queryWords(long).join(' ')).toHaveLength(maxQueryLength);
  });
});
