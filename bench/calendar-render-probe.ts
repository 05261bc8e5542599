// The page-side probe and profile of the calendar-render bench (calendar-render.bench.ts):
// what is measured in the page, and how a load's long tasks add up to Total Blocking Time.
import type { Page } from 'playwright-core';
/**
 * Runs in the page before anything else: long tasks, first contentful paint, the first frame that
 * paints the rows on screen with all their events, the frame after which the calendar's drawn rows
 * stop changing (every drawn row full — all rows for bare FullCalendar, the rows near the viewport
 * on our windowed board), the first that paints every event (never, on a windowed board), and when
 * the page has been quiet (no long task) for `quietMs` since. Plain JS text: tsx's transpiled
 * functions carry helpers (`__name`) that don't exist in the page.
 */
export function probe(expected: { total: number; byResource: Record<string, number> }, quietMs: number): string {
  return `(() => {
  const expected = ${JSON.stringify(expected)};
  const quietMs = ${quietMs};
  const state = { longTasks: [], fcp: 0, firstScreen: 0, ready: 0, allPainted: 0, visibleRows: 0, done: false, sig: '', active: 0 };
  window.__bench = state;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      state.longTasks.push([e.startTime, e.duration]);
      state.active = Math.max(state.active, e.startTime + e.duration);
    }
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') state.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  // Checked at the start of a frame: what is in the DOM then is painted by that frame.
  const painted = (set) => set(performance.now());
  const full = (l) => l.querySelectorAll('.fc-timeline-event').length >= (expected.byResource[l.dataset.resourceId] || 0);
  const tick = () => {
    const height = window.innerHeight;
    // Spacer rows stand for rows a windowed timeline doesn't render: not rows.
    const lanes = [...document.querySelectorAll('td.fc-timeline-lane[data-resource-id]:not(.fp-row-spacer)')];
    if (!state.firstScreen && !state.pendingFirst) {
      const onScreen = lanes.filter((l) => {
        const r = l.getBoundingClientRect();
        return r.bottom > 0 && r.top < height && r.height > 0;
      });
      const ready = onScreen.length > 0 && onScreen.every(full) && onScreen.some((l) => l.querySelector('.fc-timeline-event'));
      if (ready) {
        state.visibleRows = onScreen.length;
        state.pendingFirst = true;
        painted((t) => { state.firstScreen = t; });
      }
    }
    const events = document.querySelectorAll('.fc-timeline-event').length;
    if (!state.allPainted && events >= expected.total) painted((t) => { state.allPainted = t; });
    if (state.pendingFirst && lanes.length > 0 && lanes.every(full)) {
      const sig = lanes.map((l) => l.dataset.resourceId).join() + '|' + events;
      if (sig !== state.sig) {
        state.sig = sig;
        painted((t) => { state.ready = t; state.active = Math.max(state.active, t); });
      }
    }
    if (state.ready && performance.now() - state.active >= quietMs) {
      state.done = true;
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;
}

export interface Result {
  /** When the events' JSON had arrived (the feed for the app, events.json for the peer). */
  dataAt: number;
  firstScreen: number;
  /** First screenful after the data arrived. */
  screenAfterData: number;
  /** Drawn rows all full and no more coming. */
  ready: number;
  /** Every event in the DOM (0 when never: a windowed board). */
  allPainted: number;
  longest: number;
  longTotal: number;
  /** Total Blocking Time as Lighthouse defines it: Σ (task − 50 ms) from first contentful paint to quiet. */
  tbt: number;
  /**
   * The same sum from navigation on: bare FullCalendar paints nothing before its one long task, so
   * its TBT (from first contentful paint) leaves that task out.
   */
  blockingAll: number;
  rows: number;
  /** Scrolled to the bottom at once: until the last row's events are painted. */
  scrollToLast: number;
  /** The longest task in that scroll. */
  scrollLongest: number;
}

/** BENCH_PROFILE=1: the heaviest functions (self time) of one load, to see where a render goes. */
export async function profile(page: Page, url: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __bench: Probe }).__bench?.done, null, { timeout: 90_000 });
  const { profile: p } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: {
      nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
      samples: number[];
      timeDeltas: number[];
    };
  };
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
  });
  const byName = new Map<string, number>();
  for (const node of p.nodes) {
    const f = node.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    byName.set(key, (byName.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(url, '\n', top.map(([k, v]) => `${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`).join('\n '));
}

export interface Probe {
  longTasks: number[][];
  fcp: number;
  firstScreen: number;
  ready: number;
  allPainted: number;
  visibleRows: number;
  done: boolean;
}
export const probeOf = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Probe }).__bench);

/** Lighthouse's Total Blocking Time: each long task's time past 50 ms, counting only what follows `from`. */
export function blockingTime(tasks: number[][], from: number): number {
  let sum = 0;
  for (const [start = 0, duration = 0] of tasks) {
    const after = start + duration - Math.max(start, from);
    sum += Math.max(0, after - 50);
  }
  return sum;
}
