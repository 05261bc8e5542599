import type { Page } from 'playwright-core';

// What a longer language breaks (docs/TRANSLATING.md): a label, button, tab or heading whose text is cut
// off, controls of one bar drawn over each other, a word broken in the middle. Measured in the page, on
// what is visible; user data (a job's title on a calendar block, a customer's name in a list) may be
// cut with an ellipsis by design, and is left out by `userData`.

export interface LayoutProblem {
  kind: 'clipped' | 'overflowing' | 'overlap' | 'broken-word';
  /** Where: the element's tag, classes and text, enough to find it. */
  where: string;
  detail: string;
}

/** Selectors of elements that show user data, cut with an ellipsis by design (with the whole text a hover or a tap away). */
export const userData = [
  // Jobs on the calendar and the map, and in the queue: their titles and customers.
  '.fc-event',
  '.leaflet-container',
  '.queue-title',
  // A queue card's second line: the customer, the site or the time asked for, cut to the card's width.
  '.queue-meta',
  '.map-job-title',
  '.opt-visit-title',
  // Technicians' names on the timeline's rows (the "unassigned" row's label is a message).
  '.res-label:not(.res-unassigned) .res-name',
  // Names the business gave: its workspace, its areas.
  '.ws-name',
  '.ws-option-name',
  '.area-name',
  '.fm-legend-name',
];

