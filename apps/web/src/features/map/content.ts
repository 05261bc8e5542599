import { statusText } from '../../entities/job/job-status';
import { formatDistance } from '../../lib/format';
import { t } from '../../lib/i18n';
import { timeWindow } from './format';
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
    t({ id: 'map.tip.jobWhen' }, { time: timeWindow(job, zone), status: statusText(job.status) }),
    job.technicianNames.join(', '),
  );
  if (job.outsideAreas) root.append(el('span', 'fm-tip-line fm-tip-warning', outsideEveryArea()));
  return root;
}

export function customerTooltip(customer: MapCustomer): HTMLElement {
  return tooltip(customer.name, customer.address);
}

export function homeBaseTooltip(base: MapHomeBase): HTMLElement {
  return tooltip(base.name, t({ id: 'map.tip.homeBase' }));
}

export function areaTooltip(area: MapArea): HTMLElement {
  const g = area.geometry;
  return tooltip(
    area.name,
    g.type === 'Circle'
      ? t({ id: 'map.tip.circleArea' }, { radius: formatDistance(g.radiusM) })
      : t({ id: 'map.tip.serviceArea' }),
  );
}

/** A cluster's tooltip: how many sites ("1,234 jobs"), and that a click zooms in. */
export function clusterTooltip(howMany: string): HTMLElement {
  return tooltip(howMany, t({ id: 'map.tip.clickToZoom' }));
}

/** The note on a job outside every service area (its tooltip, its popup). */
export const outsideEveryArea = () => t({ id: 'map.job.outsideEveryArea' });
