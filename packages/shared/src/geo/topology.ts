import type { Position, Ring } from './types.js';

// Planar checks on [lng, lat] rings. Service areas span a city or a region, where treating degrees
// as a plane changes no answer about whether two edges cross.

/** Twice the signed area of a ring (shoelace); positive when counter-clockwise. */
export function ringArea2(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x1, y1] = ring[i] as Position;
    const [x2, y2] = ring[i + 1] as Position;
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}

/** True when `[x, y]` lies inside the closed ring (even-odd rule; points on an edge may go either way). */
export function pointInRing(x: number, y: number, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as Position;
    const [xj, yj] = ring[j] as Position;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

interface Segment {
  ring: number;
  /** Index of the edge in its ring (edge i joins position i and i + 1). */
  index: number;
  ax: number;
  ay: number;
  bx: number;
  by: number;
  minX: number;
  maxX: number;
}

const cross = (ox: number, oy: number, ax: number, ay: number, bx: number, by: number) =>
  (ax - ox) * (by - oy) - (ay - oy) * (bx - ox);
const sign = (v: number) => (Math.abs(v) < 1e-15 ? 0 : v > 0 ? 1 : -1);
const within = (p: number, a: number, b: number) => Math.min(a, b) <= p && p <= Math.max(a, b);

/** True when the segments share at least one point (touching counts). */
function segmentsMeet(s: Segment, t: Segment): boolean {
  const d1 = sign(cross(t.ax, t.ay, t.bx, t.by, s.ax, s.ay));
  const d2 = sign(cross(t.ax, t.ay, t.bx, t.by, s.bx, s.by));
  const d3 = sign(cross(s.ax, s.ay, s.bx, s.by, t.ax, t.ay));
  const d4 = sign(cross(s.ax, s.ay, s.bx, s.by, t.bx, t.by));
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  const on = (px: number, py: number, q: Segment) => within(px, q.ax, q.bx) && within(py, q.ay, q.by);
  return (
    (d1 === 0 && on(s.ax, s.ay, t)) ||
    (d2 === 0 && on(s.bx, s.by, t)) ||
    (d3 === 0 && on(t.ax, t.ay, s)) ||
    (d4 === 0 && on(t.bx, t.by, s))
  );
}

/** Consecutive edges of one ring share a vertex; they are a problem only when they fold back (a spike). */
function adjacentFoldsBack(s: Segment, t: Segment): boolean {
  const c = cross(s.ax, s.ay, s.bx, s.by, t.bx, t.by) + cross(s.ax, s.ay, s.bx, s.by, t.ax, t.ay);
  if (sign(c) !== 0) return false;
  const dot = (s.bx - s.ax) * (t.bx - t.ax) + (s.by - s.ay) * (t.by - t.ay);
  return dot < 0;
}

/** Drops repeated consecutive positions (zero-length edges say nothing about crossing). */
function distinctRing(ring: Ring): Position[] {
  const out: Position[] = [];
  for (const p of ring) {
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

export interface Crossing {
  /** The rings whose edges meet (equal when a ring crosses itself). */
  rings: [number, number];
  at: Position;
}

/**
 * The first place where edges of a polygon's rings cross, touch or overlap — other than
 * consecutive edges of one ring meeting at their shared vertex — or null when there is none.
 * Sort-and-sweep on x: about n log n for the shapes people draw.
 */
export function firstCrossing(rings: readonly Ring[]): Crossing | null {
  const segments: Segment[] = [];
  const sizes: number[] = [];
  rings.forEach((raw, ring) => {
    const points = distinctRing(raw);
    sizes.push(points.length - 1);
    for (let index = 0; index + 1 < points.length; index++) {
      const [ax, ay] = points[index] as Position;
      const [bx, by] = points[index + 1] as Position;
      segments.push({ ring, index, ax, ay, bx, by, minX: Math.min(ax, bx), maxX: Math.max(ax, bx) });
    }
  });
  segments.sort((a, b) => a.minX - b.minX);
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i] as Segment;
    for (let j = i + 1; j < segments.length; j++) {
      const t = segments[j] as Segment;
      if (t.minX > s.maxX) break;
      if (Math.max(s.ay, s.by) < Math.min(t.ay, t.by) || Math.max(t.ay, t.by) < Math.min(s.ay, s.by)) continue;
      if (s.ring === t.ring) {
        const edges = sizes[s.ring] ?? 0;
        const gap = Math.abs(s.index - t.index);
        if (gap === 1 || gap === edges - 1) {
          if (edges > 2 && !adjacentFoldsBack(s, t)) continue;
          return { rings: [s.ring, t.ring], at: [s.bx, s.by] };
        }
      }
      if (segmentsMeet(s, t)) return { rings: [s.ring, t.ring], at: meetingPoint(s, t) };
    }
  }
  return null;
}

/** Where two meeting segments meet (one shared point, for the message). */
function meetingPoint(s: Segment, t: Segment): Position {
  const d = (s.bx - s.ax) * (t.by - t.ay) - (s.by - s.ay) * (t.bx - t.ax);
  if (Math.abs(d) < 1e-18) return [s.ax, s.ay];
  const u = ((t.ax - s.ax) * (t.by - t.ay) - (t.ay - s.ay) * (t.bx - t.ax)) / d;
  return [s.ax + u * (s.bx - s.ax), s.ay + u * (s.by - s.ay)];
}
