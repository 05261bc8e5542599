import type { Place } from '@fieldplan/shared';

/** What the built-in search answers for "Ber…" in the unit tests: a customer and cities. */
export const testPlaces: Place[] = [
  {
    id: 'customer:c1',
    label: 'Bergmannstraße 5, 10961 Berlin',
    secondary: 'Kita Sonne',
    lat: 52.49,
    lng: 13.39,
    source: 'customer',
  },
  { id: 'city:1', label: 'Berlin', secondary: 'Germany', lat: 52.52437, lng: 13.41053, source: 'city' },
  { id: 'city:2', label: 'Bergen', secondary: 'Norway', lat: 60.39, lng: 5.32, source: 'city' },
];
