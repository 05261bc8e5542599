import type { LiveLocation } from '@fieldplan/shared';
import type { Selectable } from 'kysely';
import type { LocationPingsTable } from '../../db/schema.js';
import { iso } from '../../lib/ids.js';
import { numberOrNull } from '../../lib/numbers.js';

export type LocationRow = Selectable<LocationPingsTable>;

export function presentLocation(row: LocationRow): LiveLocation {
  return {
    memberId: row.member_id,
    lat: Number(row.lat),
    lng: Number(row.lng),
    accuracyM: Number(row.accuracy_m),
    heading: numberOrNull(row.heading),
    at: iso(Number(row.at)),
  };
}
