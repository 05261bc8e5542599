import { memberPalette } from '@fieldplan/shared';

/** Names for the palette, so a screen reader says "Orange", not "#E69F00". */
const paletteNames = [
  'Blue',
  'Orange',
  'Green',
  'Pink',
  'Sky blue',
  'Vermilion',
  'Purple',
  'Ochre',
  'Teal',
  'Rose',
  'Navy',
  'Sienna',
] as const;

export function colourName(hex: string): string {
  const index = memberPalette.findIndex((c) => c.toLowerCase() === hex.toLowerCase());
  return index >= 0 ? (paletteNames[index] ?? hex) : hex.toUpperCase();
}

function luminance(hex: string): number {
  const rgb = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = rgb.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white, whichever reads better on `hex` (WCAG contrast). */
export function textOn(hex: string): '#111418' | '#ffffff' {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return '#ffffff';
  const l = luminance(hex);
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / (0.0114 + 0.05);
  return onBlack > onWhite ? '#111418' : '#ffffff';
}
