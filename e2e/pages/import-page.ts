import type { Locator, Page } from 'playwright-core';

/** `/w/:slug/customers/import`: the import wizard — upload, columns, preview, progress, result. */
export class ImportPage {
  readonly fileInput: Locator;
  readonly encodingNote: Locator;
  readonly preview: Locator;
  readonly start: Locator;
  readonly progress: Locator;
  readonly result: Locator;
  readonly counts: Locator;

  constructor(private readonly page: Page) {
    this.fileInput = page.locator('input[type="file"]');
    this.encodingNote = page.getByTestId('encoding-note');
    this.preview = page.locator('table.import-preview');
    this.start = page.getByRole('button', { name: /^Import [\d,]+ rows$/ });
    this.progress = page.getByRole('progressbar');
    this.result = page.getByRole('heading', { name: '4. Result' });
    this.counts = page.getByTestId('import-counts');
  }

  async upload(name: string, csv: string): Promise<void> {
    await this.fileInput.setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'latin1') });
    await this.encodingNote.waitFor();
  }

  /** The select of a column, by its header. */
  column(header: string): Locator {
    return this.page.getByLabel(header, { exact: true });
  }

  /** A preview row by its row number in the file. */
  row(n: number): Locator {
    return this.preview.locator(`tr[data-row="${n}"]`);
  }

  count(name: string): Locator {
    return this.counts
      .locator('div')
      .filter({ has: this.page.locator('dt', { hasText: name }) })
      .locator('dd');
  }
}
