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

  /** A PNG of the map area as the user sees it. */
  screenshot(clip?: { x: number; y: number; width: number; height: number }): Promise<Buffer> {
    return clip ? this.page.screenshot({ clip }) : this.map.locator('.leaflet-container').screenshot();
  }
}
