import type { Locator, Page } from 'playwright-core';

export interface MapPageParams {
  date?: string;
  /** Centre and zoom. */
  at?: { lat: number; lng: number; zoom: number };
  /** Overlays to show (jobs, customers, homeBases, areas, routes). */
  show?: string[];
  base?: string;
}

/** `/w/:slug/map`: the day's jobs on the map, with a side panel (place search, day, routes, job list). */
export class MapPage {
  readonly map: Locator;
  readonly side: Locator;
  readonly placeSearch: Locator;
  readonly offlineNotice: Locator;
  readonly tooltip: Locator;
  readonly popup: Locator;

  constructor(private readonly page: Page) {
    this.map = page.getByRole('region', { name: 'Map of the day' });
    this.side = page.getByRole('complementary', { name: 'Day on the map' });
    this.placeSearch = page.getByRole('combobox', { name: 'Find a place' });
    this.offlineNotice = page.getByText('Map tiles can’t be reached — showing the built-in offline map');
    this.tooltip = page.locator('.leaflet-tooltip');
    this.popup = page.locator('.fm-popup');
  }

  async goto(slug: string, params: MapPageParams = {}): Promise<void> {
    const search = new URLSearchParams();
    if (params.date) search.set('date', params.date);
    if (params.at) {
      search.set('lat', String(params.at.lat));
      search.set('lng', String(params.at.lng));
      search.set('z', String(params.at.zoom));
    }
    if (params.show) search.set('show', params.show.join(','));
    if (params.base) search.set('base', params.base);
    await this.page.goto(`/w/${slug}/map?${search}`);
    await this.map.waitFor();
  }

  /** The routes legend's line of a technician. */
  route(name: string): Locator {
    return this.side.getByRole('region', { name: 'Routes of the day' }).getByRole('listitem').filter({ hasText: name });
  }

  /** The job's row in the side panel's list. */
  jobRow(title: string): Locator {
    return this.side.getByRole('button').filter({ hasText: title });
  }

  /** Waits until the day's jobs are listed (the summary says how many). */
  async waitForJobs(): Promise<void> {
    await this.side.getByText(/\d+ jobs? on the map/).waitFor();
  }

  /** The leaflet container's box on the page. */
  async mapBox(): Promise<{ x: number; y: number; width: number; height: number }> {
    const box = await this.map.locator('.leaflet-container').boundingBox();
    if (!box) throw new Error('the map is not on screen');
    return box;
  }

  /** Moves the mouse to the centre of the map (where `at` put the point of interest). */
  async hoverCentre(): Promise<void> {
    const box = await this.mapBox();
    await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  }

  async clickCentre(): Promise<void> {
    const box = await this.mapBox();
    await this.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }

  /**
   * The keyboard's button for the jobs' clusters (drawn on canvas): it sits on one cluster at a
   * time, named '<n> jobs: zoom in (cluster i of k…)'; arrow keys move it to the others.
   */
  clusterButton(): Locator {
    return this.map.getByRole('button', { name: /^[\d,]+ jobs: zoom in \(cluster/ });
  }

  /** Focuses the cluster button and steps through every cluster: their names, in reading order. */
  async clusterNames(): Promise<string[]> {
    const button = this.clusterButton();
    await button.focus();
    const first = (await button.getAttribute('aria-label')) ?? '';
    const total = Number(/of (\d+)/.exec(first)?.[1] ?? 1);
    const names = [first];
    for (let i = 1; i < total; i++) {
      await this.page.keyboard.press('ArrowRight');
      names.push((await button.getAttribute('aria-label')) ?? '');
    }
    await this.page.keyboard.press('ArrowRight');
    return names;
  }

  /** Moves the focused cluster button onto the cluster whose name starts with `count jobs`. */
  async focusCluster(count: number): Promise<void> {
    const names = await this.clusterNames();
    const at = names.findIndex((n) => n.startsWith(`${count.toLocaleString('en')} jobs:`));
    if (at < 0) throw new Error(`no cluster of ${count}: ${names.join(' | ')}`);
    for (let i = 0; i < at; i++) await this.page.keyboard.press('ArrowRight');
  }

  /** The map's zoom as the URL keeps it. */
  zoom(): number {
    return Number(new URL(this.page.url()).searchParams.get('z'));
  }

  /**
   * How the open tooltip's title is laid out: how many lines it takes and every word drawn on more
   * than one line (a word broken mid-way), measured with a Range per word.
   */
  async tooltipTitleLayout(): Promise<{ lines: number; brokenWords: string[]; width: number }> {
    return this.tooltip
      .locator('.fm-tip-title')
      .first()
      .evaluate((title) => {
        const text = title.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE) throw new Error('the title is not plain text');
        const tops = new Set<number>();
        const brokenWords: string[] = [];
        for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index ?? 0);
          range.setEnd(text, (match.index ?? 0) + match[0].length);
          const lineTops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lineTops.size > 1) brokenWords.push(match[0]);
          for (const top of lineTops) tops.add(top);
        }
        return { lines: tops.size, brokenWords, width: title.getBoundingClientRect().width };
      });
  }

  /** A PNG of the map area as the user sees it. */
  screenshot(clip?: { x: number; y: number; width: number; height: number }): Promise<Buffer> {
    return clip ? this.page.screenshot({ clip }) : this.map.locator('.leaflet-container').screenshot();
  }
}

