import { describe, expect, it } from 'vitest';
import { areaCreateSchema, areaPatchSchema } from './areas.js';

const circle = { type: 'Circle', center: { lat: 52.52, lng: 13.4 }, radiusM: 5000 };
const issuePaths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((i) => i.path.join('.'));

describe('areaCreateSchema and areaPatchSchema', () => {
  it('accepts a valid area and keeps the geometry as sent', () => {
    const parsed = areaCreateSchema.parse({ name: ' Mitte ', colour: '#0072B2', geometry: circle });
    expect(parsed).toEqual({ name: 'Mitte', colour: '#0072B2', geometry: circle });
  });

  it('puts geometry problems under geometry', () => {
    const result = areaCreateSchema.safeParse({
      name: 'x',
      colour: '#0072B2',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [13, 52],
            [13.1, 52],
            [13, 52],
          ],
        ],
      },
    });
    expect(issuePaths(result)).toEqual(['geometry.coordinates.0']);
  });

  it('requires name, colour and geometry on create, none of them on patch', () => {
    expect(issuePaths(areaCreateSchema.safeParse({})).sort()).toEqual(['colour', 'geometry', 'name']);
    expect(areaPatchSchema.parse({})).toEqual({});
    expect(issuePaths(areaPatchSchema.safeParse({ geometry: { ...circle, radiusM: 10 } }))).toEqual([
      'geometry.radiusM',
    ]);
  });

  it('refuses a name over 80 characters, a colour that is not #RRGGBB and unknown fields', () => {
    const result = areaCreateSchema.safeParse({ name: 'x'.repeat(81), colour: 'red', geometry: circle, extra: 1 });
    expect(issuePaths(result).sort()).toEqual(['', 'colour', 'name']);
  });
});
