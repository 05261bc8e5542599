import { type Place, placeLimits } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { normalizeText } from '../../lib/text.js';
import { cityIndex, foldText } from './city-index.js';
import { customersMatching, isActiveMember } from './queries.js';

export interface PlacesSearch {
  userId: string;
  q: string;
  workspaceId?: string | undefined;
}

/** How many customers are looked at to rank a query (prefix matches first). */
const customerCandidates = 50;

/**
 * Places for an address field (docs/PRODUCT.md, "The API and realtime"), at most 10: the workspace's customers whose address
 * or name starts with what was typed, then world cities by name prefix and population, then other
 * customers containing it. Fewer than 2 characters find nothing. `workspaceId` adds customers only
 * when the caller is an active member of it; otherwise it is ignored (cities only).
 */
export async function searchPlaces(db: Kysely<Database>, { userId, q, workspaceId }: PlacesSearch): Promise<Place[]> {
  const text = q.trim();
  const [namePart = '', countryPart = ''] = text.split(',', 2);
  const folded = foldText(namePart);
  if (foldText(text).length < placeLimits.queryMin) return [];

  const customers: { prefix: Place[]; other: Place[] } = { prefix: [], other: [] };
  if (workspaceId && (await isActiveMember(db, userId, workspaceId))) {
    const wanted = normalizeText(text);
    for (const c of await customersMatching(db, workspaceId, text, customerCandidates)) {
      const place: Place = {
        id: `customer:${c.id}`,
        label: c.address,
        secondary: c.name,
        lat: Number(c.lat),
        lng: Number(c.lng),
        source: 'customer',
      };
      const prefix = normalizeText(c.address).startsWith(wanted) || normalizeText(c.name).startsWith(wanted);
      customers[prefix ? 'prefix' : 'other'].push(place);
    }
  }

  const cities: Place[] =
    folded.length < placeLimits.queryMin
      ? []
      : (await cityIndex()).search(folded, placeLimits.results, foldText(countryPart)).map((city) => ({
          id: `city:${city.id}`,
          label: city.name,
          secondary: city.countryName,
          lat: city.lat,
          lng: city.lng,
          source: 'city' as const,
        }));
  return [...customers.prefix, ...cities, ...customers.other].slice(0, placeLimits.results);
}
