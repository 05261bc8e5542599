/**
 * Personal data and credentials out of free text (docs/PRODUCT.md, "Error catalogue"): what an error report,
 * a breadcrumb or a log line may carry. Placeholders say what was there, never the value.
 */

/** `/invite/<t>`, `/invitations/<t>/accept`, `/ical/<t>.ics`, `/track/<t>`; a route pattern's `:token` stays. */
const pathToken = /(\/(?:invite|invitations|ical|track)\/)(?!:|\[redacted\])[^/?#\s"'<>]+/g;
const queryToken = /([?&](?:token|access_token|refresh_token|auth|key|signature|secret|password|code)=)[^&#\s"'<>]*/gi;
/** Plain and URL-encoded (`%40`) addresses. */
const email = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![\w-])/g;

const headerSecret =
  /\b(authorization|proxy-authorization|cookie|set-cookie|x-api-key)(["']?\s*[:=]\s*["']?)[^"'\n\r]+/gi;
const schemeCredential = /\b(Bearer|Basic|Digest|Token)\s+[A-Za-z0-9._~+/=-]{8,}/g;
const sessionCookie = /\b((?:__Host-)?fp_session)=[^;,\s"']*/g;
/** A Pusher-protocol channel auth string: `<key>:<hex HMAC-SHA256>`. */
const realtimeAuth = /(?<![\w.-])[\w.-]{1,64}:[0-9a-f]{64}(?![0-9a-f])/g;

/**
 * Phone candidates: international (+49 30 1234567), a bracketed area code ((030) 123-4567), a
 * national trunk prefix (030 1234567, 0171-1234567) or the North American 555-123-4567 shape.
 * Bare digit runs (ids, timestamps) and dotted numbers (versions, IPs) are left alone.
 */
const phone =
  /(?<![\w.+\-/])(?:\+\d{1,3}(?:[\s\-/]?\(?\d{1,5}\)?){1,6}|\(\d{2,5}\)\s?\d{2,}(?:[\s\-/]\d{2,})*|0\d{1,5}(?:\s?[-/]\s?|\s)\d{2,}(?:[\s\-/]\d{2,})*|\d{3}[\s.-]\d{3}[\s.-]\d{4})(?![\w]|[.\-/]\d)/g;
const dateLike = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/;

/** German-style `Karl-Marx-Allee 34`, `Hauptstr. 5a`, optionally `, 10178 Berlin`. */
const streetFirst =
  /(?<![\p{L}\p{N}])\p{Lu}[\p{L}-]*?(?:[Ss]tra(?:ß|ss)e|[Ss]tr\.|[Ww]eg|[Aa]llee|[Pp]latz|[Gg]asse|[Dd]amm|[Rr]ing|[Uu]fer|[Cc]haussee|[Ss]teig|[Pp]fad)\s+\d{1,4}\s?[a-zA-Z]?(?:[-/]\d{1,4}[a-zA-Z]?)?(?:,\s*\d{4,5}\s+\p{Lu}[\p{L}-]+)?(?![\p{L}\p{N}])/gu;
/**
 * Any street name, suffix or not, when a postcode and town follow the house number: `Unter den
 * Linden 77, 10117 Berlin`, `Alt-Moabit 96, 10559 Berlin`, `Rue de Rivoli 99, 75001 Paris`. Up to
 * four words from a capitalised one (a capitalised word before the street may go with it: safe).
 */
const withPostcode =
  /(?<![\p{L}\p{N}])\p{Lu}[\p{L}.'-]*(?:\s+[\p{L}.'-]+){0,3}\s+\d{1,4}\s?[a-zA-Z]?(?:[-/]\d{1,4}[a-zA-Z]?)?,\s*\d{4,5}\s+\p{Lu}[\p{L}-]+(?![\p{L}\p{N}])/gu;
/** English-style `221B Baker Street`, `10 Downing St`, `1600 Pennsylvania Avenue`. */
const numberFirst =
  /(?<![\p{L}\p{N}])\d{1,5}[A-Za-z]?\s+(?:\p{Lu}[\p{L}'-]*\.?\s+){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Dr|Boulevard|Blvd|Way|Court|Ct|Place|Pl|Terrace|Close|Crescent|Square|Sq|Parkway|Highway)\b\.?/gu;

/** Tokens in invite, iCal and tracking links and in token-like query parameters; email addresses. */
export function scrubUrl(url: string): string {
  return url.replace(pathToken, '$1[redacted]').replace(queryToken, '$1[redacted]').replace(email, '[email]');
}

/** Emails, phone numbers, street addresses, cookies, credentials and URL tokens in any text. */
export function scrubString(text: string): string {
  return scrubUrl(text)
    .replace(headerSecret, '$1$2[redacted]')
    .replace(schemeCredential, '$1 [redacted]')
    .replace(sessionCookie, '$1=[redacted]')
    .replace(realtimeAuth, '[redacted]')
    .replace(withPostcode, '[address]')
    .replace(streetFirst, '[address]')
    .replace(numberFirst, '[address]')
    .replace(phone, (match) => {
      const digits = match.replace(/\D/g, '').length;
      return digits >= 7 && digits <= 15 && !dateLike.test(match) ? '[phone]' : match;
    });
}
