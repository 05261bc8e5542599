import { firstCrossing, pointInRing, ringArea2 } from './topology.js';
import { type AreaGeometry, geometryLimits, type Position, type Ring } from './types.js';

/** A problem with one part of a geometry; `path` is relative to the geometry (`coordinates.0.3.1`). */
export interface GeometryIssue {
  path: (string | number)[];
  message: string;
}

type Path = (string | number)[];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const fmt = (n: number) => n.toLocaleString('en');
const where = ([lng, lat]: Position) => `${lat.toFixed(5)}, ${lng.toFixed(5)}`;

class Issues {
  readonly list: GeometryIssue[] = [];
  add(path: Path, message: string) {
    if (this.list.length < geometryLimits.maxIssues) this.list.push({ path, message });
  }
  get full() {
    return this.list.length >= geometryLimits.maxIssues;
  }
}

function checkKeys(value: Record<string, unknown>, allowed: string[], path: Path, issues: Issues) {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) issues.add([...path, key], `Unknown field "${key}"`);
  }
}

function checkLatitude(v: unknown, path: Path, issues: Issues, label = 'Latitude') {
  if (!isNumber(v)) issues.add(path, `${label} must be a number`);
  else if (v < -90 || v > 90) issues.add(path, `${label} must be between -90 and 90`);
}

function checkLongitude(v: unknown, path: Path, issues: Issues, label = 'Longitude') {
  if (!isNumber(v)) issues.add(path, `${label} must be a number`);
  else if (v < -180 || v > 180) issues.add(path, `${label} must be between -180 and 180`);
}

/** Structure: every ring an array of `[longitude, latitude]` pairs in range. */
function checkRingShape(ring: unknown, path: Path, issues: Issues): ring is Ring {
  if (!Array.isArray(ring)) {
    issues.add(path, 'A ring must be a list of [longitude, latitude] positions');
    return false;
  }
  const before = issues.list.length;
  for (let i = 0; i < ring.length && !issues.full; i++) {
    const p: unknown = ring[i];
    if (!Array.isArray(p) || p.length !== 2) {
      issues.add([...path, i], 'A position must be [longitude, latitude]');
      continue;
    }
    checkLongitude(p[0], [...path, i, 0], issues);
    checkLatitude(p[1], [...path, i, 1], issues);
  }
  return issues.list.length === before;
}

/** Rules of one polygon (its rings already well-formed): closed, ≥ 4 positions, no crossing, holes inside. */
function checkPolygonRings(rings: Ring[], path: Path, issues: Issues) {
  if (rings.length === 0) return issues.add(path, 'A polygon needs an outer ring');
  let ok = true;
  rings.forEach((ring, r) => {
    const first = ring[0];
    const last = ring[ring.length - 1];
    if (ring.length < 4) {
      ok = false;
      issues.add(
        [...path, r],
        `A ring needs at least 4 positions (3 corners and the first again to close it); this one has ${ring.length}`,
      );
    } else if (!first || !last || first[0] !== last[0] || first[1] !== last[1]) {
      ok = false;
      issues.add([...path, r], 'The ring is not closed: its last position must equal its first');
    }
  });
  if (!ok) return;
  const crossing = firstCrossing(rings);
  if (crossing) {
    const [a, b] = crossing.rings;
    const message =
      a === b
        ? `The ring crosses itself near ${where(crossing.at)}`
        : `Rings ${Math.min(a, b)} and ${Math.max(a, b)} cross or touch near ${where(crossing.at)}`;
    return issues.add([...path, Math.max(a, b)], message);
  }
  // Checked after crossings: a bow-tie's two halves cancel out to no area too.
  const flat = rings.findIndex((ring) => Math.abs(ringArea2(ring)) < 1e-14);
  if (flat >= 0) return issues.add([...path, flat], 'The ring has no area: its corners lie on one line');
  const outer = rings[0] as Ring;
  rings.slice(1).forEach((hole, i) => {
    const [x, y] = hole[0] as Position;
    if (!pointInRing(x, y, outer)) issues.add([...path, i + 1], 'A hole must lie inside the outer ring');
  });
}

