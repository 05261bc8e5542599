import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A place the stand-in knows, as Google's Places API (New) would describe it. */
export interface StandInPlace {
  placeId: string;
  main: string;
  secondary: string;
  address: string;
  lat: number;
  lng: number;
}

export const standInPlaces: StandInPlace[] = [
  {
    placeId: 'stand-in-brandenburger-tor',
    main: 'Brandenburger Tor',
    secondary: 'Pariser Platz, Berlin, Germany',
    address: 'Pariser Platz, 10117 Berlin, Germany',
    lat: 52.516275,
    lng: 13.377704,
  },
  {
    placeId: 'stand-in-brandenburg-an-der-havel',
    main: 'Brandenburg an der Havel',
    secondary: 'Germany',
    address: 'Brandenburg an der Havel, Germany',
    lat: 52.408418,
    lng: 12.562492,
  },
];

/**
 * The part of the Maps JavaScript API the app uses (google.maps.places.AutocompleteSessionToken,
 * AutocompleteSuggestion.fetchAutocompleteSuggestions, PlacePrediction.toPlace, Place.fetchFields),
 * served as a script that calls back the function named by its `callback` parameter — like Google's.
 */
function script(places: StandInPlace[]): string {
  return `(function () {
  var places = ${JSON.stringify(places)};
  var src = new URL(document.currentScript.src);
  function LatLng(lat, lng) { this.lat = function () { return lat; }; this.lng = function () { return lng; }; }
  function Place(p) { this.id = p.placeId; this._p = p; }
  Place.prototype.fetchFields = function (request) {
    var fields = (request && request.fields) || [];
    if (fields.indexOf('formattedAddress') >= 0) this.formattedAddress = this._p.address;
    if (fields.indexOf('location') >= 0) this.location = new LatLng(this._p.lat, this._p.lng);
    return Promise.resolve({ place: this });
  };
  function prediction(p) {
    var text = p.main + ', ' + p.secondary;
    return { placeId: p.placeId, text: { text: text, toString: function () { return text; } },
      mainText: { text: p.main }, secondaryText: { text: p.secondary },
      toPlace: function () { return new Place(p); } };
  }
  window.google = { maps: { places: {
    AutocompleteSessionToken: function AutocompleteSessionToken() {},
    Place: Place,
    AutocompleteSuggestion: { fetchAutocompleteSuggestions: function (request) {
      var q = String(request.input || '').toLowerCase();
      var found = places.filter(function (p) { return (p.main + ' ' + p.secondary).toLowerCase().indexOf(q) >= 0; });
      return Promise.resolve({ suggestions: found.map(function (p) { return { placePrediction: prediction(p) }; }) });
    } }
  } } };
  var callback = src.searchParams.get('callback');
  if (callback && typeof window[callback] === 'function') window[callback]();
})();
`;
}

export interface StandIn {
  url: string;
  /** The query strings of every script request. */
  requests: URLSearchParams[];
  close: () => Promise<void>;
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startGoogleStandIn(places = standInPlaces): Promise<StandIn> {
  const requests: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname !== '/maps/api/js') {
      res.writeHead(404).end();
      return;
    }
    requests.push(url.searchParams);
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
    res.end(script(places));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
