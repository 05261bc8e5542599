import { describe, expect, it } from 'vitest';
import { dayMs } from './dates.js';
import { rruleWallRule } from './expand.js';
import { fastRule } from './fast-rule.js';
import { formatRule, parseRule, type RecurrenceRule, weekdayCodes } from './rule.js';

/** Deterministic pseudo-random numbers (LCG). */
function lcg(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return Math.floor((state / 2 ** 31) * n);
  };
}

function randomRule(random: (n: number) => number): string {
  const weekly = random(3) > 0;
  const parts = [`FREQ=${weekly ? 'WEEKLY' : 'DAILY'}`];
  if (random(2)) parts.push(`INTERVAL=${1 + random(4)}`);
  if (weekly && random(4) > 0) {
    const days = weekdayCodes.filter(() => random(3) === 0);
    if (days.length > 0) parts.push(`BYDAY=${days.join(',')}`);
  }
  if (weekly && random(3) === 0) parts.push(`WKST=${weekdayCodes[random(7)]}`);
  parts.push(random(2) ? `COUNT=${1 + random(60)}` : `UNTIL=2026${String(3 + random(9)).padStart(2, '0')}15T120000`);
  return parts.join(';');
}

const ruleOf = (value: string): RecurrenceRule => {
  const result = parseRule(value);
  if (!result.ok) throw new Error(`${value}: ${result.message}`);
  return result.rule;
};

describe('the arithmetic path agrees with rrule', () => {
  it('on 2,000 random daily and weekly rules, for ranges and whole series', () => {
    const random = lcg(2026);
    for (let i = 0; i < 2000; i++) {
      const text = randomRule(random);
      const rule = ruleOf(text);
      const wallStart = Date.UTC(2026, random(3), 1 + random(28), 6 + random(12), random(4) * 15);
      const until = rule.until ? rule.until.ms : null;
      const fast = fastRule(rule, wallStart, until);
      expect(fast, text).not.toBeNull();
      const reference = rruleWallRule(rule, wallStart, until);
      const from = wallStart + (random(200) - 20) * dayMs + random(24) * 3_600_000;
      const to = from + random(60) * dayMs;
      const label = `${formatRule(rule)} from ${new Date(wallStart).toISOString()}`;
      expect(fast?.between(from, to), `${label} in ${new Date(from).toISOString()}…`).toEqual(
        reference.between(from, to),
      );
      expect(fast?.all(500), label).toEqual(reference.all(500));
    }
  });

  it('leaves monthly, yearly and ordinal rules to rrule', () => {
    for (const text of [
      'FREQ=MONTHLY;COUNT=3',
      'FREQ=YEARLY;COUNT=3',
      'FREQ=DAILY;BYDAY=MO;COUNT=3',
      'FREQ=WEEKLY;BYMONTH=3;COUNT=3',
    ]) {
      expect(fastRule(ruleOf(text), 0, null)).toBeNull();
    }
  });
});
