// The languages Fieldplan ships and how a request's or a browser's wishes map onto them
// (docs/adr/0042-languages.md).

/** Every language with a complete catalog; the first is the fallback for a message or a wish not met. */
export const shippedLocales = ['en', 'de'] as const;
export type Locale = (typeof shippedLocales)[number];
export const fallbackLocale: Locale = 'en';

/** The development-only pseudo-locale: English accented and lengthened (pseudo.ts), never offered to users. */
export const pseudoLocale = 'en-XA';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (shippedLocales as readonly string[]).includes(value);
}

interface Wish {
  tag: string;
  q: number;
  order: number;
}

/** An `Accept-Language` header's ranges, best first (q, then the order given); `*` and q=0 are left out. */
function wishesOf(header: string): Wish[] {
  const wishes: Wish[] = [];
  header.split(',').forEach((part, order) => {
    const [range = '', ...params] = part.trim().split(';');
    const tag = range.trim().toLowerCase();
    if (!/^[a-z]{1,8}(-[a-z0-9]{1,8})*$/.test(tag)) return;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) return;
    wishes.push({ tag, q, order });
  });
  return wishes.sort((a, b) => b.q - a.q || a.order - b.order);
}

/**
 * The shipped language that best meets the wishes: an `Accept-Language` header ("de-AT,de;q=0.9,en;q=0.8")
 * or a browser's list (`navigator.languages`). A regional or scripted tag meets its language ("de-AT",
 * "de-Latn-CH" → de); a language not shipped is passed over for the next wish ("fr,de" → de); with none met,
 * English. Never throws, whatever the input.
 */
export function negotiateLocale(wishes: string | readonly string[] | null | undefined): Locale {
  const ranked =
    typeof wishes === 'string'
      ? wishesOf(wishes).map((w) => w.tag)
      : (wishes ?? []).filter((w): w is string => typeof w === 'string').map((w) => w.toLowerCase());
  for (const tag of ranked) {
    const language = tag.split('-')[0];
    if (isLocale(language)) return language;
  }
  return fallbackLocale;
}
