import type { Locator, Page } from 'playwright-core';

/** `/w/:slug/my-day/visit/:jobId`: a visit's work record on the technician's phone. */
export class WorkRecordPage {
  /** "1 photo and 2 checklist answers waiting to upload". */
  readonly sync: Locator;
  readonly newNote: Locator;
  readonly choosePhotos: Locator;
  readonly signaturePad: Locator;
  readonly signerName: Locator;

  constructor(private readonly page: Page) {
    this.sync = page.locator('.wr-sync');
    this.newNote = page.getByRole('textbox', { name: 'New note' });
    this.choosePhotos = page.locator('label', { hasText: 'Choose photos' }).locator('input[type=file]');
    this.signaturePad = page.getByRole('img', { name: /Signature area/ });
    this.signerName = page.getByRole('textbox', { name: /Signer’s name/ });
  }

  async addNote(text: string): Promise<void> {
    await this.newNote.fill(text);
    await this.page.getByRole('button', { name: 'Add note' }).click();
    await this.page.locator('.wr-note-body', { hasText: text }).waitFor();
  }

  async addPhoto(file: string): Promise<void> {
    await this.choosePhotos.setInputFiles(file);
  }

  /** The photos shown (uploaded and waiting). */
  photos(): Locator {
    return this.page.getByRole('list', { name: 'Photos of this visit' }).getByRole('listitem');
  }

  checklist(name: string): Locator {
    return this.page.getByRole('region', { name });
  }

  /** Draws a stroke across the pad with the pointer, like a finger would. */
  async sign(name: string): Promise<void> {
    // The mouse works in viewport coordinates: bring the pad into view first.
    await this.signaturePad.scrollIntoViewIfNeeded();
    const box = await this.signaturePad.boundingBox();
    if (!box) throw new Error('no signature pad');
    await this.page.mouse.move(box.x + 20, box.y + box.height / 2);
    await this.page.mouse.down();
    for (let i = 1; i <= 10; i += 1) {
      await this.page.mouse.move(box.x + 20 + i * 25, box.y + box.height / 2 + (i % 2 ? -20 : 20));
    }
    await this.page.mouse.up();
    await this.signerName.fill(name);
    await this.page.getByRole('button', { name: 'Save signature' }).click();
  }

  completeButton(): Locator {
    return this.page.getByRole('button', { name: 'Complete' });
  }
}
