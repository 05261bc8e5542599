import type { Locale } from '@fieldplan/shared';

/**
 * What the demo seed writes as text, per language (FIELDPLAN_DEMO_LOCALE, docs/CONFIGURATION.md).
 * The lists of both languages have the same lengths, so the seeded random picks the same schedule
 * in either; only the words differ.
 */
export interface DemoText {
  workspaceName: string;
  /** The names of the owner, the dispatcher and the viewer (the technicians' names are the same in every language). */
  officeNames: { owner: string; dispatcher: string; viewer: string };
  titles: readonly string[];
  descriptions: readonly string[];
  weeklySeries: string;
  fortnightlySeries: string;
  emergency: string;
  training: string;
  unscheduled: readonly string[];
  customerNotes: readonly string[];
  /** "Contact person" businesses are named after (a bakery, a practice …). */
  businesses: readonly string[];
  areas: { west: string; southEast: string; east: string };
}

const english: DemoText = {
  workspaceName: 'Demo Plumbing',
  officeNames: { owner: 'Olivia Owner', dispatcher: 'Dana Dispatch', viewer: 'Victor Viewer' },
  titles: [
    'Leaking tap repair',
    'Boiler service',
    'Drain unblocking',
    'Radiator bleeding',
    'Water heater installation',
    'Pipe inspection',
    'Toilet cistern repair',
    'Shower valve replacement',
    'Gas safety check',
    'Heating pump replacement',
    'Bathroom sink installation',
    'Thermostat fitting',
    'Pressure loss diagnosis',
    'Dishwasher connection',
    'Outdoor tap install',
  ],
  descriptions: [
    '',
    '',
    'Customer reports the problem started last week.',
    'Bring spare seals.',
    'Second visit: parts arrived.',
  ],
  weeklySeries: 'Weekly maintenance: heating system',
  fortnightlySeries: 'Fortnightly legionella flush',
  emergency: 'Emergency: burst pipe',
  training: 'Training: heat pump installation',
  unscheduled: [
    'Quote: bathroom renovation',
    'Replace kitchen mixer tap',
    'Check water pressure',
    'Descale boiler',
    'Fit new radiator valves',
    'Inspect roof gutter drain',
    'Noisy pipes at night',
  ],
  customerNotes: [
    'Ring twice, the bell is weak.',
    'Key at the neighbour (2nd floor left).',
    'Dog in the garden: call before entering.',
    'Parking in the courtyard is allowed.',
    'Prefers morning appointments.',
    'Invoice to the property management, not the tenant.',
  ],
  businesses: [
    'Bäckerei',
    'Café',
    'Hausverwaltung',
    'Zahnarztpraxis',
    'Kita',
    'Friseursalon',
    'Restaurant',
    'Physiotherapie',
    'Hotel',
    'Apotheke',
    'Kanzlei',
    'Fitnessstudio',
  ],
  areas: { west: 'Berlin West', southEast: 'Köpenick & Treptow', east: 'Berlin Ost' },
};

const german: DemoText = {
  workspaceName: 'Demo Sanitär & Heizung',
  officeNames: { owner: 'Olivia Obermann', dispatcher: 'Dana Dietrich', viewer: 'Viktor Vogel' },
  titles: [
    'Tropfenden Wasserhahn reparieren',
    'Thermenwartung',
    'Abfluss reinigen',
    'Heizkörper entlüften',
    'Warmwasserspeicher installieren',
    'Rohrleitungen prüfen',
    'WC-Spülkasten reparieren',
    'Duscharmatur austauschen',
    'Gasleitungsprüfung',
    'Heizungspumpe tauschen',
    'Waschtisch montieren',
    'Thermostat montieren',
    'Druckverlust suchen',
    'Geschirrspüler anschließen',
    'Außenwasserhahn montieren',
  ],
  descriptions: [
    '',
    '',
    'Laut Kunde besteht das Problem seit letzter Woche.',
    'Ersatzdichtungen mitnehmen.',
    'Zweiter Einsatz: Ersatzteile sind da.',
  ],
  weeklySeries: 'Heizungswartung (wöchentlich)',
  fortnightlySeries: 'Legionellenspülung (14-täglich)',
  emergency: 'Notdienst: Rohrbruch',
  training: 'Schulung: Wärmepumpen-Montage',
  unscheduled: [
    'Angebot: Badsanierung',
    'Küchenarmatur austauschen',
    'Wasserdruck prüfen',
    'Therme entkalken',
    'Neue Heizkörperventile einbauen',
    'Dachrinnenablauf prüfen',
    'Rohre klopfen nachts',
  ],
  customerNotes: [
    'Zweimal klingeln, die Klingel ist leise.',
    'Schlüssel beim Nachbarn (2. OG links).',
    'Hund im Garten: vor dem Betreten anrufen.',
    'Parken im Hof ist erlaubt.',
    'Termine am liebsten vormittags.',
    'Rechnung an die Hausverwaltung, nicht an den Mieter.',
  ],
  businesses: english.businesses,
  areas: english.areas,
};

export const demoTexts: Record<Locale, DemoText> = { en: english, de: german };
