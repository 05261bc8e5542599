import { type CustomerCreate, customerCreateSchema, type RowProblem } from '@fieldplan/shared';
import { importedLanguage, unknownLanguageMessage } from './language.js';

/** A file row read through the mapping: the values as they will be saved, or the problems that refuse it. */
export interface CustomerDraft {
  row: number;
  /** Saved fields as text (what the preview shows). */
  values: Record<string, string>;
  problems: RowProblem[];
  /** Set when the row is valid; lat/lng are null when the file gives no position. */
  input: (Omit<CustomerCreate, 'lat' | 'lng'> & { lat: number | null; lng: number | null }) | null;
  /** The source tool's id, when a column carries one. */
  sourceId: string | null;
  /** What geocoding searches for, and the city and country alone (the built-in index's fallback). */
  place: { query: string; city: string; country: string };
}

/** Values by field name from the cells (the first column mapped to a field wins; extra cells ignored). */
export function mappedValues(cells: readonly string[], mapping: readonly (string | null)[]): Record<string, string> {
  const values: Record<string, string> = {};
  mapping.forEach((field, i) => {
    if (field && values[field] === undefined) values[field] = (cells[i] ?? '').trim();
  });
  return values;
}

/** The first of several values a cell may list ("a@x.de, b@y.de"). */
const firstOf = (value: string | undefined) => (value ?? '').split(/[,;\n]/)[0]?.trim() ?? '';

/** A decimal number in either notation ("52.52" or "52,52"); NaN when not one. */
export function decimal(value: string): number {
  const text = value.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

/** An address from its parts: street lines, then postcode and city, then state and country. */
export function composeAddress(v: Record<string, string>): string {
  if (v.address) return v.address.replace(/\s*\n\s*/g, ', ');
  const street = [v.street1, v.street2].filter(Boolean).join(' ');
  const town = [v.zip, v.city].filter(Boolean).join(' ');
  return [street, town, v.state, v.country].filter(Boolean).join(', ');
}

/** The customer a row describes, checked with the same schema as the customer form. */
export function customerDraft(
  row: number,
  cells: readonly string[],
  mapping: readonly (string | null)[],
): CustomerDraft {
  const v = mappedValues(cells, mapping);
  const problems: RowProblem[] = [];
  const person = [v.firstName, v.lastName].filter(Boolean).join(' ');
  const name = v.name || v.company || person;
  const notes = [v.notes, v.company && person && !v.name ? `Contact: ${person}` : ''].filter(Boolean).join('\n');
  // Phone numbers are written with / or . in German and US exports; the form takes spaces.
  const phone = firstOf(v.phone).replace(/[/.]/g, ' ').replace(/\s+/g, ' ');
  const address = composeAddress(v);
  let lat: number | null = null;
  let lng: number | null = null;
  if (v.lat || v.lng) {
    lat = decimal(v.lat ?? '');
    lng = decimal(v.lng ?? '');
    if (Number.isNaN(lat)) problems.push({ row, field: 'lat', message: `Latitude "${v.lat ?? ''}" is not a number` });
    if (Number.isNaN(lng)) problems.push({ row, field: 'lng', message: `Longitude "${v.lng ?? ''}" is not a number` });
  }
  // A language the row names becomes the customer's own; an empty cell leaves the workspace's.
  const language = importedLanguage(v.language ?? '');
  if (language === undefined)
    problems.push({ row, field: 'language', message: unknownLanguageMessage(v.language ?? '') });
  const candidate = {
    name,
    email: firstOf(v.email),
    phone,
    address,
    notes,
    lat: lat ?? 0,
    lng: lng ?? 0,
    ...(language && { language }),
  };
  const parsed = customerCreateSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'row');
      if (!problems.some((p) => p.field === field)) problems.push({ row, field, message: issue.message });
    }
  }
  const values = {
    name,
    email: candidate.email,
    phone,
    address,
    lat: lat === null ? '' : String(v.lat),
    lng: lng === null ? '' : String(v.lng),
    notes,
    language: language === undefined ? (v.language ?? '') : (language ?? ''),
  };
  const input =
    parsed.success && problems.length === 0
      ? { ...parsed.data, lat: lat === null ? null : parsed.data.lat, lng: lng === null ? null : parsed.data.lng }
      : null;
  return {
    row,
    values,
    problems,
    input,
    sourceId: v.sourceId ? v.sourceId : null,
    place: { query: address, city: v.city ?? '', country: v.country ?? '' },
  };
}
