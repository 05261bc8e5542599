import type { BrowserContext, Locator, Page, WebSocketRoute } from 'playwright-core';

export type LiveState = 'connecting' | 'connected' | 'unavailable' | 'failed' | 'disconnected';

/** The top bar's live parts: the connection dot, the banner under the bar, who is online. */
export class LiveUpdates {
  readonly dot: Locator;
  readonly banner: Locator;
  readonly presence: Locator;

  constructor(private readonly page: Page) {
    this.dot = page.locator('.connection-dot');
    this.banner = page.locator('.connection-banner');
    this.presence = page.getByRole('region', { name: /^Online now/ });
  }

  /** Waits until the dot shows `state`. */
  async waitFor(state: LiveState, timeout = 20_000): Promise<void> {
    await this.page.locator(`.connection-dot[data-state="${state}"]`).waitFor({ timeout });
  }

  /** Someone online (their user id): their avatar, or the "+k" that lists them when the avatars are full. */
  online(userId: string): Locator {
    return this.presence.locator(`li[data-user-id="${userId}"], [data-user-ids~="${userId}"]`);
  }

  /** Every state the dot has shown since the page loaded (recorded by `recordStates`). */
  states(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { __liveStates?: string[] }).__liveStates ?? []);
  }

  /** Every state the banner has shown since the page loaded, `none` when it went away (`recordStates`). */
  banners(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { __liveBanners?: string[] }).__liveBanners ?? []);
  }

  /**
   * Before the page loads: keep a list of every state the dot shows (its `data-state`, the same
   * state its accessible name spells out) and of the banner's (`none` while there is none).
   */
  static async recordStates(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const seen: string[] = [];
      const banners: string[] = [];
      const w = window as unknown as { __liveStates: string[]; __liveBanners: string[] };
      w.__liveStates = seen;
      w.__liveBanners = banners;
      new MutationObserver(() => {
        const state = document.querySelector('.connection-dot')?.getAttribute('data-state');
        if (state && seen[seen.length - 1] !== state) seen.push(state);
        const banner = document.querySelector('.connection-banner')?.getAttribute('data-state') ?? 'none';
        if (banners[banners.length - 1] !== banner && (banners.length > 0 || banner !== 'none')) banners.push(banner);
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    });
  }

  /**
   * From now on, notes the moment (`Date.now()` in the page) something matching `selector` whose
   * text contains `text` and whose `title` starts with `titleStart` is first in the DOM;
   * `seenAt()` reads it (null until then). For measuring how soon a change shows, not for waiting.
   */
  async noteWhenShown(selector: string, text: string, titleStart: string): Promise<void> {
    await this.page.evaluate(
      ({ selector, text, titleStart }) => {
        const w = window as unknown as { __shownAt: number | null };
        w.__shownAt = null;
        const check = () => {
          for (const node of document.querySelectorAll<HTMLElement>(selector)) {
            if (node.title.startsWith(titleStart) && node.textContent?.includes(text)) return true;
          }
          return false;
        };
        const observer = new MutationObserver(() => {
          if (!check()) return;
          w.__shownAt = Date.now();
          observer.disconnect();
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      },
      { selector, text, titleStart },
    );
  }

  seenAt(): Promise<number | null> {
    return this.page.evaluate(() => (window as unknown as { __shownAt?: number | null }).__shownAt ?? null);
  }
}

/**
 * A page's realtime WebSocket under the test's control: passed through to the server until
 * `cut()` (the network drops: open sockets close, new ones are refused, the context goes offline),
 * back with `restore()`. `cut({ socketOnly: true })` refuses only the realtime socket (a proxy that
 * drops WebSockets): plain HTTP still works and the browser never fires `offline`/`online`, so
 * nothing but the realtime module's own catch-up can bring what was missed.
 */
export class LiveLink {
  private down = false;
  private offline = false;
  private readonly open: WebSocketRoute[] = [];

  private constructor(private readonly context: BrowserContext) {}

  static async attach(page: Page): Promise<LiveLink> {
    const link = new LiveLink(page.context());
    await page.routeWebSocket(/\/app\//, (ws) => {
      if (link.down) {
        void ws.close({ code: 1006 }).catch(() => undefined);
        return;
      }
      ws.connectToServer();
      link.open.push(ws);
    });
    return link;
  }

  async cut(options: { socketOnly?: boolean } = {}): Promise<void> {
    this.down = true;
    if (!options.socketOnly) {
      this.offline = true;
      await this.context.setOffline(true);
    }
    for (const ws of this.open.splice(0)) await ws.close({ code: 1001 }).catch(() => undefined);
  }

  async restore(): Promise<void> {
    this.down = false;
    if (this.offline) await this.context.setOffline(false);
    this.offline = false;
  }
}
