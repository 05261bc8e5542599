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

  /** An avatar of someone online (their user id). */
  online(userId: string): Locator {
    return this.presence.locator(`li[data-user-id="${userId}"]`);
  }

  /** Every state the dot has shown since the page loaded (recorded by `recordStates`). */
  states(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { __liveStates?: string[] }).__liveStates ?? []);
  }

  /** Before the page loads: keep a list of every state the dot shows. */
  static async recordStates(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __liveStates: string[] }).__liveStates = seen;
      new MutationObserver(() => {
        const state = document.querySelector('.connection-dot')?.getAttribute('data-state');
        if (state && seen[seen.length - 1] !== state) seen.push(state);
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    });
  }
}

/**
 * A page's realtime WebSocket under the test's control: passed through to the server until
 * `cut()` (the network drops: open sockets close, new ones are refused, the context goes offline),
 * back with `restore()`.
 */
export class LiveLink {
  private down = false;
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

  async cut(): Promise<void> {
    this.down = true;
    await this.context.setOffline(true);
    for (const ws of this.open.splice(0)) await ws.close({ code: 1001 }).catch(() => undefined);
  }

  async restore(): Promise<void> {
    this.down = false;
    await this.context.setOffline(false);
  }
}
