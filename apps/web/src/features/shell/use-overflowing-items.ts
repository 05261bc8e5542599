import { type RefObject, useLayoutEffect, useState } from 'react';
import { overflowingItems } from './fit-items';

/**
 * Indices of a row's items that don't fit its container, kept up to date as the container resizes
 * (ResizeObserver: the window, or the top bar's other parts growing when people come online).
 * Widths come from `measure`: an invisible copy of the row whose children are every item, then the
 * "More" button, at their natural size. `priorities[i]` ranks item i (lower stays longer).
 */
/** Pixels the row keeps free beyond what its items measure. */
const spare = 4;

export function useOverflowingItems(
  container: RefObject<HTMLElement | null>,
  measure: RefObject<HTMLElement | null>,
  priorities: readonly number[],
): ReadonlySet<number> {
  const [hidden, setHidden] = useState<ReadonlySet<number>>(() => new Set());
  const key = priorities.join();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `priorities` (a fresh array each render).
  useLayoutEffect(() => {
    const box = container.current;
    const copy = measure.current;
    if (!box || !copy) return;
    const fit = () => {
      const widths = [...copy.children].map((child) => (child as HTMLElement).getBoundingClientRect().width);
      const moreWidth = widths.pop() ?? 0;
      const gap = Number.parseFloat(getComputedStyle(box).columnGap) || 0;
      const items = widths.map((width, i) => ({ width, priority: priorities[i] ?? i }));
      // A few pixels spare: the copy's fractional widths and the row's whole-pixel width round apart, and
      // "More" as a menu button may lay out a pixel or two wider than its copy (a German page at 1280 px
      // drew it 2 px into the search button).
      const next = overflowingItems(items, box.clientWidth - spare, moreWidth, gap);
      setHidden((current) =>
        current.size === next.length && next.every((i) => current.has(i)) ? current : new Set(next),
      );
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    observer.observe(copy);
    return () => observer.disconnect();
  }, [container, measure, key]);

  return hidden;
}
