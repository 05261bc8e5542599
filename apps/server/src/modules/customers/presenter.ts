import { type Customer, isLocale } from '@fieldplan/shared';
import type { Selectable } from 'kysely';
import type { CustomersTable } from '../../db/schema.js';
import { iso } from '../../lib/ids.js';
import { normalizeText } from '../../lib/text.js';

export type CustomerRow = Selectable<CustomersTable>;

/** `showContact` false leaves email and phone out (a technician who has no job there). */
export function presentCustomer(row: CustomerRow, showContact = true): Customer {
  return {
    id: row.id,
    name: row.name,
    ...(showContact && { email: row.email, phone: row.phone }),
    address: row.address,
    lat: Number(row.lat),
    lng: Number(row.lng),
    notes: row.notes,
    language: isLocale(row.language) ? row.language : null,
    version: Number(row.version),
    createdAt: iso(Number(row.created_at)),
    updatedAt: iso(Number(row.updated_at)),
  };
}

/** What search matches: name, address and phone, plus the phone's digits alone. */
export function searchTextOf(c: { name: string; address: string; phone: string | null }): string {
  const phone = c.phone ?? '';
  return [c.name, c.address, phone, phone.replace(/\D/g, '')].map(normalizeText).join('\n');
}

/** A customer's fields with the columns derived from them: its sort name and search text. */
export function withSearchColumns<F extends { name: string; address: string; phone: string | null }>(fields: F) {
  return { ...fields, sort_name: normalizeText(fields.name), search_text: searchTextOf(fields) };
}
