import { describe, expect, it } from 'vitest';
import { slots } from './slots.js';

describe('slots', () => {
  it('runs at most `size` tasks at once, the rest in order as slots free up, failures included', async () => {
    const run = slots(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const task = (n: number, fail = false) =>
      run(async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(n);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        if (fail) throw new Error(`task ${n}`);
        return n;
      });
    const results = [task(1, true), task(2), task(3), task(4)].map((p) => p.catch((e: Error) => e.message));
    await Promise.resolve();
    expect(order).toEqual([1, 2]);
    while (releases.length > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(results)).toEqual(['task 1', 2, 3, 4]);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(most).toBe(2);
  });
});
