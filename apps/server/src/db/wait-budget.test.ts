import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { isDatabaseUnavailable } from './errors.js';
import { WaitBudget, WaitBudgetSpent } from './wait-budget.js';

const after = <T>(ms: number, value: T) => sleep(ms).then(() => value);

describe('a request’s database wait budget', () => {
  it('cuts a wait where the budget ends, hands a late result back, and refuses the next wait without starting it', async () => {
    const budget = new WaitBudget(20);
    let handedBack: string | undefined;
    const cut = budget.wait(
      () => after(300, 'client'),
      (late) => {
        handedBack = late;
      },
    );
    await expect(cut).rejects.toBeInstanceOf(WaitBudgetSpent);
    await expect(cut.catch((e: unknown) => isDatabaseUnavailable(e))).resolves.toBe(true);
    await sleep(400);
    expect(handedBack).toBe('client');

    let started = false;
    const refused = budget.wait(async () => {
      started = true;
      return 'statement';
    });
    await expect(refused).rejects.toBeInstanceOf(WaitBudgetSpent);
    expect(started).toBe(false);
  });

  it('is spent when its timer runs out, though performance.now() reads a sliver less', async () => {
    let now = 1_000;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      const budget = new WaitBudget(20);
      const cut = budget.wait(() => after(200, 'client'));
      // The timer fires by the event loop's millisecond clock; performance.now() may say 19.6 ms then.
      now = 1_019.6;
      await expect(cut).rejects.toBeInstanceOf(WaitBudgetSpent);
      let started = false;
      const next = budget.wait(async () => {
        started = true;
        return 'statement';
      });
      await expect(next).rejects.toBeInstanceOf(WaitBudgetSpent);
      expect(started).toBe(false);
    } finally {
      clock.mockRestore();
    }
  });

  it('counts waits in progress together once, not once each', async () => {
    const budget = new WaitBudget(1_000);
    // 1.2 s if summed; 0.6 s of waiting on the clock.
    await expect(Promise.all([budget.wait(() => after(600, 1)), budget.wait(() => after(600, 2))])).resolves.toEqual([
      1, 2,
    ]);
    // What is left (about 0.4 s) is not enough for another 0.6 s.
    await expect(budget.wait(() => after(600, 3))).rejects.toBeInstanceOf(WaitBudgetSpent);
  });

  it('limits nothing once the request is answered', async () => {
    const budget = new WaitBudget(20);
    budget.close();
    await expect(budget.wait(() => after(100, 'later work'))).resolves.toBe('later work');
  });
});
