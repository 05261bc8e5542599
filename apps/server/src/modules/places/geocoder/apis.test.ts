import { describe, expect, it } from 'vitest';
import { nominatimApi } from './nominatim.js';
import { photonApi } from './photon.js';

describe('the geocoder APIs', () => {
  const request = { q: 'Torstraße 50', limit: 10, near: { lat: 52.52, lng: 13.405 }, lang: 'de' };

  it("asks Photon's /api with the query, limit, focus point and language, under the base path", () => {
    const url = photonApi.url(new URL('https://geo.example.test/photon'), request);
    expect(url.href).toBe(
      'https://geo.example.test/photon/api?q=Torstra%C3%9Fe+50&limit=10&lat=52.52&lon=13.40&lang=de',
    );
  });

  it("asks Nominatim's /search for jsonv2 with address details and a preferred box around the centre", () => {
    const url = nominatimApi.url(new URL('http://10.0.0.5:8080/'), request);
    expect(url.pathname).toBe('/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'jsonv2',
      addressdetails: '1',
      q: 'Torstraße 50',
      limit: '10',
      viewbox: '12.40,53.52,14.40,51.52',
      'accept-language': 'de',
    });
  });

  it("reads Nominatim's answer: string coordinates, the address in parts, settlements by name", () => {
    const places = nominatimApi.parse([
      {
        place_id: 1,
        osm_type: 'node',
        osm_id: 2786524321,
        lat: '52.5295',
        lon: '13.4019',
        category: 'place',
        type: 'house',
        addresstype: 'place',
        name: '',
        display_name: '50, Torstraße, Mitte, Berlin, 10119, Deutschland',
        address: {
          house_number: '50',
          road: 'Torstraße',
          city: 'Berlin',
          postcode: '10119',
          country: 'Deutschland',
          country_code: 'de',
        },
      },
      {
        osm_type: 'relation',
        osm_id: 2136590,
        lat: '44.4687',
        lon: '-71.1853',
        addresstype: 'town',
        name: 'Berlin',
        address: { town: 'Berlin', state: 'New Hampshire', country: 'United States', country_code: 'us' },
      },
      { osm_type: 'way', osm_id: 1, lat: 'north', lon: '13' },
    ]);
    expect(places).toEqual([
      {
        id: 'osm:N2786524321',
        label: 'Torstraße 50, 10119 Berlin',
        secondary: 'Deutschland',
        lat: 52.5295,
        lng: 13.4019,
        kind: 'address',
        countryCode: 'DE',
      },
      {
        id: 'osm:R2136590',
        label: 'Berlin',
        secondary: 'New Hampshire, United States',
        lat: 44.4687,
        lng: -71.1853,
        kind: 'city',
        countryCode: 'US',
      },
    ]);
  });

  it('writes the house number first where that is the custom, and skips features it cannot read', () => {
    const places = photonApi.parse({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-0.1276, 51.5034] },
          properties: {
            osm_type: 'N',
            osm_id: 7,
            type: 'house',
            housenumber: '10',
            street: 'Downing Street',
            postcode: 'SW1A 2AA',
            city: 'London',
            countrycode: 'GB',
          },
        },
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [500, 0] },
          properties: { osm_type: 'N', osm_id: 8 },
        },
        { type: 'Feature', properties: {} },
      ],
    });
    expect(places).toEqual([
      expect.objectContaining({ label: '10 Downing Street, SW1A 2AA London', secondary: 'United Kingdom' }),
    ]);
    expect(() => photonApi.parse({ message: 'rate limited' })).toThrow();
  });
});