/** Everything wrong with the layout of the page (or of `scope`, a selector), for an assertion. */
export function layoutProblems(page: Page, scope = 'body', skip: string[] = userData): Promise<LayoutProblem[]> {
  return page.evaluate(
    ({ scope, skip }) => {
      const problems: LayoutProblem[] = [];
      const root = document.querySelector(scope) ?? document.body;
      const controlSelector =
        'button, [role="button"], [role="tab"], [role="menuitem"], [role="option"], label, legend, summary, th, h1, h2, h3, h4, h5, h6, a[href], select';
      const skipped = skip.join(',');

      const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
      const where = (el: Element) => {
        const classes = [...el.classList].slice(0, 3).join('.');
        return `${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${text(el).slice(0, 60)}"`;
      };
      /** Drawn and readable: not display:none or visibility:hidden, not a screen-reader-only 1 px box. */
      const shown = (el: Element): boolean => {
        if (!(el instanceof HTMLElement || el instanceof SVGElement)) return false;
        if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
        for (let at: Element | null = el; at && at !== document.body; at = at.parentElement) {
          const box = at.getBoundingClientRect();
          if (box.width <= 1 || box.height <= 1) return false;
          // Moved far off the page for screen readers only (FullCalendar's list headings).
          if (box.right < -500 || box.bottom < -500) return false;
          const style = getComputedStyle(at);
          if (style.clip !== 'auto' && style.clip !== '' && style.position === 'absolute') return false;
          if (at.getAttribute('aria-hidden') === 'true' && style.visibility === 'hidden') return false;
        }
        return true;
      };
      const isSkipped = (el: Element) => skipped !== '' && el.closest(skipped) !== null;

      const controls = [...root.querySelectorAll(controlSelector)].filter((el) => shown(el) && !isSkipped(el));
      const seen = new Set<Element>();

      // 1. Text cut off: an element that holds text hides what overflows it (overflow hidden or clip, or an
      // ellipsis); a scrolling one (auto, scroll) lets it be reached.
      const holders = [...root.querySelectorAll('*')].filter(
        (el) =>
          el instanceof HTMLElement &&
          !(el instanceof HTMLSelectElement) &&
          !['SCRIPT', 'STYLE', 'OPTION', 'TEXTAREA'].includes(el.tagName) &&
          [...el.childNodes].some((n) => n.nodeType === 3 && /\p{L}/u.test(n.textContent ?? '')),
      );
      for (const el of holders) {
        if (!(el instanceof HTMLElement) || isSkipped(el) || !shown(el)) continue;
        const style = getComputedStyle(el);
        const scrolls = (o: string) => o === 'auto' || o === 'scroll';
        const hidesX =
          (style.overflowX !== 'visible' && !scrolls(style.overflowX)) || style.textOverflow === 'ellipsis';
        const hidesY = style.overflowY === 'hidden' || style.overflowY === 'clip';
        if (hidesX && !scrolls(style.overflowX) && el.scrollWidth > el.clientWidth + 1) {
          seen.add(el);
          problems.push({ kind: 'clipped', where: where(el), detail: `${el.scrollWidth} > ${el.clientWidth} px wide` });
        } else if (hidesY && el.scrollHeight > el.clientHeight + 1) {
          seen.add(el);
          problems.push({
            kind: 'clipped',
            where: where(el),
            detail: `${el.scrollHeight} > ${el.clientHeight} px high`,
          });
        }
      }

      // 1b. A control, or a text, cut off by what holds it: a box that hides its overflow (not one that
      // scrolls, nor FullCalendar's scrollers, which hide theirs to scroll in step), or the window's edge.
      const viewport = document.documentElement.clientWidth;
      const clipOf = (el: Element) => {
        let edge: { left: number; right: number; what: string } | null = {
          left: 0,
          right: viewport,
          what: 'the window',
        };
        for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) {
          const style = getComputedStyle(at);
          if (['auto', 'scroll'].includes(style.overflowX) || at.classList.contains('fc-scroller')) return null;
          if (['hidden', 'clip'].includes(style.overflowX)) {
            const r = at.getBoundingClientRect();
            edge = { left: r.left, right: r.right, what: where(at) };
            break;
          }
        }
        return edge;
      };
      const textBox = (el: Element) => {
        let left = Number.POSITIVE_INFINITY;
        let right = Number.NEGATIVE_INFINITY;
        for (const node of el.childNodes) {
          if (node.nodeType !== 3 || !node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) {
            if (r.width === 0) continue;
            left = Math.min(left, r.left);
            right = Math.max(right, r.right);
          }
        }
        return left < right ? { left, right } : null;
      };
      for (const el of [...controls, ...holders]) {
        if (seen.has(el) || isSkipped(el) || !shown(el)) continue;
        const box = controls.includes(el) ? el.getBoundingClientRect() : textBox(el);
        const edge = box && clipOf(el);
        if (box && edge && (box.right > edge.right + 1 || box.left < edge.left - 1)) {
          seen.add(el);
          problems.push({
            kind: 'clipped',
            where: where(el),
            detail: `${Math.round(box.left)}–${Math.round(box.right)} cut by ${edge.what} (${Math.round(edge.left)}–${Math.round(edge.right)})`,
          });
        }
      }

      // 2. Text running out of its button (overflow visible): a line of its shown text leaves the button's
      // content box (into its padding, or beyond its border).
      for (const control of controls) {
        const buttonLike =
          control.matches('button, [role="button"], [role="tab"], a.btn') ||
          (control instanceof HTMLAnchorElement && getComputedStyle(control).display !== 'inline');
        if (!buttonLike || seen.has(control)) continue;
        // Its content box: text that runs into the padding already touches the border.
        const outer = control.getBoundingClientRect();
        const cs = getComputedStyle(control);
        const px = (v: string) => Number.parseFloat(v) || 0;
        const box = {
          left: outer.left + px(cs.borderLeftWidth) + px(cs.paddingLeft),
          right: outer.right - px(cs.borderRightWidth) - px(cs.paddingRight),
          bottom: outer.bottom,
        };
        const texts = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
        let out: DOMRect | null = null;
        for (let node = texts.nextNode(); node && !out; node = texts.nextNode()) {
          if (!node.textContent?.trim() || !node.parentElement || !shown(node.parentElement)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const line of range.getClientRects()) {
            if (line.width === 0) continue;
            if (line.right > box.right + 1 || line.left < box.left - 1 || line.bottom > box.bottom + 1) {
              out = line;
              break;
            }
          }
        }
        if (out) {
          seen.add(control);
          problems.push({
            kind: 'overflowing',
            where: where(control),
            detail: `text ${Math.round(out.left)}–${Math.round(out.right)} beyond ${Math.round(box.left)}–${Math.round(box.right)}`,
          });
        }
      }

      // 3. A select too narrow for the option it shows: the same select fitted to that option is wider.
      for (const select of controls) {
        if (!(select instanceof HTMLSelectElement)) continue;
        const chosen = select.selectedOptions[0];
        if (!chosen) continue;
        const copy = select.cloneNode(false) as HTMLSelectElement;
        copy.append(chosen.cloneNode(true));
        copy.removeAttribute('id');
        copy.removeAttribute('name');
        for (const [name, value] of [
          ['position', 'absolute'],
          ['visibility', 'hidden'],
          ['width', 'auto'],
          ['min-width', '0'],
          ['max-width', 'none'],
          ['flex', 'none'],
        ] as const) {
          copy.style.setProperty(name, value, 'important');
        }
        select.parentElement?.append(copy);
        const needed = copy.getBoundingClientRect().width;
        copy.remove();
        const has = select.getBoundingClientRect().width;
        if (needed > has + 1) {
          problems.push({
            kind: 'clipped',
            where: `select "${(chosen.textContent ?? '').trim()}"`,
            detail: `${Math.round(needed)} > ${Math.round(has)} px wide`,
          });
        }
      }

      // 4. Controls of one bar drawn over each other.
      const bars = [
        ...root.querySelectorAll(
          '[role="toolbar"], [role="tablist"], nav, header, form, [class*="toolbar"], [class*="actions"], [class*="-bar"]',
        ),
      ].filter((bar) => shown(bar) && !isSkipped(bar));
      const overlapSeen = new Set<string>();
      for (const bar of bars) {
        // Something taken out of the flow (a sticky save bar, a badge, a popover) lies over the rest by design.
        const inFlow = (el: Element) => {
          for (let at: Element | null = el; at && at !== bar; at = at.parentElement) {
            if (['fixed', 'absolute', 'sticky'].includes(getComputedStyle(at).position)) return false;
          }
          return true;
        };
        const items = [...bar.querySelectorAll('button, a, select, input, label, [role="tab"], h1, h2, h3')].filter(
          (el) =>
            shown(el) &&
            !isSkipped(el) &&
            inFlow(el) &&
            !(el instanceof HTMLInputElement && ['checkbox', 'radio', 'hidden'].includes(el.type)),
        );
        for (let i = 0; i < items.length; i += 1) {
          for (let j = i + 1; j < items.length; j += 1) {
            const a = items[i] as Element;
            const b = items[j] as Element;
            if (a.contains(b) || b.contains(a)) continue;
            // A label and the field it names (or holds) sit together by design.
            if (a instanceof HTMLLabelElement && (a.control === b || a.contains(b))) continue;
            if (b instanceof HTMLLabelElement && (b.control === a || b.contains(a))) continue;
            const p = a.getBoundingClientRect();
            const q = b.getBoundingClientRect();
            const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
            const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
            if (x > 1 && y > 1) {
              const key = `${where(a)}|${where(b)}`;
              if (overlapSeen.has(key)) continue;
              overlapSeen.add(key);
              problems.push({
                kind: 'overlap',
                where: `${where(a)} and ${where(b)}`,
                detail: `${Math.round(x)}×${Math.round(y)} px in common`,
              });
            }
          }
        }
      }

      // 5. A word broken in the middle: one word's letters on two lines, not after a hyphen or slash
      // and not hyphenated by the browser (which draws a hyphen).
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const value = node.textContent ?? '';
        if (!parent || !/\p{L}{2}/u.test(value) || isSkipped(parent) || !shown(parent)) continue;
        if (['SCRIPT', 'STYLE', 'OPTION', 'TEXTAREA'].includes(parent.tagName)) continue;
        const style = getComputedStyle(parent);
        if (style.hyphens === 'auto' || style.whiteSpace === 'nowrap' || style.whiteSpace === 'pre') continue;
        for (const match of value.matchAll(/\S{2,}/g)) {
          const start = match.index ?? 0;
          const range = document.createRange();
          range.setStart(node, start);
          range.setEnd(node, start + match[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          if (rects.length < 2) continue;
          const tops = new Set(rects.map((r) => Math.round(r.top)));
          if (tops.size < 2) continue;
          // Where the second line starts: a break after "-", "/" or a soft hyphen is allowed.
          let breakAt = -1;
          let firstTop: number | null = null;
          for (let k = 0; k < match[0].length; k += 1) {
            const one = document.createRange();
            one.setStart(node, start + k);
            one.setEnd(node, start + k + 1);
            // The last box: at a soft hyphen the next letter's range also holds the hyphen drawn before the break.
            const r = [...one.getClientRects()].filter((c) => c.width > 0).pop();
            if (!r) continue;
            if (firstTop === null) firstTop = r.top;
            else if (Math.abs(r.top - firstTop) > 2) {
              breakAt = k;
              break;
            }
          }
          const before = breakAt > 0 ? match[0][breakAt - 1] : '';
          if (breakAt > 0 && !/[-/\u00ad\u2010\u2013]/.test(before ?? '')) {
            problems.push({
              kind: 'broken-word',
              where: where(parent),
              detail: `"${match[0].slice(0, breakAt)}|${match[0].slice(breakAt)}"`,
            });
          }
        }
      }
      return problems;
    },
    { scope, skip },
  );
}
