import { type NotificationTemplate, toOneLine } from '@fieldplan/shared';

/** What a template's placeholders stand for, already formatted (times in the workspace's zone). */
export interface RenderValues {
  customer: string;
  window: string;
  technician: string;
  company: string;
  companyPhone: string;
  trackingLink: string;
  reportLink: string;
}

const links = new Set(['trackingLink', 'reportLink']);
const placeholder = /\{([A-Za-z]+)\}/g;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Line breaks and other controls out of a header value: customer data never starts a header of its own. */
export function oneLine(text: string): string {
  return toOneLine(text).trim();
}

/**
 * Every value on one line, whatever was stored before input was made one-line: a name with a line
 * break never starts a line of its own ("Bcc: …") in the text part, the HTML or the SMS.
 */
function oneLineValues(values: RenderValues): RenderValues {
  const out = { ...values };
  for (const name of Object.keys(out) as (keyof RenderValues)[]) out[name] = oneLine(out[name]);
  return out;
}

function fill(
  text: string,
  values: RenderValues,
  piece: (literal: string) => string,
  value: (name: string, v: string) => string,
) {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(placeholder)) {
    const name = match[1] as keyof RenderValues;
    if (!(name in values)) continue;
    out += piece(text.slice(last, match.index)) + value(name, values[name]);
    last = (match.index ?? 0) + match[0].length;
  }
  return out + piece(text.slice(last));
}

/**
 * The body without its lines whose placeholders are all empty ("Call us at {companyPhone}." with no
 * phone set, "{reportLink}" in a kind without a report): better no line than a half sentence.
 */
function withoutEmptyLines(body: string, values: RenderValues): string {
  return body
    .split('\n')
    .filter((line) => {
      const names = [...line.matchAll(placeholder)].map((m) => m[1] as keyof RenderValues).filter((n) => n in values);
      return names.length === 0 || names.some((n) => values[n] !== '');
    })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}

/**
 * The email's subject (one line), plain text, and HTML with every value escaped and the links as links;
 * the HTML says its language, so a mail client reads it aloud and hyphenates it as that language.
 */
export function renderEmail(template: NotificationTemplate, given: RenderValues, language = 'en') {
  const values = oneLineValues(given);
  const same = (s: string) => s;
  const subject = oneLine(fill(template.subject, values, same, (_n, v) => v));
  const body = withoutEmptyLines(template.body, values);
  const text = fill(body, values, same, (_n, v) => v);
  const html = fill(body, values, escapeHtml, (name, v) =>
    links.has(name) && /^https?:\/\//.test(v) ? `<a href="${escapeHtml(v)}">${escapeHtml(v)}</a>` : escapeHtml(v),
  )
    .split('\n')
    .join('<br>\n');
  const page = `<!doctype html>\n<html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>\n<body style="font-family: sans-serif; line-height: 1.5">\n<p>${html}</p>\n</body></html>\n`;
  return { subject, text, html: page };
}

/** The SMS text: plain, on as few lines as the template has. */
export function renderSms(template: NotificationTemplate, values: RenderValues): string {
  return fill(
    template.sms,
    oneLineValues(values),
    (s) => s,
    (_n, v) => v,
  );
}
