import type { Locator, Page } from 'playwright-core';

export type ScheduleView =
  | 'resourceTimelineDay'
  | 'resourceTimelineWeek'
  | 'timeGridDay'
  | 'timeGridWeek'
  | 'dayGridMonth'
  | 'listWeek';

/** `/w/:slug/dispatch` and `/w/:slug/calendar`: the calendar (FullCalendar), its toolbar, the queue. */
export class SchedulePage {
  readonly toolbar: Locator;

  constructor(private readonly page: Page) {
    this.toolbar = page.getByRole('toolbar', { name: 'Calendar' });
  }

  async goto(slug: string, board: 'dispatch' | 'calendar', view: ScheduleView, date: string): Promise<void> {
    await this.page.goto(`/w/${slug}/${board}?view=${view}&date=${date}`);
    await this.waitForEvents();
  }

  /** Waits until the feed for the shown range has arrived (nothing loading or fetching). */
  async waitForEvents(): Promise<void> {
    await this.page.locator('.fc-view').first().waitFor();
    await this.page.getByText('Loading jobs…').waitFor({ state: 'detached' });
    await this.page.locator('.cal-body[aria-busy="false"]').waitFor();
  }

  /** The range the calendar shows (view, dates, filters), as it marks its body. */
  private range(): Promise<string | null> {
    return this.page.locator('.cal-body').getAttribute('data-range');
  }

  /**
   * Does `act` (a click that changes the range) and waits for the new range's feed: until the
   * calendar shows another range, the old one's events are still on screen and nothing is loading.
   */
  private async changeRange(act: () => Promise<void>): Promise<void> {
    const before = await this.range();
    await act();
    await this.page.waitForFunction(
      (old) => document.querySelector<HTMLElement>('.cal-body')?.dataset.range !== old,
      before,
    );
    await this.waitForEvents();
  }

  /** Every event of a job on screen (all its occurrences in the range). */
  events(title: string): Locator {
    return this.page.locator('.fc-event').filter({ hasText: title });
  }

  /** The calendar elements of one event (`jobId`, or `jobId:occurrence`): one per technician row. */
  event(eventId: string): Locator {
    return this.page.locator('.fc-event').filter({ has: this.page.locator(`[data-event-id="${eventId}"]`) });
  }

  /** The timeline row (lane) of a technician, or of "unassigned". */
  lane(resourceId: string): Locator {
    return this.page.locator(`td.fc-timeline-lane[data-resource-id="${resourceId}"]`);
  }

  /** The travel markers of a technician's row in the day timeline: every one, or the too-short ones. */
  travelGaps(resourceId: string, which: 'all' | 'too short' = 'all'): Locator {
    return this.lane(resourceId).locator(which === 'all' ? '.fp-travel .tg' : '.fp-travel-short .tg');
  }

  /** A timeline slot's header cell, e.g. `T10:00` on the day shown. */
  slot(time: string): Locator {
    return this.page.locator(`th.fc-timeline-slot[data-date*="${time}"]`).first();
  }

  /**
   * Clicks a technician's row at a time of the day timeline (e.g. `T14:00`): scrolls the time into
   * view, then clicks only once the timeline has held still for a moment — FullCalendar may apply
   * its own scroll after laying out, and a click measured before that lands hours off.
   */
  async clickSlot(resourceId: string, time: string): Promise<void> {
    const slot = this.slot(time);
    for (let attempt = 0; attempt < 20; attempt++) {
      await slot.scrollIntoViewIfNeeded();
      const before = await slot.boundingBox();
      await this.page.waitForTimeout(150);
      const lane = await this.lane(resourceId).boundingBox();
      const now = await slot.boundingBox();
      if (before && now && lane && before.x === now.x) {
        await this.page.mouse.click(now.x + 6, lane.y + lane.height / 2);
        return;
      }
    }
    throw new Error(`the timeline kept scrolling: no click at ${time}`);
  }

  /** Switches the view: its button, or — in a narrow calendar (the board beside its map) — the select. */
  async view(name: string): Promise<void> {
    const button = this.toolbar.getByRole('button', { name, exact: true });
    await this.changeRange(async () => {
      if (await button.isVisible()) await button.click();
      else await this.toolbar.getByRole('combobox', { name: 'View' }).selectOption({ label: name });
    });
  }

  async next(): Promise<void> {
    await this.changeRange(() => this.toolbar.getByRole('button', { name: /^Next / }).click());
  }

