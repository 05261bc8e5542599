import { describe, expect, it } from 'vitest';
import { areaTooltip, clusterTooltip, customerTooltip, homeBaseTooltip, jobTooltip } from './content';
import { xss, xssJob } from './test-fixtures';

/** No element was made from user text: only our own spans and the text itself. */
function expectTextOnly(node: HTMLElement) {
  expect(node.querySelector('img, script, [onerror]')).toBeNull();
  expect(node.textContent).toContain(xss);
}

describe('tooltip content builders', () => {
  it("show a job's title, time window and technicians as text", () => {
    const node = jobTooltip(xssJob, 'Europe/Berlin');
    expectTextOnly(node);
    expect(node.querySelector('.fm-tip-title')?.textContent).toBe(xss);
    expect(node.textContent).toContain('09:15–10:30');
    expect(node.textContent).toContain('En route');
    expect(node.textContent).toContain('Outside every service area');
  });

  it('show customers, home bases and areas as text', () => {
    expectTextOnly(customerTooltip({ id: 'c', name: xss, address: xss, lat: 0, lng: 0 }));
    expectTextOnly(homeBaseTooltip({ memberId: 'm', name: xss, colour: '#000000', lat: 0, lng: 0 }));
    expectTextOnly(
      areaTooltip({
        id: 'a',
        name: xss,
        colour: '#000000',
        geometry: { type: 'Circle', center: { lat: 0, lng: 0 }, radiusM: 500 },
      }),
    );
    expect(clusterTooltip('1,234 jobs').textContent).toBe('1,234 jobsClick to zoom in');
  });
});