function countVertices(coordinates: unknown[], depth: 1 | 2): number {
  let n = 0;
  for (const item of coordinates) {
    if (!Array.isArray(item)) continue;
    if (depth === 2) n += countVertices(item, 1);
    else n += Math.max(0, item.length - 1);
  }
  return n;
}

function checkPolygonLike(value: Record<string, unknown>, issues: Issues) {
  checkKeys(value, ['type', 'coordinates'], [], issues);
  const multi = value.type === 'MultiPolygon';
  const coordinates = value.coordinates;
  const noun = multi ? 'A multipolygon' : 'A polygon';
  if (!Array.isArray(coordinates) || coordinates.length === 0) {
    return issues.add(['coordinates'], multi ? `${noun} needs at least one polygon` : `${noun} needs an outer ring`);
  }
  const vertices = countVertices(coordinates, multi ? 2 : 1);
  if (vertices > geometryLimits.maxVertices) {
    return issues.add(
      ['coordinates'],
      `${noun} can have at most ${fmt(geometryLimits.maxVertices)} vertices (this one has ${fmt(vertices)})`,
    );
  }
  const polygons: [Path, unknown][] = multi
    ? coordinates.map((p, i) => [['coordinates', i], p])
    : [[['coordinates'], coordinates]];
  for (const [path, polygon] of polygons) {
    if (!Array.isArray(polygon) || polygon.length === 0) {
      issues.add(path, 'A polygon must be a list of rings, the outer ring first');
      continue;
    }
    const shaped = polygon.map((ring, r) => checkRingShape(ring, [...path, r], issues));
    if (shaped.every(Boolean)) checkPolygonRings(polygon as Ring[], path, issues);
  }
}

function checkCircle(value: Record<string, unknown>, issues: Issues) {
  checkKeys(value, ['type', 'center', 'radiusM'], [], issues);
  const center = value.center;
  if (!isObject(center)) issues.add(['center'], 'Centre must be {lat, lng}');
  else {
    checkKeys(center, ['lat', 'lng'], ['center'], issues);
    checkLatitude(center.lat, ['center', 'lat'], issues, 'Centre latitude');
    checkLongitude(center.lng, ['center', 'lng'], issues, 'Centre longitude');
  }
  const { minRadiusM, maxRadiusM } = geometryLimits;
  if (!isNumber(value.radiusM)) issues.add(['radiusM'], 'Radius must be a number of metres');
  else if (value.radiusM < minRadiusM || value.radiusM > maxRadiusM) {
    issues.add(['radiusM'], `Radius must be between ${minRadiusM} m and ${maxRadiusM / 1000} km`);
  }
}

/**
 * Every problem with a service area's shape (docs/PRODUCT.md, "Entities and fields" and "Validation rules"), at most `geometryLimits.maxIssues`:
 * a GeoJSON Polygon or MultiPolygon (rings closed, ≥ 4 positions, not crossing themselves or each
 * other, holes inside, ≤ 5,000 vertices, coordinates in range) or a Circle (centre, 50 m – 200 km).
 */
export function geometryIssues(value: unknown): GeometryIssue[] {
  const issues = new Issues();
  if (!isObject(value)) {
    issues.add([], 'Geometry must be a Polygon, MultiPolygon or Circle object');
  } else if (value.type === 'Polygon' || value.type === 'MultiPolygon') {
    checkPolygonLike(value, issues);
  } else if (value.type === 'Circle') {
    checkCircle(value, issues);
  } else {
    issues.add(['type'], 'Geometry type must be Polygon, MultiPolygon or Circle');
  }
  return issues.list;
}

export function isValidGeometry(value: unknown): value is AreaGeometry {
  return geometryIssues(value).length === 0;
}

/** Vertices of a polygon (closing positions not counted); 0 for a circle. */
export function vertexCount(geometry: AreaGeometry): number {
  if (geometry.type === 'Circle') return 0;
  return countVertices(geometry.coordinates, geometry.type === 'MultiPolygon' ? 2 : 1);
}
