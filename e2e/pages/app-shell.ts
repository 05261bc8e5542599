import type { Locator, Page } from 'playwright-core';

type NavName = 'Overview' | 'Team' | 'Settings';

/** A visible part of the top bar, where it is, and how many lines each of its texts takes. */
export interface TopBarPart {
  name: string;
  box: { left: number; top: number; right: number; bottom: number };
  /** Line boxes of each of its visible texts (1 = on one line; an ellipsis still counts as one). */
  lines: number[];
}

/** The top bar of every workspace screen: navigation ("More" for what doesn't fit) and the user menu. */
export class AppShell {
  readonly topBar: Locator;
  readonly nav: Locator;
  readonly more: Locator;
  readonly workspaceName: Locator;

  constructor(private readonly page: Page) {
    this.topBar = page.locator('header.topbar');
    this.nav = page.getByRole('navigation', { name: 'Main' });
    this.more = this.nav.getByRole('button', { name: /^More/ });
    this.workspaceName = page.locator('.topbar .ws-name');
  }

  navLink(name: NavName): Locator {
    return this.nav.getByRole('link', { name, exact: true });
  }

  /** Opens a screen from the navigation, through "More" when the top bar has no room for its link. */
  async open(name: NavName): Promise<void> {
    if (await this.navLink(name).isVisible()) {
      await this.navLink(name).click();
      return;
    }
    await this.more.click();
    await this.page.getByRole('menuitem', { name, exact: true }).click();
  }

  /** The names of the navigation items the top bar shows, and of those in "More" (opened and closed again). */
  async navigation(): Promise<{ shown: string[]; more: string[] }> {
    const shown = (await this.nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
    if (!(await this.more.isVisible())) return { shown, more: [] };
    await this.more.click();
    const more = (await this.page.getByRole('menu', { name: 'More pages' }).getByRole('menuitem').allInnerTexts()).map(
      (t) => t.trim(),
    );
    await this.page.keyboard.press('Escape');
    return { shown, more };
  }

  async signOut(): Promise<void> {
    await this.page.getByRole('button', { name: /^Account:/ }).click();
    await this.page.getByRole('menuitem', { name: 'Sign out' }).click();
  }

  /**
   * Every part of the top bar a user sees — menu button, logo, workspace, each navigation item and
   * "More", whatever sits at its end (search, who is online, the location pill, the live dot), the
   * account button — with its box and the
   * line count of its texts. Hidden parts (a phone's desktop navigation, the measuring copy) are left out.
   */
  parts(): Promise<TopBarPart[]> {
    return this.page.evaluate(() => {
      const selector = [
        '.mobile-nav > button',
        '.topbar-logo',
        '.ws-trigger',
        '.topbar-nav > .topbar-link',
        '.topbar-nav .topbar-more',
        // Everything at the end (search, who is online, the location pill, the live dot…), and the account button.
        '.topbar-end > :not(.menu-root)',
        '.user-trigger',
      ].join(',');
      const visible = (el: Element) => {
        const style = getComputedStyle(el);
        const rect = el.getBoundingClientRect();
        return style.visibility !== 'hidden' && style.display !== 'none' && rect.width > 0 && rect.height > 0;
      };
      const header = document.querySelector('header.topbar');
      if (!header) return [];
      return [...header.querySelectorAll<HTMLElement>(selector)]
        .filter((el) => !el.closest('.topbar-nav-measure') && visible(el))
        .map((el) => {
          const rect = el.getBoundingClientRect();
          const lines: number[] = [];
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const parent = node.parentElement;
            // Text for screen readers only sits in a 1 px clipped box: not something that can wrap on screen.
            if (!node.textContent?.trim() || !parent || !visible(parent) || parent.getBoundingClientRect().width <= 1) {
              continue;
            }
            const range = document.createRange();
            range.selectNodeContents(node);
            // The lines its rects sit on (a text cut with an ellipsis has two rects on one line).
            const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (tops.size > 0) lines.push(tops.size);
          }
          const name =
            el.getAttribute('aria-label') ?? el.textContent?.replace(/\s+/g, ' ').trim() ?? el.className.toString();
          return {
            name: `${el.className.toString().split(' ')[0]} "${name}"`,
            box: { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom },
            lines,
          };
        });
    });
  }
}

/** Pairs of parts whose boxes overlap by more than half a pixel (none, in a top bar that holds). */
export function overlapping(parts: TopBarPart[]): string[] {
  const found: string[] = [];
  for (const [i, a] of parts.entries()) {
    for (const b of parts.slice(i + 1)) {
      const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (x > 0.5 && y > 0.5) found.push(`${a.name} × ${b.name}`);
    }
  }
  return found;
}
