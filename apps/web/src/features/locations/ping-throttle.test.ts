import { describe, expect, it } from 'vitest';
import { formatAge } from './format-age';
import { type Clock, PingThrottle } from './ping-throttle';

/** A hand-driven clock: `advance` runs the timers that come due. */
function fakeClock() {
  let now = 0;
  let timers: Array<{ at: number; fn: () => void }> = [];
  const clock: Clock = {
    now: () => now,
    set: (fn, ms) => {
      const timer = { at: now + ms, fn };
      timers.push(timer);
      return timer;
    },
    clear: (handle) => {
      timers = timers.filter((t) => t !== handle);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const due of timers.filter((t) => t.at <= now)) {
      timers = timers.filter((t) => t !== due);
      due.fn();
    }
  };
  return { clock, advance };
}

describe('PingThrottle (one location per 5 s)', () => {
  it('sends the first at once, then at most one per interval, always the freshest', () => {
    const { clock, advance } = fakeClock();
    const sent: string[] = [];
    const throttle = new PingThrottle<string>(5000, (v) => sent.push(v), clock);
    throttle.offer('a');
    throttle.offer('b');
    advance(1000);
    throttle.offer('c');
    expect(sent).toEqual(['a']);
    advance(4000);
    expect(sent).toEqual(['a', 'c']);
    advance(10_000);
    expect(sent).toEqual(['a', 'c']);
    throttle.offer('d');
    expect(sent).toEqual(['a', 'c', 'd']);
  });

  it('waits as long as the server says after a 429 and sends the refused fix again, and nothing once stopped', () => {
    const { clock, advance } = fakeClock();
    const sent: string[] = [];
    const throttle = new PingThrottle<string>(5000, (v) => sent.push(v), clock);
    throttle.offer('a');
    throttle.holdFor(8000);
    throttle.offer('b');
    advance(7000);
    expect(sent).toEqual(['a']);
    advance(1000);
    expect(sent).toEqual(['a', 'b']);
    // 'b' was refused (429, retry in 2 s): it goes again then, unless something newer came.
    advance(10_000);
    throttle.retry('b', 2000);
    advance(1999);
    expect(sent).toEqual(['a', 'b']);
    advance(1);
    expect(sent).toEqual(['a', 'b', 'b']);
    throttle.offer('x');
    throttle.retry('stale', 2000);
    advance(10_000);
    expect(sent).toEqual(['a', 'b', 'b', 'x']);
    throttle.offer('c');
    throttle.stop();
    advance(60_000);
    expect(sent).toEqual(['a', 'b', 'b', 'x']);
  });
});

describe('formatAge', () => {
  it('reads at a glance', () => {
    expect(formatAge(2_000)).toBe('now');
    expect(formatAge(42_000)).toBe('42 s ago');
    expect(formatAge(3 * 60_000 + 5_000)).toBe('3 min ago');
    expect(formatAge(2 * 3_600_000)).toBe('2 h ago');
  });
});
