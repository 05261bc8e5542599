import { describe, expect, it } from 'vitest';
import { fitWithin, photoMaxSide } from './resize-core';

describe('fitWithin', () => {
  it('scales the longest side down to the limit, keeping the shape', () => {
    expect(fitWithin(4032, 3024, photoMaxSide)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3024, 4032, 320)).toEqual({ width: 240, height: 320 });
  });
  it('never enlarges a small photo', () => {
    expect(fitWithin(800, 600, photoMaxSide)).toEqual({ width: 800, height: 600 });
  });
});
