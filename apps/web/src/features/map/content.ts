import { formatDistance } from '@fieldplan/shared';
import { statusText, timeWindow } from './format';
import type { MapArea, MapCustomer, MapHomeBase, MapJob } from './types';

// Tooltip content for Leaflet, built as DOM with textContent: user text (a job titled
// `<img src=x onerror=alert(1)>`) shows as those characters and never becomes markup.

function el(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function tooltip(title: string, ...lines: (string | null | undefined)[]): HTMLElement {
  const root = el('div', 'fm-tip');
  root.append(el('strong', 'fm-tip-title', title));
  for (const line of lines) if (line) root.append(el('span', 'fm-tip-line', line));
  return root;
}

/** A job's tooltip: title, time window and status, and a note when it lies outside every area. */
export function jobTooltip(job: MapJob, zone: string): HTMLElement {
  const root = tooltip(
    job.title,
    `${timeWindow(job, zone)} · ${statusText(job.status)}`,
    job.technicianNames.join(', '),
  );
  if (job.outsideAreas) root.append(el('span', 'fm-tip-line fm-tip-warning', 'Outside every service area'));
  return root;
}

export function customerTooltip(customer: MapCustomer): HTMLElement {
  return tooltip(customer.name, customer.address);
}

export function homeBaseTooltip(base: MapHomeBase): HTMLElement {
  return tooltip(base.name, 'Home base');
}

export function areaTooltip(area: MapArea): HTMLElement {
  const g = area.geometry;
  return tooltip(area.name, g.type === 'Circle' ? `Circle, ${formatDistance(g.radiusM)} radius` : 'Service area');
}

/** A cluster's tooltip: how many sites, and that a click zooms in. */
export function clusterTooltip(count: number, noun: string): HTMLElement {
  return tooltip(`${count.toLocaleString()} ${noun}`, 'Click to zoom in');
}
