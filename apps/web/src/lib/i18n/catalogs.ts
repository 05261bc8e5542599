import { isLocale, type Locale, pseudoLocale } from '@fieldplan/shared/i18n';

/** A language's messages by id: ICU message text (docs/adr/0042-languages.md). */
export type Messages = Record<string, string>;

/** The languages a user may pick, with their own names (a name is never translated). */
export const languageNames: Record<Locale, string> = { en: 'English', de: 'Deutsch' };

// Each translated catalog (messages/<language>.ts, merging messages/<language>/*.json) is a chunk of its
// own, fetched only by a page that shows that language. English needs none: the build writes each
// message's English (messages/en.json) beside its id in the code (`englishMessages`, vite.config.ts).
const translated = import.meta.glob<Messages>('./messages/*.ts', { import: 'default' });

/**
 * The language a page shows: a shipped one, or the pseudo-locale — in any build, but only when the
 * address asks for it (`?lang=en-XA`, for screenshots and the layout checks); never offered in a
 * picker, never negotiated, never remembered (docs/adr/0042-languages.md).
 */
export type ShownLocale = Locale | typeof pseudoLocale;

export function isShownLocale(value: unknown): value is ShownLocale {
  return isLocale(value) || value === pseudoLocale;
}

/** The messages of `locale`: none for English (the code's own text), the catalog's for another. */
export async function messagesFor(locale: ShownLocale): Promise<Messages> {
  if (locale === 'en') return {};
  if (locale === pseudoLocale) {
    // English, accented and 40 % longer, from the English catalog (its own chunk, fetched only here).
    const [{ pseudoMessage }, english] = await Promise.all([
      import('@fieldplan/shared/i18n'),
      import('./messages/en.json').then((m) => m.default as Messages),
    ]);
    return Object.fromEntries(Object.entries(english).map(([id, text]) => [id, pseudoMessage(text)]));
  }
  const load = translated[`./messages/${locale}.ts`];
  return load ? load() : {};
}
