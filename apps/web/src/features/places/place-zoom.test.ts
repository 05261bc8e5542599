import { describe, expect, it } from 'vitest';
import { cityZoom, streetZoom, zoomForGoogleTypes, zoomForSource } from './place-zoom';

describe('the zoom a chosen place is shown at', () => {
  it('shows a city from afar and a street, house or customer site up close', () => {
    expect(zoomForSource('city')).toBe(cityZoom);
    expect(zoomForSource('address')).toBe(streetZoom);
    expect(zoomForSource('customer')).toBe(streetZoom);
    expect(zoomForSource('google')).toBe(streetZoom);
    expect(cityZoom).toBeLessThan(streetZoom);
  });

  it("reads Google's place types: a town or region from afar, anything else up close", () => {
    expect(zoomForGoogleTypes(['locality', 'political'])).toBe(cityZoom);
    expect(zoomForGoogleTypes(['country', 'political'])).toBe(cityZoom);
    expect(zoomForGoogleTypes(['street_address'])).toBe(streetZoom);
    expect(zoomForGoogleTypes(['route'])).toBe(streetZoom);
    expect(zoomForGoogleTypes(undefined)).toBe(streetZoom);
  });
});
