import type { Locator, Page } from 'playwright-core';

/** `/w/:slug/areas`: the list of service areas beside a map to draw and edit them on. */
export class AreasPage {
  readonly heading: Locator;
  readonly list: Locator;
  readonly map: Locator;
  readonly newAreaForm: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Service areas', level: 1 });
    this.list = page.getByRole('list', { name: 'Service areas' });
    this.map = page.getByRole('region', { name: 'Service areas map' });
    this.newAreaForm = page.getByRole('form', { name: 'New area' });
  }

  async goto(slug: string): Promise<void> {
    await this.page.goto(`/w/${slug}/areas`);
    await this.heading.waitFor();
    await this.map.locator('.leaflet-container').waitFor();
  }

  area(name: string): Locator {
    return this.list.getByRole('button').filter({ hasText: name });
  }

  /**
   * Draws a polygon through points given in pixels from the map's centre, closing it by clicking
   * the first corner again (how leaflet-geoman finishes a polygon).
   */
  async drawPolygon(offsets: [number, number][]): Promise<void> {
    await this.page.getByRole('button', { name: 'Draw polygon' }).click();
    const box = await this.map.locator('.leaflet-container').boundingBox();
    if (!box) throw new Error('the map is not on screen');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    for (const [dx, dy] of [...offsets, offsets[0] ?? [0, 0]]) {
      await this.page.mouse.click(cx + dx, cy + dy);
    }
    await this.newAreaForm.waitFor();
  }

  async saveNewArea(name: string): Promise<void> {
    await this.newAreaForm.getByLabel('Name').fill(name);
    await this.newAreaForm.getByRole('button', { name: 'Save area' }).click();
    await this.newAreaForm.waitFor({ state: 'detached' });
  }
}
