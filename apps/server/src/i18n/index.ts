import { fallbackLocale, isLocale, type Locale, negotiateLocale } from '@fieldplan/shared';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import german from './messages/de.js';
import english from './messages/en.json' with { type: 'json' };

// What the server writes in a language (docs/adr/0042-languages.md): emails and their default
// templates, the pages it renders (unsubscribe, visit report). The code names message ids; each
// language's text is in its catalog — English in messages/en.json, another language in
// messages/<language>/*.json — checked by `npm run lint:i18n` like the web's.

const reported = new Set<string>();

/** Told once per message a language lacks (the English text is used meanwhile). */
let onMissing: (id: string, language: string) => void = () => {};
export function reportMissingMessagesTo(report: (id: string, language: string) => void): void {
  onMissing = report;
}

/**
 * A language's catalog that answers a message it lacks with the English text, telling `onMissing`
 * once — so a gap shows English, never a message id.
 */
export function withEnglishFallback(locale: Locale, own: Record<string, string>): Record<string, string> {
  const lookUp = (id: string): string | undefined => {
    if (Object.hasOwn(own, id)) return own[id];
    if (!Object.hasOwn(english, id)) return undefined;
    if (!reported.has(`${locale}:${id}`)) {
      reported.add(`${locale}:${id}`);
      onMissing(id, locale);
    }
    return (english as Record<string, string>)[id];
  };
  return new Proxy(own, {
    get: (_, id) => (typeof id === 'string' ? lookUp(id) : undefined),
    getOwnPropertyDescriptor: (_, id) => {
      const value = typeof id === 'string' ? lookUp(id) : undefined;
      return value === undefined ? undefined : { value, enumerable: true, configurable: true, writable: false };
    },
  });
}

const catalogs: Record<Locale, Record<string, string>> = { en: english, de: withEnglishFallback('de', german) };
const cache = createIntlCache();
const intls = new Map<string, IntlShape>();

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
        // A gap in a catalog is answered (and told) by withEnglishFallback; an id in no catalog is
        // refused by `npm run lint:i18n` before it ships.
        onError: () => {},
      },
      cache,
    );
    intls.set(locale, intl);
  }
  return intl;
}

/** A message's text as written in the language's catalog, unformatted (a template with its own placeholders). */
export function rawMessage(language: string | null | undefined, descriptor: { id: string }): string {
  const locale = isLocale(language) ? language : fallbackLocale;
  return catalogs[locale][descriptor.id] ?? descriptor.id;
}

/** The shipped language an `Accept-Language` header asks for (English when none). */
export const languageOfRequest = (header: string | undefined): Locale => negotiateLocale(header ?? null);

/** A table of messages (plain descriptors, so ones with and without arguments format alike). */
export function defineMessages<K extends string>(messages: Record<K, { id: string }>): Record<K, { id: string }> {
  return messages;
}
