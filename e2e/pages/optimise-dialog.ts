import type { Locator, Page } from 'playwright-core';

/** The number in a figure's cell ("42.3 km", "1 h 05 min" → minutes). */
function numberOf(text: string): number {
  const hours = /(\d+) h (\d+) min/.exec(text);
  if (hours) return Number(hours[1]) * 60 + Number(hours[2]);
  return Number(/[\d.]+/.exec(text)?.[0] ?? Number.NaN);
}

/** "Optimise day": opened from a technician's row; today beside the plan, and Apply. */
export class OptimiseDialog {
  readonly dialog: Locator;
  readonly apply: Locator;

  constructor(page: Page, technician: string) {
    this.dialog = page.getByRole('dialog', { name: `Optimise ${technician}’s day` });
    this.apply = this.dialog.getByRole('button', { name: /^Apply/ });
  }

  /** Opens it from the technician's timeline row (the label's button), and waits for the plan. */
  static async open(page: Page, technician: string): Promise<OptimiseDialog> {
    await page
      .getByRole('button', { name: `Optimise day for ${technician}` })
      .first()
      .click();
    const dialog = new OptimiseDialog(page, technician);
    await dialog.figures().waitFor();
    return dialog;
  }

  figures(): Locator {
    return this.dialog.getByRole('table');
  }

  /** A row of the figures: today's value and the plan's (null without a plan), as numbers. */
  async figure(label: 'Distance' | 'Drive time'): Promise<{ today: number; planned: number | null }> {
    const cells = this.figures()
      .getByRole('row', { name: new RegExp(`^${label}`) })
      .getByRole('cell');
    const texts = await cells.allInnerTexts();
    return { today: numberOf(texts[0] ?? ''), planned: texts[1] === undefined ? null : numberOf(texts[1]) };
  }

  /** The visits in the planned order, as their text. */
  visits(): Locator {
    return this.dialog.getByRole('listitem');
  }
}
