/** What double-booking detection needs of an event. */
export interface Booking {
  id: string;
  jobId: string;
  start: number;
  end: number;
  memberIds: readonly string[];
}

/**
 * Double bookings: for each technician, their bookings sorted by start and swept once, keeping
 * those still running; every pair that overlaps in time (and belongs to different jobs) is
 * recorded on both. Returns event id → ids of the events it overlaps.
 */
export function findOverlaps(bookings: readonly Booking[]): Map<string, Set<string>> {
  const byMember = new Map<string, Booking[]>();
  for (const b of bookings) {
    for (const member of b.memberIds) {
      const list = byMember.get(member);
      if (list) list.push(b);
      else byMember.set(member, [b]);
    }
  }
  const out = new Map<string, Set<string>>();
  const mark = (a: string, b: string) => {
    const set = out.get(a);
    if (set) set.add(b);
    else out.set(a, new Set([b]));
  };
  for (const list of byMember.values()) {
    list.sort((a, b) => a.start - b.start);
    let running: Booking[] = [];
    for (const b of list) {
      running = running.filter((r) => r.end > b.start);
      for (const r of running) {
        if (r.jobId !== b.jobId) {
          mark(r.id, b.id);
          mark(b.id, r.id);
        }
      }
      running.push(b);
    }
  }
  return out;
}
