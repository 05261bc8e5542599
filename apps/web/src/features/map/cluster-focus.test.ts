import L from 'leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClusterFocus } from './cluster-focus';

const maps: L.Map[] = [];
afterEach(() => {
  for (const map of maps.splice(0)) map.remove();
});

function mapWithFocus() {
  const el = document.createElement('div');
  document.body.append(el);
  const map = L.map(el, { center: [52.5, 13.4], zoom: 10 });
  maps.push(map);
  return { map, focus: new ClusterFocus(map, (count) => `${count.toLocaleString('en')} jobs`) };
}

const button = () => document.querySelector<HTMLElement>('.fm-cluster-focus');
const press = (key: string) => button()?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));

describe('ClusterFocus', () => {
  it('is one button on the clusters in reading order: arrows move it, Enter expands the one under it', () => {
    const { focus } = mapWithFocus();
    const expanded: number[] = [];
    const cluster = (lat: number, lng: number, count: number) => ({
      at: L.latLng(lat, lng),
      count,
      expand: () => expanded.push(count),
    });
    focus.set([cluster(52.4, 13.3, 5), cluster(52.6, 13.5, 12), cluster(52.6, 13.2, 3)]);
    expect(document.querySelectorAll('.fm-cluster-focus')).toHaveLength(1);
    expect(button()?.getAttribute('role')).toBe('button');
    expect(button()?.tabIndex).toBe(0);
    // North first, then west to east.
    expect(button()?.getAttribute('aria-label')).toBe('3 jobs: zoom in (cluster 1 of 3, arrow keys for the others)');
    press('ArrowRight');
    expect(button()?.getAttribute('aria-label')).toMatch(/^12 jobs: zoom in \(cluster 2 of 3/);
    press('End');
    press('Enter');
    press('ArrowRight');
    press(' ');
    expect(expanded).toEqual([5, 3]);
  });

  it('keeps its place on the nearest cluster when the clusters change, and leaves no tab stop when none are left', () => {
    const { focus } = mapWithFocus();
    const expand = vi.fn();
    focus.set([
      { at: L.latLng(52.6, 13.2), count: 3, expand },
      { at: L.latLng(52.4, 13.6), count: 7, expand },
    ]);
    press('ArrowDown');
    focus.set([
      { at: L.latLng(52.61, 13.21), count: 2, expand },
      { at: L.latLng(52.41, 13.61), count: 8, expand },
    ]);
    expect(button()?.getAttribute('aria-label')).toMatch(/^8 jobs/);
    focus.set([]);
    expect(button()).toBeNull();
  });
});
