import { describe, expect, it } from 'vitest';
import { suggestMapping } from '../src/modules/import/headers.js';
import { addressKey, phoneKey } from '../src/modules/import/match.js';

// The header table of docs/PRODUCT.md, "Import": the usual exports map without a hand on the selects.

describe('suggested mapping from a header', () => {
  it('reads a Housecall-Pro-like customer export', () => {
    const headers = [
      'First Name',
      'Last Name',
      'Company',
      'Email',
      'Mobile Number',
      'Home Number',
      'Street',
      'Street Line 2',
      'City',
      'State',
      'Zip',
      'Customer Notes',
    ];
    expect(suggestMapping('customers', headers)).toEqual([
      'firstName',
      'lastName',
      'company',
      'email',
      'phone',
      null,
      'street1',
      'street2',
      'city',
      'state',
      'zip',
      'notes',
    ]);
  });

  it('takes the service address over the billing one, whichever comes first', () => {
    const headers = ['Billing Street 1', 'Billing City', 'Service Street 1', 'Service City', 'Property Zip code'];
    expect(suggestMapping('customers', headers)).toEqual([null, null, 'street1', 'city', 'zip']);
  });

  it('reads German headers whatever their spelling', () => {
    const headers = [
      'Kundennr.',
      'Firma',
      'Vorname',
      'Nachname',
      'E-Mail-Adresse',
      'Telefon',
      'Strasse',
      'PLZ',
      'Ort',
      'Land',
      'Längengrad',
      'Breitengrad',
      'Bemerkungen',
      'Sonstiges',
    ];
    expect(suggestMapping('customers', headers)).toEqual([
      'sourceId',
      'company',
      'firstName',
      'lastName',
      'email',
      'phone',
      'street1',
      'zip',
      'city',
      'country',
      'lng',
      'lat',
      'notes',
      null,
    ]);
  });
});

describe('duplicate keys', () => {
  it('meets national and international forms of one phone number', () => {
    expect(phoneKey('+49 171 1234567')).toBe(phoneKey('0171/1234567'));
    expect(phoneKey('+49 171 1234567')).not.toBe(phoneKey('+49 171 1234568'));
  });

  it('meets "Str." and "Straße", case and punctuation', () => {
    expect(addressKey('Torstr. 50, 10119 Berlin')).toBe(addressKey('TORSTRASSE 50 10119 berlin'));
    expect(addressKey('Hauptstraße 1, Köln')).toBe(addressKey('Hauptstrasse 1, Koln'));
  });
});
