import { fallbackLocale, isLocale, type Locale, negotiateLocale } from '@fieldplan/shared';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import german from './messages/de.js';

// What the server writes in a language (docs/adr/0042-languages.md): emails and their default
// templates, the pages it renders (unsubscribe, visit report). English is the code's own text
// (`defaultMessage`); another language's messages are in messages/<language>/*.json, checked by
// `npm run lint:i18n` like the web's.

const catalogs: Record<Locale, Record<string, string>> = { en: {}, de: german };
const cache = createIntlCache();
const intls = new Map<string, IntlShape>();
const reported = new Set<string>();

/** Told once per message a language lacks (the English text is used meanwhile). */
let onMissing: (id: string, language: string) => void = () => {};
export function reportMissingMessagesTo(report: (id: string, language: string) => void): void {
  onMissing = report;
}

/** The messages and formats of a language (a shipped one; anything else is English). */
export function intlFor(language: string | null | undefined): IntlShape {
  const locale: Locale = isLocale(language) ? language : fallbackLocale;
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl(
      {
        locale,
        defaultLocale: 'en',
        messages: catalogs[locale],
        onError: (error) => {
          if (error.code !== 'MISSING_TRANSLATION' || locale === 'en') return;
          const id = /"([^"]+)"/.exec(error.message)?.[1] ?? error.message;
          if (reported.has(`${locale}:${id}`)) return;
          reported.add(`${locale}:${id}`);
          onMissing(id, locale);
        },
      },
      cache,
    );
    intls.set(locale, intl);
  }
  return intl;
}

/** A message's text as written in the language's catalog, unformatted (a template with its own placeholders). */
export function rawMessage(language: string | null | undefined, descriptor: { id: string; defaultMessage: string }) {
  const locale = isLocale(language) ? language : fallbackLocale;
  return catalogs[locale][descriptor.id] ?? descriptor.defaultMessage;
}

/** The shipped language an `Accept-Language` header asks for (English when none). */
export const languageOfRequest = (header: string | undefined): Locale => negotiateLocale(header ?? null);

/** A table of messages (plain descriptors, so ones with and without arguments format alike). */
export function defineMessages<K extends string>(
  messages: Record<K, { id: string; defaultMessage: string }>,
): Record<K, { id: string; defaultMessage: string }> {
  return messages;
}
