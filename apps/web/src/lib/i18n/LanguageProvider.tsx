import { isLocale, negotiateLocale } from '@fieldplan/shared/i18n';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { createIntl, createIntlCache, type IntlConfig, RawIntlProvider } from 'react-intl';
import { isShownLocale, type Messages, messagesFor, type ShownLocale } from './catalogs';
import { setCurrentIntl } from './current';

/** Languages written right to left: `dir` follows the language, so a later catalog needs no layout work. */
const rightToLeft = new Set(['ar', 'fa', 'he', 'ur']);

/**
 * The language a page shows (docs/adr/0042-languages.md): `?lang=` on the address (a one-off, for
 * screenshots and checks; the only way to the pseudo-locale), else the user's own choice, else the
 * browser's best match among the shipped.
 */
export function chooseLocale(wish: string | null, search = window.location.search): ShownLocale {
  const asked = new URLSearchParams(search).get('lang');
  if (isShownLocale(asked)) return asked;
  // A wish (stored, or the user's on the server) is a shipped language: the pseudo-locale only by address.
  if (isLocale(wish)) return wish;
  return negotiateLocale(navigator.languages);
}

const cache = createIntlCache();
const reported = new Set<string>();
const storageKey = 'fieldplan:language';

/** The language this browser last showed the signed-in user (so a reload doesn't flash another). */
export function storedLanguage(): string | null {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

/** `remember: false`: for this page only (a customer's page following the business's language). */
type SetLanguageFn = (wish: string | null, options?: { remember?: boolean }) => void;
const SetLanguage = createContext<SetLanguageFn>(() => {});

/** Changes the page's language (the user's choice arrived, or they picked another); null: the browser's. */
export const useSetLanguage = () => useContext(SetLanguage);

interface Props {
  /** The language asked for first (the user's, as last known); null: the browser's. */
  wish: string | null;
  /** Told once per message a catalog lacks (the page shows the English text meanwhile). */
  onMissing?: (id: string, locale: string) => void;
  children: ReactNode;
}

/** Gives everything below it the page's language: messages, plurals, `lang` and `dir` on `<html>`. */
export function LanguageProvider({ wish: first, onMissing, children }: Props) {
  const [wish, setWish] = useState(first);
  const changeWish = useCallback<SetLanguageFn>((next, options = {}) => {
    setWish(next);
    if (options.remember === false) return;
    try {
      if (next === null) localStorage.removeItem(storageKey);
      else localStorage.setItem(storageKey, next);
    } catch {
      // Storage refused: the choice holds for this page, and the server keeps the user's own.
    }
  }, []);
  const locale = chooseLocale(wish);
  const [loaded, setLoaded] = useState<{ locale: ShownLocale; messages: Messages } | null>(
    locale === 'en' ? { locale, messages: {} } : null,
  );
  useEffect(() => {
    if (loaded?.locale === locale) return;
    let live = true;
    messagesFor(locale).then(
      (messages) => live && setLoaded({ locale, messages }),
      // A catalog that can't be fetched (offline, a stale deploy): English rather than a blank page.
      () => live && setLoaded({ locale: 'en', messages: {} }),
    );
    return () => {
      live = false;
    };
  }, [locale, loaded?.locale]);

  const intl = useMemo(() => {
    if (!loaded) return null;
    const onError: IntlConfig['onError'] = (error) => {
      if (error.code !== 'MISSING_TRANSLATION') {
        console.error(error);
        return;
      }
      // English is the code's own text; another language without the message shows English, told once.
      if (loaded.locale === 'en') return;
      const id = /"([^"]+)"/.exec(error.message)?.[1] ?? error.message;
      const key = `${loaded.locale}:${id}`;
      if (reported.has(key)) return;
      reported.add(key);
      if (onMissing) onMissing(id, loaded.locale);
      else if (import.meta.env.DEV) console.warn(`No ${loaded.locale} message for ${id}: showing English`);
    };
    return createIntl({ locale: loaded.locale, defaultLocale: 'en', messages: loaded.messages, onError }, cache);
  }, [loaded, onMissing]);

  if (!intl) return null;
  setCurrentIntl(intl);
  const root = document.documentElement;
  root.lang = intl.locale;
  root.dir = rightToLeft.has(intl.locale.split('-')[0] ?? '') ? 'rtl' : 'ltr';
  return (
    <SetLanguage.Provider value={changeWish}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </SetLanguage.Provider>
  );
}