  /**
   * Drags an element to a point with the mouse in small steps, as a person would: FullCalendar
   * listens to pointer events and only starts a drag after the pointer has moved a little.
   */
  async drag(from: Locator, to: { x: number; y: number }): Promise<void> {
    const box = await from.boundingBox();
    if (!box) throw new Error('nothing to drag');
    const start = { x: box.x + Math.min(12, box.width / 2), y: box.y + box.height / 2 };
    await this.page.mouse.move(start.x, start.y);
    await this.page.mouse.down();
    const steps = 20;
    for (let i = 1; i <= steps; i++) {
      await this.page.mouse.move(start.x + ((to.x - start.x) * i) / steps, start.y + ((to.y - start.y) * i) / steps);
      await this.page.waitForTimeout(16);
    }
    await this.page.mouse.up();
  }

  /**
   * Whether any of the timeline's scroll areas scrolls sideways (the day should fit its width).
   * A pixel of slack: FullCalendar rounds slot widths.
   */
  horizontalOverflow(): Promise<boolean> {
    return this.page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.fc-view .fc-scroller')].some(
        (s) => s.scrollWidth > s.clientWidth + 1,
      ),
    );
  }

  /** The times (`HH:MM`) of the day timeline's hour columns, in order. */
  hourColumns(): Promise<string[]> {
    return this.page
      .locator('th.fc-timeline-slot-label[data-date]')
      .evaluateAll((cells) => cells.map((c) => (c.getAttribute('data-date') ?? '').slice(11, 16)));
  }

  /** Whether an event's title shows whole on its block: not cut, not spilling out of it. */
  titleFullyShown(eventId: string): Promise<boolean> {
    return this.page.locator(`[data-event-id="${eventId}"]`).evaluate((block) => {
      const title = block.querySelector<HTMLElement>('.ev-title');
      if (!title) return false;
      const outer = block.getBoundingClientRect();
      const inner = title.getBoundingClientRect();
      const cut = title.scrollWidth > title.clientWidth || title.scrollHeight > title.clientHeight;
      const inside =
        inner.left >= outer.left - 0.5 &&
        inner.right <= outer.right + 0.5 &&
        inner.top >= outer.top - 0.5 &&
        inner.bottom <= outer.bottom + 0.5;
      return !cut && inside && getComputedStyle(title).display !== 'none';
    });
  }

  /**
   * Whether every word of an event's title sits on one line: a word's text spans one line box
   * (a word split across lines would span two).
   */
  titleWordsWhole(eventId: string): Promise<boolean> {
    return this.page.locator(`[data-event-id="${eventId}"] .ev-title`).evaluate((title) => {
      const text = title.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) return false;
      const content = text.textContent ?? '';
      for (const match of content.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size !== 1) return false;
      }
      return true;
    });
  }

  /**
   * The filter bar's controls (technician, statuses, then area and priority or the "More filters"
   * button), as boxes on screen: how they sit (one line, no overlap).
   */
  filterBoxes(): Promise<{ top: number; bottom: number; left: number; right: number }[]> {
    return this.page.locator('.sched-filters').evaluate((bar) =>
      [...bar.querySelectorAll<HTMLElement>('select, button')]
        .filter((el) => el.offsetParent !== null)
        .map((el) => {
          const r = el.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
        }),
    );
  }

  /** The heights (px, rounded) of the timeline's technician rows. */
  rowHeights(): Promise<number[]> {
    return this.page
      .locator('td.fc-timeline-lane[data-resource-id]')
      .evaluateAll((lanes) => lanes.map((l) => Math.round(l.getBoundingClientRect().height)));
  }

  /** The "24 h" switch of views with a time axis. */
  get fullDaySwitch(): Locator {
    return this.toolbar.getByRole('button', { name: '24 h' });
  }

  /** The hover and focus card of the event under the pointer or focus. */
  get eventCard(): Locator {
    return this.page.getByRole('tooltip');
  }

  /** Answers the "this / following / all" question. */
  async chooseScope(
    scope: 'This occurrence' | 'This and following' | 'All occurrences',
    confirm: string,
  ): Promise<void> {
    const dialog = this.page.getByRole('dialog').filter({ has: this.page.getByRole('radio', { name: scope }) });
    await dialog.getByRole('radio', { name: scope }).check();
    await dialog.getByRole('button', { name: confirm, exact: true }).click();
  }
}