export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

const mercator = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

/**
 * The dispatch board's map (the calendar's range): what it holds (`data-job-count`), what it shows
 * (`data-bounds`, written after every move) and where a site is on screen.
 */
export class BoardMap {
  readonly region: Locator;
  readonly tooltip: Locator;
  readonly popup: Locator;

  constructor(private readonly page: Page) {
    this.region = page.getByRole('region', { name: "Map of the calendar's range" });
    this.tooltip = this.region.locator('.leaflet-tooltip');
    this.popup = this.region.locator('.fm-popup');
  }

  async jobCount(): Promise<number> {
    return Number(await this.region.getAttribute('data-job-count'));
  }

  async bounds(): Promise<Bounds> {
    const text = (await this.region.getAttribute('data-bounds')) ?? '';
    const [south = Number.NaN, west = Number.NaN, north = Number.NaN, east = Number.NaN] = text.split(',').map(Number);
    return { south, west, north, east };
  }

  /**
   * Waits until the map holds `count` jobs and has been fitted to them: every site within the
   * shown bounds (and the bounds moved away from `previous`, when given).
   */
  async waitForRange(
    count: number,
    sites: readonly { lat: number | null; lng: number | null }[] = [],
    previous: string | null = null,
  ): Promise<void> {
    await this.region.waitFor();
    await this.page.waitForFunction(
      ({ count: n, sites: all, previous: p }) => {
        const el = document.querySelector<HTMLElement>('[data-job-count][data-bounds]');
        if (!el || Number(el.dataset.jobCount) !== n || el.dataset.bounds === p) return false;
        const [s = 0, w = 0, north = 0, e = 0] = (el.dataset.bounds ?? '').split(',').map(Number);
        return all.every(
          (x) => x.lat === null || x.lng === null || (x.lat >= s && x.lat <= north && x.lng >= w && x.lng <= e),
        );
      },
      { count, sites, previous },
    );
  }

  rawBounds(): Promise<string | null> {
    return this.region.getAttribute('data-bounds');
  }

  /** A site's position on the page (the map is Web Mercator: linear in longitude, not latitude). */
  async pixelOf(site: { lat: number; lng: number }): Promise<{ x: number; y: number }> {
    const box = await this.region.locator('.leaflet-container').boundingBox();
    if (!box) throw new Error('the board map is not on screen');
    const b = await this.bounds();
    return {
      x: box.x + ((site.lng - b.west) / (b.east - b.west)) * box.width,
      y: box.y + ((mercator(b.north) - mercator(site.lat)) / (mercator(b.north) - mercator(b.south))) * box.height,
    };
  }

  /** A PNG of the square around a site (to see a marker's highlight drawn). */
  async around(site: { lat: number; lng: number }, half = 18): Promise<Buffer> {
    const p = await this.pixelOf(site);
    return this.page.screenshot({ clip: { x: p.x - half, y: p.y - half, width: half * 2, height: half * 2 } });
  }
}
