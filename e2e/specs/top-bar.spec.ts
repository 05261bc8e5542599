import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppShell, overlapping } from '../pages/app-shell.js';
import { JobPanel } from '../pages/job-panel.js';
import { LiveLink, LiveUpdates } from '../pages/live-updates.js';
import { SchedulePage } from '../pages/schedule-page.js';
import { api } from '../support/api.js';
import { seriousA11yViolations } from '../support/axe.js';
import { baseUrl, launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';
import { demoWorkday } from '../support/demo-day.js';
import { demoMembers, presenceCrowd } from '../support/presence-crowd.js';

// The top bar holds on one line from 1024 to 2560 px and on a phone, however many people are online
// (docs/PRODUCT.md, the dispatch board), and what it says about live updates is true.

const widths = [1024, 1280, 1440, 1920] as const;
const schemes = ['light', 'dark'] as const;
const phone = { width: 390, height: 844 };

interface Opened {
  context: BrowserContext;
  page: Page;
  shell: AppShell;
  live: LiveUpdates;
  errors: string[];
  link: LiveLink | null;
}

describe('the top bar', () => {
  let browser: Browser;
  let workspaceId = '';
  const cleanups: (() => unknown)[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await newContext(browser);
    await signInViaApi(context, 'owner@demo.test');
    const page = await context.newPage();
    const me = await api<{ memberships: { workspaceId: string; workspaceSlug: string }[] }>(page, 'GET', '/me');
    workspaceId = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
    await context.close();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    await browser.close();
  });

  async function open(
    email: string,
    options: { viewport?: { width: number; height: number }; link?: boolean; share?: boolean; path?: string } = {},
  ): Promise<Opened> {
    const context = await newContext(browser, { viewport: options.viewport });
    cleanups.push(() => context.close());
    await signInViaApi(context, email);
    if (options.share) {
      await context.grantPermissions(['geolocation'], { origin: baseUrl });
      await context.setGeolocation({ latitude: 52.52, longitude: 13.405, accuracy: 15 });
    }
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await LiveUpdates.recordStates(page);
    const link = options.link ? await LiveLink.attach(page) : null;
    await page.goto(options.path ?? '/w/demo/dispatch');
    const live = new LiveUpdates(page);
    await live.waitFor('connected');
    return { context, page, shell: new AppShell(page), live, errors, link };
  }

  /** The demo members other than `email`, `count` of them, online until the test ends. */
  async function crowd(email: string, count: number): Promise<void> {
    const others = demoMembers.filter((m) => m !== email).slice(0, count);
    const online = await presenceCrowd(others, workspaceId);
    cleanups.push(() => online.leave());
  }

  const online = (opened: Opened, count: number) =>
    opened.page.locator(`.topbar .presence[data-count="${count}"]`).waitFor();

  /** After a resize: the next frames, where the ResizeObserver re-fits the navigation. */
  const settle = (page: Page) =>
    page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

  /** No two parts overlap, no text takes a second line, nothing leaves the window or widens the page. */
  async function expectHolds({ page, shell }: Opened, label: string): Promise<void> {
    const parts = await shell.parts();
    const width = page.viewportSize()?.width ?? 0;
    expect(parts.length, label).toBeGreaterThan(4);
    expect(overlapping(parts), label).toEqual([]);
    expect(
      parts.filter((p) => p.lines.some((n) => n !== 1)).map((p) => `${p.name}: ${p.lines.join('/')} lines`),
      label,
    ).toEqual([]);
    expect(
      parts.filter((p) => p.box.left < -0.5 || p.box.right > width + 0.5).map((p) => p.name),
      label,
    ).toEqual([]);
    const bar = await shell.topBar.boundingBox();
    for (const p of parts) {
      expect(p.box.top, `${label}: ${p.name} inside the bar`).toBeGreaterThanOrEqual((bar?.y ?? 0) - 0.5);
      expect(p.box.bottom, `${label}: ${p.name} inside the bar`).toBeLessThanOrEqual(
        (bar?.y ?? 0) + (bar?.height ?? 0) + 0.5,
      );
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), label).toBe(true);
  }

  for (const email of ['owner@demo.test', 'tech1@demo.test']) {
    it(`holds on one line at ${widths.join(', ')} px, light and dark, with 1 and with 8 people online, as ${email}`, async () => {
      const opened = await open(email);
      const { page, shell } = opened;
      await online(opened, 1);
      for (const count of [1, 8]) {
        if (count === 8) {
          await crowd(email, 7);
          await online(opened, 8);
        }
        for (const width of widths) {
          for (const colorScheme of schemes) {
            await page.setViewportSize({ width, height: 900 });
            await page.emulateMedia({ colorScheme });
            await settle(page);
            await expectHolds(opened, `${email}, ${width} px, ${colorScheme}, ${count} online`);
          }
          // Whatever doesn't fit is one click away in "More": nothing is lost.
          const { shown, more } = await shell.navigation();
          expect(shown.length, `${width} px`).toBeGreaterThan(1);
          expect([...shown, ...more]).toContain('Team');
          expect(new Set([...shown, ...more]).size).toBe(shown.length + more.length);
        }
      }
      // The widest screen needs no "More"; the name is whole in its tooltip and for screen readers.
      await page.setViewportSize({ width: 2560, height: 1000 });
      await settle(page);
      await expectHolds(opened, `${email}, 2560 px`);
      expect(await shell.more.count()).toBe(0);
      expect(await shell.workspaceName.getAttribute('title')).toBe('Demo Plumbing');
      expect(await page.getByRole('button', { name: /^Demo Plumbing\s*: switch workspace$/ }).count()).toBe(1);
      expect(opened.errors).toEqual([]);
    });
  }

  it('shows at most four avatars, then "+4" that lists the other four; axe finds nothing serious', async () => {
    const opened = await open('dispatcher@demo.test', { viewport: { width: 1280, height: 800 } });
    await crowd('dispatcher@demo.test', 7);
    await online(opened, 8);
    const presence = opened.live.presence;
    expect(await presence.locator('li[data-user-id]').count()).toBe(4);
    const more = presence.getByRole('button', { name: '4 more online' });
    await more.click();
    const list = opened.page.getByRole('dialog', { name: 'Also online' }).locator('li > span:not(.avatar)');
    expect(await list.count()).toBe(4);
    const tooltip = (await presence.locator('[data-user-ids]').getAttribute('title')) ?? '';
    for (const text of await list.allInnerTexts()) expect(tooltip).toContain(text.trim());
    expect(await seriousA11yViolations(opened.page)).toEqual([]);
    await opened.page.keyboard.press('Escape');
    expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('"More" is a menu button: arrows move, Escape closes it and returns focus, Enter opens a screen', async () => {
    const opened = await open('owner@demo.test', { viewport: { width: 1024, height: 768 } });
    const { page, shell } = opened;
    await settle(page);
    const more = shell.more;
    expect(await more.getAttribute('aria-haspopup')).toBe('menu');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.focus();
    await page.keyboard.press('Enter');
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('menu', { name: 'More pages' });
    const items = menu.getByRole('menuitem');
    expect(await items.count()).toBeGreaterThan(1);
    expect(await items.first().evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await items.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);

    // Settings (the least needed) is in "More" at this width; choosing it opens it, and "More" says so.
    await page.keyboard.press('ArrowUp');
    await menu.getByRole('menuitem', { name: 'Settings' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/w\/demo\/settings$/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => more.getAttribute('class')).toContain('active');
    expect(await more.innerText()).toMatch(/^More/);
    expect(await more.evaluate((el) => el.textContent)).toContain('Settings, current page');
    expect(opened.errors).toEqual([]);
  });

  it('on a 390 px phone: a compact header with the menu, an icon-only location pill, nothing overlapping', async () => {
    const opened = await open('tech1@demo.test', { viewport: phone, share: true, path: '/w/demo/my-day' });
    const { page, shell } = opened;
    await crowd('tech1@demo.test', 7);
    await online(opened, 8);
    await page.getByRole('button', { name: /^Account:/ }).click();
    await page.getByRole('menuitemcheckbox', { name: /Share my location/ }).click();
    const pill = page.getByRole('button', { name: /^Sharing location\s*: stop$/ });
    await pill.waitFor();
    await page.keyboard.press('Escape');
    for (const colorScheme of schemes) {
      await page.emulateMedia({ colorScheme });
      await settle(page);
      await expectHolds(opened, `phone, ${colorScheme}`);
    }
    // The pill is its dot only; its words are its accessible name and its tooltip.
    const box = await pill.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(44);
    expect(await pill.getAttribute('title')).toMatch(/being shared/);
    // Two avatars and "+6" fit; the navigation is the menu button's sheet.
    expect(await opened.live.presence.locator('li[data-user-id]').count()).toBe(2);
    expect(await opened.live.presence.getByRole('button', { name: '6 more online' }).count()).toBe(1);
    expect(await shell.nav.filter({ visible: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Team', exact: true }).filter({ visible: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await pill.click();
    await pill.waitFor({ state: 'detached' });
    expect(opened.errors).toEqual([]);
  });

  it('an outage: the banner comes with the Offline dot, and presence greys out as unknown until back', async () => {
    const opened = await open('tech1@demo.test', { link: true, viewport: { width: 1280, height: 800 } });
    const { page, live } = opened;
    await crowd('tech1@demo.test', 2);
    await online(opened, 3);
    // Every DOM change: what the dot and the banner say at that moment.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __dotAndBanner: string[] }).__dotAndBanner = seen;
      new MutationObserver(() => {
        const dot = document.querySelector('.connection-dot')?.getAttribute('data-state') ?? 'none';
        const banner = document.querySelector('.connection-banner')?.getAttribute('data-state') ?? 'none';
        const pair = `${dot}/${banner}`;
        if (seen[seen.length - 1] !== pair) seen.push(pair);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });

    await opened.link?.cut();
    await live.waitFor('unavailable');
    await live.banner.waitFor();
    const stale = page.getByRole('region', { name: /^Presence unknown while offline/ });
    await stale.waitFor();
    expect(await stale.getAttribute('data-stale')).toBe('true');
    const pairs = await page.evaluate(() => (window as unknown as { __dotAndBanner: string[] }).__dotAndBanner);
    // Whenever the dot said "Offline", the banner said so too — never the dot alone.
    const offline = pairs.filter((p) => p.startsWith('unavailable/'));
    expect(offline.length, pairs.join(' → ')).toBeGreaterThan(0);
    expect(offline, pairs.join(' → ')).toEqual(offline.map(() => 'unavailable/unavailable'));
    expect(await seriousA11yViolations(page)).toEqual([]);

    await opened.link?.restore();
    await live.waitFor('connected');
    await live.banner.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Online now: 3' }).waitFor();
    expect(opened.errors).toEqual([]);
  });

  it('Escape on a job panel returns focus to the queue item, the calendar event, or the board that opened it', async () => {
    const opened = await open('dispatcher@demo.test', {
      viewport: { width: 1440, height: 900 },
      path: `/w/demo/dispatch?date=${demoWorkday()}`,
    });
    const { page } = opened;
    const schedule = new SchedulePage(page);
    await schedule.waitForEvents();
    const panel = new JobPanel(page).panel;
    const focusedIn = (selector: string, attribute: string) =>
      page.evaluate(
        ([s, a]) => document.activeElement?.closest(s as string)?.getAttribute(a as string) ?? null,
        [selector, attribute],
      );

    // A queue item, opened from the keyboard.
    const item = page.locator('.queue-item').first();
    const jobId = await item.getAttribute('data-job-id');
    await item.locator('a').focus();
    await page.keyboard.press('Enter');
    await panel.waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await focusedIn('[data-job-id]', 'data-job-id')).toBe(jobId);

    // A job block on the calendar (FullCalendar re-renders it while the panel is open).
    const block = page.locator('.fc-event:has([data-event-id])').first();
    const eventId = await block.locator('[data-event-id]').getAttribute('data-event-id');
    await block.focus();
    await page.keyboard.press('Enter');
    await panel.waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(
      await page.evaluate(
        () =>
          document.activeElement?.closest('.fc-event')?.querySelector<HTMLElement>('[data-event-id]')?.dataset.eventId,
      ),
    ).toBe(eventId);

    // Opened from a link (nothing on the board opened it): Escape leaves focus on the board.
    await page.goto(`/w/demo/jobs/${jobId}`);
    await panel.waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(opened.errors).toEqual([]);
  });
});
