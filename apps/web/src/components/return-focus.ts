import { focusableIn } from './focusable';

/** The side panel's root (Drawer); one panel replacing another keeps the first one's opener. */
const panelSelector = '.drawer';
/** Attributes that name what an element shows (a calendar event, a queue item), to find it again. */
const keys = ['data-event-id', 'data-job-id'] as const;

const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/**
 * How to find an element again after its screen re-rendered it (FullCalendar re-creates an event's
 * element; a list may rebuild its rows): the element itself while it is in the page, else the link
 * to the same address, else the focusable element around or inside the same keyed item.
 */
function finderOf(element: HTMLElement): () => HTMLElement | null {
  const href = element instanceof HTMLAnchorElement ? element.getAttribute('href') : null;
  let inside: [string, string] | null = null;
  let around: [string, string] | null = null;
  for (const key of keys) {
    const child = element.querySelector(`[${key}]`)?.getAttribute(key);
    const parent = element.closest(`[${key}]`)?.getAttribute(key);
    if (!inside && child) inside = [key, child];
    if (!around && parent) around = [key, parent];
  }
  return () => {
    if (element.isConnected) return element;
    if (href) {
      const link = document.querySelector<HTMLElement>(`a[href=${quoted(href)}]`);
      if (link) return link;
    }
    if (inside) {
      const mark = document.querySelector<HTMLElement>(`[${inside[0]}=${quoted(inside[1])}]`);
      const twin = mark?.parentElement?.closest<HTMLElement>('a[href], button, [tabindex]');
      if (twin) return twin;
    }
    if (around) {
      const item = document.querySelector<HTMLElement>(`[${around[0]}=${quoted(around[1])}]`);
      if (item) return focusableIn(item)[0] ?? null;
    }
    return null;
  };
}

let opener: (() => HTMLElement | null) | null = null;

/** When a side panel opens, before it takes focus: remembers what had focus (what opened it). */
export function rememberOpener(): void {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active.closest(panelSelector)) return;
  opener = active instanceof HTMLElement && active !== document.body ? finderOf(active) : null;
}

/**
 * After a side panel closed: if focus fell to the page body (its element is gone), back to what
 * opened the panel — or, when that is gone too, to the page's main region (the board). Focus that
 * went somewhere on purpose (another panel, a link followed) is left alone.
 */
export function returnFocus(): void {
  const active = document.activeElement;
  if (active && active !== document.body) return;
  const target = opener?.() ?? document.getElementById('main');
  target?.focus();
}
