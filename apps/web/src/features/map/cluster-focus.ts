import L from 'leaflet';
import { t } from '../../lib/i18n';
import { glyphRadius } from './glyphs';

/** A cluster as the keyboard reaches it. */
export interface FocusCluster {
  at: L.LatLng;
  count: number;
  expand: () => void;
}

/** Reading order on the map: north to south, then west to east. */
export function readingOrder(a: { at: L.LatLng }, b: { at: L.LatLng }): number {
  return b.at.lat - a.at.lat || a.at.lng - b.at.lng;
}

/**
 * One focusable button for all of a layer's clusters (clusters are drawn on canvas, which can't
 * take focus, and a DOM node per cluster would slow panning with hundreds). Tab reaches it on the
 * first cluster in reading order, arrow keys move it to the next or previous, Home/End to the
 * ends, Enter or Space expands the cluster under it. It has no tab stop when there are none.
 */
export class ClusterFocus {
  private readonly marker: L.Marker;
  private clusters: FocusCluster[] = [];
  private current = 0;

  constructor(
    private readonly map: L.Map,
    /** A cluster's sites in words with their count ("12 jobs"). */
    private readonly counted: (count: number) => string,
  ) {
    const icon = L.divIcon({ className: 'fm-cluster-focus', html: '', iconSize: [0, 0] });
    this.marker = L.marker(map.getCenter(), { icon, interactive: false, keyboard: false });
    this.marker.on('add', () => {
      const el = this.marker.getElement();
      if (!el) return;
      el.tabIndex = 0;
      el.setAttribute('role', 'button');
      el.addEventListener('keydown', (event) => this.onKey(event));
      this.render();
    });
  }

  /** The clusters now drawn: the button stays on the one nearest where it was. */
  set(clusters: FocusCluster[]): void {
    const was = this.clusters[this.current]?.at ?? null;
    this.clusters = [...clusters].sort(readingOrder);
    this.current = 0;
    if (was && this.clusters.length > 0) {
      let best = Number.POSITIVE_INFINITY;
      this.clusters.forEach((c, i) => {
        const d = c.at.distanceTo(was);
        if (d < best) {
          best = d;
          this.current = i;
        }
      });
    }
    if (this.clusters.length === 0) {
      const focused = this.marker.getElement() === document.activeElement;
      this.marker.remove();
      // Keep keyboard users on the map rather than dropping focus to the page.
      if (focused) this.map.getContainer().focus();
      return;
    }
    if (!this.map.hasLayer(this.marker)) this.marker.addTo(this.map);
    this.render();
  }

  remove(): void {
    this.marker.remove();
  }

  private render(): void {
    const el = this.marker.getElement();
    const cluster = this.clusters[this.current];
    if (!el || !cluster) return;
    this.marker.setLatLng(cluster.at);
    const size = 2 * (glyphRadius({ kind: 'cluster', count: cluster.count, colour: null }) + 3);
    el.style.width = `${size}px`;
    el.style.height = `${size}px`;
    el.style.marginLeft = `${-size / 2}px`;
    el.style.marginTop = `${-size / 2}px`;
    const n = this.clusters.length;
    el.setAttribute(
      'aria-label',
      t({ id: 'map.cluster.focus' }, { sites: this.counted(cluster.count), index: this.current + 1, total: n }),
    );
  }

  private onKey(event: KeyboardEvent): void {
    const n = this.clusters.length;
    const step: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (event.key in step) this.current = (this.current + (step[event.key] ?? 0) + n) % n;
    else if (event.key === 'Home') this.current = 0;
    else if (event.key === 'End') this.current = n - 1;
    else if (event.key === 'Enter' || event.key === ' ') this.clusters[this.current]?.expand();
    else return;
    // The map would pan on arrow keys: they move between clusters here.
    event.preventDefault();
    event.stopPropagation();
    this.render();
  }
}
