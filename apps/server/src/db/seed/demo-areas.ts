import {
  type AreaGeometry,
  type CircleGeometry,
  containsPoint,
  dayMs,
  geometryIssues,
  haversineM,
  instantToWall,
  type Position,
  wallToInstant,
} from '@fieldplan/shared';
import type { Transaction } from 'kysely';
import { newId } from '../../lib/ids.js';
import { normalizeText } from '../../lib/text.js';
import { shapeColumns } from '../../modules/areas/index.js';
import type { Database } from '../schema.js';

export interface DemoAreasInput {
  workspaceId: string;
  zone: string;
  /** Technicians' member ids, in the order of the demo users (tech1 … tech6). */
  technicianIds: string[];
  now: number;
  /** The areas' names in the demo's language. */
  names: { west: string; southEast: string; east: string };
}

/** Where each demo technician starts the day: Wedding, Neukölln, Charlottenburg, Friedrichshain, Steglitz, Pankow. */
export const demoHomeBases = [
  { lat: 52.548, lng: 13.353 },
  { lat: 52.481, lng: 13.435 },
  { lat: 52.516, lng: 13.304 },
  { lat: 52.515, lng: 13.454 },
  { lat: 52.456, lng: 13.322 },
  { lat: 52.569, lng: 13.402 },
];

/**
 * The line "Berlin West" and "Berlin Ost" share (north to south), so their borders coincide. The
 * demo's customers lie in lat 52.35–52.65, lng 13.1–13.7 (demo-customers.ts); the areas cover that.
 */
const divide: Position[] = [
  [13.412, 52.682],
  [13.398, 52.63],
  [13.421, 52.575],
  [13.409, 52.528],
  [13.428, 52.47],
  [13.416, 52.41],
  [13.431, 52.36],
  [13.424, 52.318],
];

const west: Position[] = [
  ...divide,
  [13.33, 52.312],
  [13.2, 52.322],
  [13.11, 52.338],
  [13.072, 52.39],
  [13.064, 52.47],
  [13.07, 52.56],
  [13.09, 52.63],
  [13.16, 52.668],
  [13.27, 52.684],
  [13.412, 52.682],
];

/** A circle over Köpenick and Treptow (inside "Berlin Ost" too: areas may overlap). */
const kopenick: CircleGeometry = { type: 'Circle', center: { lat: 52.4455, lng: 13.575 }, radiusM: 6000 };

/**
 * "Berlin Ost", whose east edge bends west around `site` so that the site lies ≈ 280 m outside —
 * the demo's one job outside every service area (flagged on the map).
 */
export function eastRing(site: { lat: number; lng: number }): Position[] {
  const edge = 13.712;
  const inner = site.lng - 0.004;
  return [
    ...divide,
    [13.52, 52.316],
    [13.63, 52.33],
    [13.7, 52.36],
    [edge, 52.42],
    [edge, site.lat - 0.02],
    [inner, site.lat - 0.004],
    [inner, site.lat + 0.004],
    [edge, site.lat + 0.02],
    [edge, 52.62],
    [13.68, 52.664],
    [13.6, 52.678],
    [13.5, 52.684],
    [13.412, 52.682],
  ];
}

/**
 * The job the "Berlin Ost" bend leaves out: on the first working day from the seed date, the
 * easternmost visit clear of the Köpenick circle, so it is on the map's first screen. Null when
 * there is none (then the edge runs straight).
 */
async function jobJustOutside(trx: Transaction<Database>, input: DemoAreasInput) {
  const today = wallToInstant(input.zone, Math.floor(instantToWall(input.zone, input.now) / dayMs) * dayMs);
  const jobs = await trx
    .selectFrom('jobs')
    .select(['id', 'lat', 'lng', 'start_at'])
    .where('workspace_id', '=', input.workspaceId)
    .where('rrule', 'is', null)
    .where('all_day', '=', 0)
    .where('start_at', '>=', today)
    .where('lng', '>', 13.62)
    .where('lat', '>', 52.44)
    .where('lat', '<', 52.6)
    .orderBy('start_at')
    .execute();
  const clear = jobs.filter(
    (j) =>
      !containsPoint(kopenick, { lat: Number(j.lat), lng: Number(j.lng) }) &&
      haversineM(kopenick.center, { lat: Number(j.lat), lng: Number(j.lng) }) > kopenick.radiusM + 500,
  );
  const first = clear[0];
  if (!first) return null;
  const dayOf = (j: { start_at: number | null }) => Math.floor(instantToWall(input.zone, Number(j.start_at)) / dayMs);
  const east = clear
    .filter((j) => dayOf(j) === dayOf(first))
    .reduce((a, b) => (Number(b.lng) > Number(a.lng) ? b : a), first);
  return { id: east.id, lat: Number(east.lat), lng: Number(east.lng) };
}

/**
 * Three service areas around Berlin (a polygon, a circle, and a polygon with one job just outside)
 * and a home base for each technician. Returns the job left outside.
 */
export async function seedDemoAreas(trx: Transaction<Database>, input: DemoAreasInput) {
  for (const [i, memberId] of input.technicianIds.entries()) {
    const base = demoHomeBases[i % demoHomeBases.length];
    if (!base) continue;
    await trx
      .updateTable('memberships')
      .set({ home_lat: base.lat, home_lng: base.lng })
      .where('id', '=', memberId)
      .execute();
  }
  const outside = await jobJustOutside(trx, input);
  const east: Position[] = outside ? eastRing(outside) : eastRing({ lat: 52.5, lng: 13.716 });
  const areas: { name: string; colour: string; geometry: AreaGeometry }[] = [
    { name: input.names.west, colour: '#1B7F79', geometry: { type: 'Polygon', coordinates: [west] } },
    { name: input.names.southEast, colour: '#B8527A', geometry: kopenick },
    { name: input.names.east, colour: '#3D5A80', geometry: { type: 'Polygon', coordinates: [east] } },
  ];
  for (const [i, area] of areas.entries()) {
    const issues = geometryIssues(area.geometry);
    if (issues.length > 0) throw new Error(`demo area ${area.name}: ${issues[0]?.message}`);
    await trx
      .insertInto('service_areas')
      .values({
        id: newId(),
        workspace_id: input.workspaceId,
        name: area.name,
        sort_name: normalizeText(area.name),
        colour: area.colour,
        ...shapeColumns(area.geometry),
        version: 1,
        created_at: input.now + i,
        updated_at: input.now + i,
      })
      .execute();
  }
  return { areas: areas.length, jobOutside: outside?.id ?? null };
}
