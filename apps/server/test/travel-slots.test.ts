import { defaultTravelSettings, type LatLng, minuteMs, travelLeg, wallToInstant } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../src/lib/seeded-random.js';
import { modelProvider } from '../src/modules/travel/provider.js';
import { type Interval, type SlotProblem, type Stop, suggestSlots } from '../src/modules/travel/slots.js';

// The slot suggester against brute force on small instances (the acceptance check): every start on
// the 15-minute grid of every working day, at every place in each technician's order of stops.

const zone = 'Europe/Berlin';
const monday = Date.UTC(2030, 2, 4);
const grid = 15 * minuteMs;
const hours = { start: '08:00', end: '17:00', days: [1, 2, 3, 4, 5] };
const model = modelProvider(defaultTravelSettings);

function randomProblem(seed: number): SlotProblem {
  const { next: random } = seededRandom(seed);
  const place = (): LatLng => ({ lat: 52.45 + random() * 0.15, lng: 13.3 + random() * 0.2 });
  const dates = [monday, monday + 86_400_000];
  const technicians = ['a', 'b'].map((memberId) => {
    const stops: Stop[] = [];
    const busy: Interval[] = [];
    for (const date of dates) {
      const open = wallToInstant(zone, date + 8 * 60 * minuteMs);
      let t = open + Math.floor(random() * 8) * grid;
      for (let i = 0; i < 2 && t < open + 8 * 3_600_000; i++) {
        const length = (2 + Math.floor(random() * 8)) * grid;
        stops.push({
          jobId: `${memberId}${stops.length}`,
          start: t,
          end: t + length,
          point: random() < 0.9 ? place() : null,
        });
        t += length + Math.floor(random() * 12) * grid;
      }
      if (random() < 0.5) {
        const start = open + Math.floor(random() * 30) * grid;
        busy.push({ start, end: start + (1 + Math.floor(random() * 8)) * grid });
      }
    }
    return { memberId, home: random() < 0.8 ? place() : null, stops, busy };
  });
  return {
    zone,
    workingHours: hours,
    dates,
    site: place(),
    durationMs: (2 + Math.floor(random() * 6)) * grid,
    notBefore: 0,
    technicians,
  };
}

const legS = (a: LatLng | null, b: LatLng | null) => (a && b ? travelLeg(a, b).durationS : 0);

/** The best (least added drive, then earliest) by trying everything. */
function bruteForce(p: SlotProblem) {
  let best: { added: number; start: number; memberId: string } | null = null;
  for (const tech of p.technicians) {
    const stops = [...tech.stops].sort((a, b) => a.start - b.start);
    for (const date of p.dates) {
      const open = wallToInstant(zone, date + 8 * 60 * minuteMs);
      const close = wallToInstant(zone, date + 17 * 60 * minuteMs);
      const day = stops.filter(
        (s) => s.end > wallToInstant(zone, date) && s.start < wallToInstant(zone, date + 86_400_000),
      );
      for (let k = 0; k <= day.length; k++) {
        const before = day.slice(0, k);
        const prevPoint = [...before].reverse().find((s) => s.point)?.point ?? tech.home;
        const next = day[k];
        const into = legS(prevPoint, p.site);
        const out = legS(p.site, next?.point ?? null);
        const added = into + out - legS(prevPoint, next?.point ?? null);
        const free = Math.max(open, ...before.map((s) => s.end));
        for (let start = open; start + p.durationMs <= close; start += grid) {
          const end = start + p.durationMs;
          if (start < free + into * 1000) continue;
          if (next && end + out * 1000 > next.start) continue;
          if (tech.busy.some((b) => b.start < end + out * 1000 && b.end > start - into * 1000)) continue;
          const better =
            !best ||
            added < best.added ||
            (added === best.added && start < best.start) ||
            (added === best.added && start === best.start && tech.memberId < best.memberId);
          if (better) best = { added, start, memberId: tech.memberId };
        }
      }
    }
  }
  return best;
}

describe('slot suggester', () => {
  it('finds what brute force finds on 200 small instances, and every slot keeps clear of jobs and busy time', async () => {
    let compared = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const problem = randomProblem(seed);
      const { slots, source } = await suggestSlots(problem, model);
      expect(source).toBe('model');
      const best = bruteForce(problem);
      const first = slots[0];
      expect(
        first ? { added: first.addedS, start: first.start, memberId: first.memberId } : null,
        `seed ${seed}`,
      ).toEqual(best);
      if (best) compared++;
      for (const slot of slots) {
        const tech = problem.technicians.find((t) => t.memberId === slot.memberId);
        expect(slot.start % grid).toBe(0);
        for (const s of tech?.stops ?? [])
          expect(s.start >= slot.end || s.end <= slot.start, `seed ${seed}`).toBe(true);
        for (const b of tech?.busy ?? []) expect(b.start >= slot.end || b.end <= slot.start, `seed ${seed}`).toBe(true);
      }
    }
    console.log(`slot suggester: ${compared} of 200 instances had a slot; all matched brute force`);
    expect(compared).toBeGreaterThan(100);
  });

  it('suggests nothing before notBefore, nor on days off', async () => {
    const problem = { ...randomProblem(7), notBefore: monday + 86_400_000 * 2 };
    expect((await suggestSlots(problem, model)).slots).toEqual([]);
    const weekend = { ...randomProblem(7), dates: [Date.UTC(2030, 2, 9), Date.UTC(2030, 2, 10)] };
    expect((await suggestSlots(weekend, model)).slots).toEqual([]);
  });
});
