import { z } from 'zod';
import { shippedLocales } from '../i18n/locales.js';
import { limits } from '../limits.js';

/** A required, trimmed text whose messages name the field ("Name is required"). */
export function requiredText(label: string, max: number, min = 1) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, { error: min === 1 ? `${label} is required` : `${label} must be at least ${min} characters` })
    .max(max, { error: `${label} must be at most ${max} characters` });
}

// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators: none belongs on one line.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const controls = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * `text` on one line: each run of control characters (line breaks and tabs too) becomes one space, so
 * a name never starts a line of its own in an email's text or a header (docs/PRODUCT.md, "Online booking").
 */
export function toOneLine(text: string): string {
  return text.replace(controls, ' ');
}

/**
 * A trimmed one-line text — names, titles, addresses — with control characters made spaces before it
 * is trimmed and measured; messages name the field. `min` 0: may be empty.
 */
export function oneLineText(label: string, max: number, min = 1) {
  const text = z
    .string({ error: min === 0 ? `${label} must be text` : `${label} is required` })
    .overwrite(toOneLine)
    .trim();
  const bounded =
    min === 0
      ? text
      : text.min(min, { error: min === 1 ? `${label} is required` : `${label} must be at least ${min} characters` });
  return bounded.max(max, { error: `${label} must be at most ${max} characters` });
}

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Email is required' })
  .max(limits.emailMax, { error: `Email must be at most ${limits.emailMax} characters` })
  .pipe(z.email({ error: 'Email must be a valid email address' }));

export const passwordField = z
  .string({ error: 'Password is required' })
  .min(limits.passwordMin, { error: `Password must be at least ${limits.passwordMin} characters` })
  .max(limits.passwordMax, { error: `Password must be at most ${limits.passwordMax} characters` });

export const colourField = z
  .string({ error: 'Colour is required' })
  .regex(/^#[0-9A-Fa-f]{6}$/, { error: 'Colour must be a hex colour like #0072B2' });

export const latField = (label = 'Latitude') =>
  z
    .number({ error: `${label} must be a number` })
    .min(-90, { error: `${label} must be between -90 and 90` })
    .max(90, { error: `${label} must be between -90 and 90` });

export const lngField = (label = 'Longitude') =>
  z
    .number({ error: `${label} must be a number` })
    .min(-180, { error: `${label} must be between -180 and 180` })
    .max(180, { error: `${label} must be between -180 and 180` });

/** True when `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** A shipped language (docs/adr/0042-languages.md). */
export const languageField = z.enum(shippedLocales, {
  error: `Language must be one of ${shippedLocales.join(', ')}`,
});

export const timeZoneField = z
  .string({ error: 'Time zone is required' })
  .refine(isTimeZone, { error: 'Time zone must be an IANA zone such as Europe/Berlin' });

export const idField = z.string().uuid();
