/** One item of a row that may not fit: its width (px) and how long it stays (lower = longer). */
export interface RowItem {
  width: number;
  priority: number;
}

/**
 * Which items of a row go into a "More" menu so the rest fit in `available` px: none when all fit
 * (with `gap` px between neighbours); otherwise the most important ones that fit beside the "More"
 * button (`moreWidth`) stay, in priority order (ties: earlier first) — the first that doesn't fit
 * and every less important one go. Returns their indices. A row not laid out yet (0 px) keeps all.
 */
export function overflowingItems(
  items: readonly RowItem[],
  available: number,
  moreWidth: number,
  gap: number,
): number[] {
  const all = items.reduce((sum, item) => sum + item.width, 0) + gap * Math.max(0, items.length - 1);
  if (available <= 0 || all <= available) return [];
  const byPriority = items
    .map((item, index) => ({ ...item, index }))
    .sort((a, b) => a.priority - b.priority || a.index - b.index);
  let used = moreWidth;
  let kept = 0;
  for (const item of byPriority) {
    if (used + gap + item.width > available) break;
    used += gap + item.width;
    kept += 1;
  }
  return byPriority
    .slice(kept)
    .map((item) => item.index)
    .sort((a, b) => a - b);
}
