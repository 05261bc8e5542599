import type { ImportKind } from '@fieldplan/shared';
import { normalizeText } from '../../lib/text.js';

/**
 * Header names recognised per field, normalised (lower case, accents and punctuation dropped): the
 * usual client and job exports of field-service tools and spreadsheets, in English and German
 * (docs/PRODUCT.md, "Import" lists them).
 */
const addressHeaders = {
  address: ['address', 'fulladdress', 'completeaddress', 'anschrift', 'vollstandigeadresse'],
  street1: [
    'street',
    'street1',
    'streetaddress',
    'address1',
    'addressline1',
    'streetline1',
    'strasse',
    'strassehausnummer',
    'strasseundhausnummer',
    'strassenr',
    'adresse',
  ],
  street2: ['street2', 'address2', 'addressline2', 'streetline2', 'unit', 'suite', 'apt', 'adresszusatz', 'zusatz'],
  zip: ['zip', 'zipcode', 'postalcode', 'postcode', 'zippostalcode', 'postleitzahl', 'plz'],
  city: ['city', 'town', 'locality', 'ort', 'stadt', 'wohnort', 'gemeinde'],
  state: ['state', 'province', 'region', 'stateprovince', 'county', 'bundesland'],
  country: ['country', 'countrycode', 'land', 'staat'],
  lat: ['lat', 'latitude', 'breitengrad', 'breite'],
  lng: ['lng', 'lon', 'long', 'longitude', 'langengrad', 'lange'],
};

const synonyms: Record<ImportKind, Record<string, readonly string[]>> = {
  customers: {
    name: [
      'name',
      'fullname',
      'displayname',
      'clientname',
      'customername',
      'customer',
      'client',
      'kunde',
      'kundenname',
    ],
    company: [
      'company',
      'companyname',
      'business',
      'businessname',
      'organisation',
      'organization',
      'firma',
      'firmenname',
      'unternehmen',
    ],
    firstName: ['firstname', 'first', 'givenname', 'vorname'],
    lastName: ['lastname', 'last', 'surname', 'familyname', 'nachname', 'familienname'],
    email: ['email', 'emails', 'emailaddress', 'mail', 'primaryemail', 'email1', 'emailadresse'],
    phone: [
      'phone',
      'phones',
      'phonenumber',
      'mainphone',
      'mainphones',
      'mobile',
      'mobilephone',
      'mobilephones',
      'mobilenumber',
      'cell',
      'cellphone',
      'telephone',
      'tel',
      'homephone',
      'workphone',
      'primaryphone',
      'telefon',
      'telefonnummer',
      'handy',
      'mobil',
      'mobilnummer',
    ],
    ...addressHeaders,
    notes: [
      'notes',
      'note',
      'comments',
      'comment',
      'customernotes',
      'clientnotes',
      'bemerkung',
      'bemerkungen',
      'notiz',
      'notizen',
      'anmerkungen',
      'kommentar',
    ],
    language: ['language', 'lang', 'locale', 'preferredlanguage', 'sprache', 'kundensprache', 'korrespondenzsprache'],
    sourceId: [
      'id',
      'clientid',
      'customerid',
      'clientnumber',
      'customernumber',
      'externalid',
      'kundennummer',
      'kundennr',
    ],
  },
  jobs: {
    title: [
      'title',
      'jobtitle',
      'job',
      'jobname',
      'service',
      'servicename',
      'titel',
      'betreff',
      'auftrag',
      'auftragsname',
      'leistung',
    ],
    customer: ['customer', 'client', 'customername', 'clientname', 'name', 'kunde', 'kundenname'],
    customerEmail: ['email', 'customeremail', 'clientemail', 'emailaddress', 'kundenemail', 'emailadresse'],
    ...addressHeaders,
    customerPhone: ['phone', 'clientphone', 'customerphone', 'phonenumber', 'mobile', 'telefon', 'kundentelefon'],
    start: [
      'start',
      'startdate',
      'startsat',
      'scheduledstart',
      'scheduledfor',
      'scheduleddate',
      'date',
      'jobdate',
      'startdatum',
      'datum',
      'termin',
    ],
    startTime: ['starttime', 'time', 'beginn', 'startzeit', 'uhrzeit', 'von', 'arrivaltime'],
    end: ['end', 'enddate', 'endsat', 'scheduledend', 'enddatum'],
    endTime: ['endtime', 'ende', 'endzeit', 'bis'],
    duration: ['duration', 'durationminutes', 'durationmin', 'minutes', 'dauer', 'dauerminuten', 'dauermin'],
    status: ['status', 'jobstatus', 'state', 'auftragsstatus', 'zustand'],
    assignee: [
      'assignee',
      'assignedto',
      'assigned',
      'technician',
      'employee',
      'employees',
      'assignedemployees',
      'assignedemployee',
      'team',
      'crew',
      'techniker',
      'mitarbeiter',
      'monteur',
      'zugewiesen',
    ],
    priority: ['priority', 'prio', 'prioritat', 'prioritaet'],
    notes: [
      'notes',
      'note',
      'instructions',
      'jobdescription',
      'description',
      'details',
      'bemerkung',
      'bemerkungen',
      'notiz',
      'notizen',
      'beschreibung',
    ],
    sourceId: ['id', 'jobid', 'jobnumber', 'jobnr', 'number', 'auftragsnummer', 'auftragsnr'],
  },
};

/** Prefixes exports put before address fields; a service address beats a billing one. */
const prefixes: [RegExp, number][] = [
  [/^(service|property|site|job|einsatz)/, 2],
  [/^(billing|mailing|rechnungs|post)/, 0],
  [/^(primary|main|haupt)/, 1],
];

/** A header as the table above writes it: "E-Mail-Adresse" → "emailadresse", "Straße" → "strasse". */
export function headerKey(header: string): string {
  return normalizeText(header)
    .replace(/#/g, '')
    .replace(/[^a-z0-9]/g, '');
}

/** The field a header names, with how strongly (a service address over a billing one), or null. */
function fieldOf(kind: ImportKind, header: string): { field: string; rank: number } | null {
  // "Job #" and "Client #" are numbers, not the job or the client (the key drops the #).
  const key = headerKey(header.replace(/#\s*$/, ' number'));
  const table = synonyms[kind];
  for (const [field, names] of Object.entries(table)) if (names.includes(key)) return { field, rank: 1 };
  for (const [prefix, rank] of prefixes) {
    const rest = key.replace(prefix, '');
    if (rest === key || rest === '') continue;
    for (const [field, names] of Object.entries(table)) if (names.includes(rest)) return { field, rank };
  }
  return null;
}

/** One field per column from the header, each field at most once (the best-ranked, then leftmost, column). */
export function suggestMapping(kind: ImportKind, headers: readonly string[]): (string | null)[] {
  const found = headers.map((h) => fieldOf(kind, h));
  const best = new Map<string, number>();
  found.forEach((f, i) => {
    if (!f) return;
    const current = best.get(f.field);
    if (current === undefined || f.rank > (found[current]?.rank ?? 0)) best.set(f.field, i);
  });
  return found.map((f, i) => (f && best.get(f.field) === i ? f.field : null));
}

/** The table of recognised headers (docs and tests). */
export const recognisedHeaders = synonyms;
