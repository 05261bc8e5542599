// Expanding 1,000 recurring series over one year in Europe/Berlin (target: ≤ 200 ms), and
// in the same run the naive peer: rrule's between() with tzid for the same rules. The naive path
// converts every candidate date with toLocaleString, so it runs on a sample and is scaled up.
import { clearZoneCache, instantToWall, occurrencesBetween, type SeriesTiming } from '@fieldplan/shared';
import { RRule } from '../packages/shared/src/recurrence/rrule-lib.js';
import { fmt, percentile } from './support.js';

const zone = 'Europe/Berlin';
const yearStart = Date.parse('2026-01-01T00:00:00+01:00');
const yearEnd = Date.parse('2027-01-01T00:00:00+01:00');

// A mix like a field-service workspace's: weekly visits dominate; some fortnightly, daily,
// monthly by day and "2nd Tuesday"; ends by COUNT or UNTIL.
const rules = [
  'FREQ=WEEKLY;COUNT=52',
  'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=104',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;UNTIL=20271231T230000Z',
  'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;COUNT=260',
  'FREQ=DAILY;INTERVAL=3;COUNT=120',
  'FREQ=MONTHLY;BYMONTHDAY=15;COUNT=24',
  'FREQ=MONTHLY;BYDAY=2TU;COUNT=12',
  'FREQ=WEEKLY;BYDAY=WE;UNTIL=20270630T220000Z',
  'FREQ=YEARLY;COUNT=5',
  'FREQ=WEEKLY;BYDAY=FR;COUNT=40',
];

/** First occurrences in January 2026 at 07:00–16:45 local, in sync with their rule. */
const series: SeriesTiming[] = Array.from({ length: 1000 }, (_, i) => {
  const rrule = rules[i % rules.length] ?? 'FREQ=WEEKLY;COUNT=52';
  const options = RRule.parseString(rrule);
  const wall = Date.UTC(2026, 0, 1 + (i % 28), 7 + (i % 10), (i % 4) * 15);
  const first = new RRule({ ...options, dtstart: new Date(wall) }).after(new Date(wall - 1), true);
  const firstWall = first?.getTime() ?? wall;
  const start = firstWall - (instantToWall(zone, firstWall) - firstWall);
  return { start, end: start + 3_600_000, allDay: false, rrule };
});

function ours(): { ms: number; occurrences: number } {
  const t0 = performance.now();
  let occurrences = 0;
  for (const s of series) occurrences += occurrencesBetween(s, zone, yearStart, yearEnd).length;
  return { ms: performance.now() - t0, occurrences };
}

clearZoneCache();
const cold = ours();
const warm = Array.from({ length: 10 }, () => ours());
const warmMs = warm.map((r) => r.ms);

// The naive peer: rrule with tzid, DTSTART as the local wall time (rrule's documented usage).
const sample = series.filter((_, i) => i % 20 === 0);
const naive = () => {
  const t0 = performance.now();
  let occurrences = 0;
  for (const s of sample) {
    const rule = new RRule({
      ...RRule.parseString(s.rrule),
      dtstart: new Date(instantToWall(zone, s.start)),
      tzid: zone,
    });
    occurrences += rule.between(new Date(yearStart), new Date(yearEnd), true).length;
  }
  return { ms: performance.now() - t0, occurrences };
};
naive();
const naiveRun = naive();
const sampleOurs = sample.reduce((n, s) => n + occurrencesBetween(s, zone, yearStart, yearEnd).length, 0);

console.log(
  `ours   1,000 series over a year: cold ${fmt(cold.ms)}, warm p50 ${fmt(percentile(warmMs, 50))} (min ${fmt(Math.min(...warmMs))}), ${cold.occurrences} occurrences`,
);
console.log(
  `naive  rrule between() with tzid: ${fmt(naiveRun.ms)} for ${sample.length} series (${naiveRun.occurrences} occurrences, ours ${sampleOurs}) → ≈ ${fmt((naiveRun.ms * series.length) / sample.length)} for 1,000, ${fmt(naiveRun.ms / sample.length)} per series`,
);
