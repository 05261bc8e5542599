// The local Photon stand-in the server's geocoder tests use (GET /api?q=&limit=&lat=&lon=&lang= →
// a GeoJSON FeatureCollection like photon.komoot.io's): one stand-in for both suites, so the
// browser sees the same streets the API tests assert.
export { closedPort, type PhotonStandIn, startPhotonStandIn } from '../../apps/server/test/places-photon.js';
