import type { MapJob } from './types';

/** A job whose every text is an HTML injection attempt: it must show as these characters. */
export const xss = '<img src=x onerror=alert(1)>';

export const xssJob: MapJob = {
  id: 'j1',
  jobId: 'j1',
  occurrenceKey: null,
  version: 1,
  title: xss,
  start: '2026-11-23T08:15:00Z',
  end: '2026-11-23T09:30:00Z',
  allDay: false,
  status: 'en_route',
  colour: '#0072B2',
  assigneeIds: ['m1'],
  technicianNames: [`Tom ${xss}`],
  customerId: null,
  customerName: xss,
  address: xss,
  lat: 52.5,
  lng: 13.4,
  outsideAreas: true,
};
