import type { Insertable } from 'kysely';
import { newId } from '../../lib/ids.js';
import type { Random } from '../../lib/seeded-random.js';
import { normalizeText } from '../../lib/text.js';
import { searchTextOf } from '../../modules/customers/index.js';
import type { CustomersTable } from '../schema.js';
import type { DemoText } from './demo-text.js';

const firstNames = (
  'Anna Lukas Marie Felix Sophie Jonas Lena Paul Hannah Leon Emma Maximilian Mia Elias Laura Tim Sarah ' +
  'Julian Clara Niklas Katharina Moritz Johanna Florian Greta Sebastian Ida Tobias Frieda Matthias ' +
  'Ursula Klaus Renate Dieter Helga Jürgen'
).split(' ');
const lastNames = (
  'Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch Richter Klein Wolf ' +
  'Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann Lange Schmitt Werner Krause Meier ' +
  'Lehmann Schmid Schulze Maier Köhler Herrmann König Walter Peters Möller Kaiser Fuchs Weiß Jung Hahn ' +
  'Vogel Friedrich Günther'
).split(' ');
const streets = (
  'Kastanienallee|Schönhauser Allee|Karl-Marx-Straße|Sonnenallee|Torstraße|Friedrichstraße|' +
  'Oranienstraße|Bergmannstraße|Prenzlauer Allee|Greifswalder Straße|Kantstraße|Kurfürstendamm|' +
  'Wilmersdorfer Straße|Schloßstraße|Hermannstraße|Boxhagener Straße|Frankfurter Allee|Danziger Straße|' +
  'Müllerstraße|Turmstraße|Invalidenstraße|Chausseestraße|Warschauer Straße|Pappelallee|Kollwitzstraße|' +
  'Graefestraße|Yorckstraße|Hauptstraße|Potsdamer Straße|Berliner Straße|Residenzstraße|Britzer Damm|' +
  'Alt-Moabit|Seestraße|Landsberger Allee|Mehringdamm'
).split('|');
const postcodes =
  '10115 10119 10178 10243 10245 10247 10405 10407 10435 10437 10551 10585 10627 10711 10777 10827 10965 10967 10999 12043 12045 12047 12049 12053 12099 12163 12203 12347 12435 12555 13086 13156 13347 13353 13407 13581 14050 14057 14163 14193'
    .split(' ')
    .map(Number);

/** ~150 plausible customers around Berlin (lat 52.35–52.65, lng 13.1–13.7), their notes in the demo's language. */
export function demoCustomers(workspaceId: string, random: Random, now: number, text: DemoText, count = 150) {
  const rows: Insertable<CustomersTable>[] = [];
  for (let i = 0; i < count; i++) {
    const person = `${random.pick(firstNames)} ${random.pick(lastNames)}`;
    const name = random.next() < 0.25 ? `${random.pick(text.businesses)} ${random.pick(lastNames)}` : person;
    const address = `${random.pick(streets)} ${random.int(1, 180)}, ${random.pick(postcodes)} Berlin`;
    const phone =
      random.next() < 0.85
        ? `+49 30 ${random.int(2000000, 9999999)}`
        : `+49 1${random.int(51, 79)} ${random.int(1000000, 9999999)}`;
    const email = random.next() < 0.6 ? `${normalizeText(person).replace(/[^a-z]+/g, '.')}@example.de` : null;
    rows.push({
      id: newId(),
      workspace_id: workspaceId,
      name,
      email,
      phone,
      address,
      lat: Math.round((52.35 + random.next() * 0.3) * 1e5) / 1e5,
      lng: Math.round((13.1 + random.next() * 0.6) * 1e5) / 1e5,
      notes: random.next() < 0.2 ? random.pick(text.customerNotes) : '',
      sort_name: normalizeText(name),
      search_text: searchTextOf({ name, address, phone }),
      version: 1,
      created_at: now - (count - i) * 60_000,
      updated_at: now - (count - i) * 60_000,
      deleted_at: null,
    });
  }
  return rows;
}
