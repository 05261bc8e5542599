import { type RefObject, useEffect } from 'react';

/**
 * The hover and focus card of a calendar event: everything its block has no room for, as lines
 * of text. An event's lines are stored with its DOM node when the node is built (event-dom.ts),
 * and one card per calendar shows them — built with textContent only, never HTML from user data.
 */
const linesOf = new WeakMap<Element, readonly string[]>();

export function setCardLines(node: Element, lines: readonly string[]): void {
  linesOf.set(node, lines);
}

let nextId = 0;

/** The event under `target` that has a card, with the element FullCalendar made focusable. */
function eventAt(target: EventTarget | null): { anchor: HTMLElement; lines: readonly string[] } | null {
  if (!(target instanceof Element)) return null;
  const anchor = target.closest<HTMLElement>('.fc-event');
  const node = anchor?.querySelector('.ev');
  const lines = node ? linesOf.get(node) : undefined;
  return anchor && lines ? { anchor, lines } : null;
}

function place(card: HTMLElement, anchor: HTMLElement): void {
  const box = anchor.getBoundingClientRect();
  const { innerWidth, innerHeight } = window;
  const width = card.offsetWidth;
  const height = card.offsetHeight;
  const below = box.bottom + 6 + height <= innerHeight;
  card.style.left = `${Math.max(8, Math.min(box.left, innerWidth - width - 8))}px`;
  card.style.top = `${below ? box.bottom + 6 : Math.max(8, box.top - 6 - height)}px`;
}

/** Shows the card of the event hovered or focused inside `root`; Escape, leaving or scrolling hide it. */
export function useEventCard(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const card = document.createElement('div');
    card.className = 'ev-card';
    card.id = `ev-card-${++nextId}`;
    card.setAttribute('role', 'tooltip');
    card.hidden = true;
    document.body.appendChild(card);
    let shownFor: HTMLElement | null = null;
    const hide = () => {
      card.hidden = true;
      shownFor?.removeAttribute('aria-describedby');
      shownFor = null;
    };
    const show = (target: EventTarget | null) => {
      const found = eventAt(target);
      if (!found) return hide();
      if (found.anchor === shownFor) return;
      hide();
      const [title, ...rest] = found.lines;
      const heading = document.createElement('strong');
      heading.className = 'ev-card-title';
      heading.textContent = title ?? '';
      card.replaceChildren(heading);
      for (const line of rest) {
        const row = document.createElement('span');
        row.textContent = line;
        card.appendChild(row);
      }
      card.hidden = false;
      place(card, found.anchor);
      found.anchor.setAttribute('aria-describedby', card.id);
      shownFor = found.anchor;
    };
    const over = (e: MouseEvent) => show(e.target);
    const out = (e: MouseEvent) => {
      if (!eventAt(e.relatedTarget)) hide();
    };
    const focusIn = (e: FocusEvent) => show(e.target);
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && shownFor) hide();
    };
    // One signal takes every listener off again.
    const listening = new AbortController();
    const { signal } = listening;
    el.addEventListener('mouseover', over, { signal });
    el.addEventListener('mouseout', out, { signal });
    el.addEventListener('focusin', focusIn, { signal });
    el.addEventListener('focusout', hide, { signal });
    el.addEventListener('pointerdown', hide, { signal });
    el.addEventListener('keydown', key, { signal });
    // A scroll moves the event away from its card.
    el.addEventListener('scroll', hide, { capture: true, signal });
    return () => {
      hide();
      card.remove();
      listening.abort();
    };
  }, [root]);
}
